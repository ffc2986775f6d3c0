//! `--screenshot PATH --frames N`: render N frames, save the window as a PNG
//! and exit (the CI smoke test), and `--frame-stats`: log the average frame
//! time, separately for frames while the AI thinks and idle frames.

use crate::play::ai::Thinking;
use crate::review::game_review::GameReview;
use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Resource, Debug, Clone)]
pub struct ScreenshotPlan {
    pub path: PathBuf,
    pub frames: u32,
}

/// Frame times split by whether a search was running, over the last
/// [`STATS_WINDOW_SECS`] of real time.
#[derive(Resource, Default, Debug)]
pub struct FrameStats {
    idle: (Duration, u32),
    thinking: (Duration, u32),
    /// When the current window began (real time, seconds).
    since: Option<f64>,
}

/// How often `--frame-stats` logs. By time rather than by frames: an idle
/// game draws about a frame a second.
const STATS_WINDOW_SECS: f64 = 10.0;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Last,
        (
            take_screenshot.run_if(resource_exists::<ScreenshotPlan>),
            record_frame_time.run_if(resource_exists::<FrameStats>),
        ),
    );
}

fn take_screenshot(
    mut commands: Commands,
    plan: Res<ScreenshotPlan>,
    frames: Res<FrameCount>,
    review: Option<Res<GameReview>>,
    mut taken: Local<bool>,
) {
    // A review (`--review`) is pictured with its result.
    let reviewing = review.is_some_and(|r| r.is_running());
    if *taken || frames.0 < plan.frames || reviewing {
        return;
    }
    *taken = true;
    info!("saving a screenshot to {}", plan.path.display());
    commands
        .spawn((Name::new("Screenshot"), Screenshot::primary_window()))
        .observe(save_to_disk(plan.path.clone()))
        .observe(exit_after_capture);
}

fn exit_after_capture(
    _: On<ScreenshotCaptured>,
    stats: Option<Res<FrameStats>>,
    mut exit: MessageWriter<AppExit>,
) {
    if let Some(stats) = stats {
        stats.log();
    }
    exit.write(AppExit::Success);
}

fn record_frame_time(
    time: Res<Time<Real>>,
    thinking: Res<Thinking>,
    frames: Res<FrameCount>,
    mut stats: ResMut<FrameStats>,
) {
    // The first frames compile pipelines and upload textures: not typical.
    if frames.0 < 30 {
        return;
    }
    let now = time.elapsed_secs_f64();
    let since = *stats.since.get_or_insert(now);
    let bucket = if thinking.purpose.is_some() {
        &mut stats.thinking
    } else {
        &mut stats.idle
    };
    bucket.0 += time.delta();
    bucket.1 += 1;
    if now - since >= STATS_WINDOW_SECS {
        stats.log();
        *stats = FrameStats {
            since: Some(now),
            ..default()
        };
    }
}

impl FrameStats {
    /// Per kind of frame: the average time from one frame to the next and
    /// how many frames there were. Drawing every frame, the first is the
    /// cost of a frame; waiting for input (reactive), it includes the wait.
    fn log(&self) {
        let average = |(total, n): (Duration, u32)| {
            if n == 0 {
                "no frames".to_string()
            } else {
                format!(
                    "{:.2} ms over {n} frames",
                    total.as_secs_f64() * 1e3 / n as f64
                )
            }
        };
        info!(
            "frame time: idle {} | AI thinking {}",
            average(self.idle),
            average(self.thinking)
        );
    }
}
