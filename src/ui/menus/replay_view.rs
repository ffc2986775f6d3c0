//! The replay viewer: the game's own board at the cursor (the board draws
//! whatever [`BoardSource`] says), and a panel beside it: step
//! back/forward, first/last, autoplay with speed, a slider, a clickable
//! move list, "play from here", and export (clipboard, files).

use super::Flash;
use super::dialogs::FileDialog;
use crate::board::shown::BoardSource;
use crate::board::view::HudInsets;
use crate::i18n::{Language, color_name, player_text, result_text, rule_name, t, tf};
use crate::persistence::{self, autosave, autosave::GameFiles};
use crate::play::AppSystems;
use crate::play::game::notation;
use crate::play::replay::{Replay, ReplayCommand};
use crate::settings::Settings;
use crate::ui_core::sections::{self, Slot, primary_context};
use crate::ui_core::widgets::{replay_keys, side_insets, side_panel_rect, title_bar};
use crate::ui_core::{Overlay, ReplayReturn};
use bevy::ecs::system::{SystemParam, SystemState};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use gomoku_engine::Color as StoneColor;
use gomoku_engine::record::formats::{Format, SavedResult};

/// The viewer's panel, beside the board.
const PANEL_WIDTH: f32 = 380.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_the_cursor
            .in_set(AppSystems::Show)
            .run_if(in_state(Overlay::Replay)),
    )
    .add_systems(OnExit(Overlay::Replay), show_the_game_again);
}

/// The board shows the position at the cursor, in the frame the cursor
/// moves: autoplay steps in real time, on a slow machine every frame, and
/// a board a frame late would never catch up while it plays.
fn show_the_cursor(replay: Option<Res<Replay>>, mut source: ResMut<BoardSource>) {
    if let Some(replay) = replay {
        BoardSource::show(&mut source, replay.position());
    }
}

/// Leaving the viewer, the board shows the game in play again.
fn show_the_game_again(mut source: ResMut<BoardSource>) {
    *source = BoardSource::Live;
}

/// What the side panel asks for.
#[derive(Default)]
struct Actions {
    close: bool,
    branch: bool,
    copy: Option<Format>,
    save: Option<Format>,
    /// Where the cursor goes.
    cursor: Vec<ReplayCommand>,
    /// Save through the desktop's file dialog.
    save_as: bool,
}

/// What the viewer reads and writes besides the replay it shows.
#[derive(SystemParam)]
pub(super) struct Viewer<'w, 's> {
    settings: ResMut<'w, Settings>,
    replay: Res<'w, Replay>,
    cursor: MessageWriter<'w, ReplayCommand>,
    files: Res<'w, GameFiles>,
    dialogs: MessageWriter<'w, FileDialog>,
    next: ResMut<'w, NextState<Overlay>>,
    back: Res<'w, ReplayReturn>,
    flash: ResMut<'w, Flash>,
    time: Res<'w, Time>,
    real: Res<'w, Time<Real>>,
    commands: Commands<'w, 's>,
}

/// An exclusive system: the panel runs the features' sections.
pub(super) fn show(world: &mut World, params: &mut SystemState<Viewer<'static, 'static>>) {
    if !world.contains_resource::<Replay>() {
        // Nothing loaded (e.g. `--screen replay` alone): back to the menu.
        world
            .resource_mut::<NextState<Overlay>>()
            .set(Overlay::Main);
        return;
    }
    let Some(ctx) = primary_context(world) else {
        return;
    };
    let lang = world.resource::<Settings>().language;
    let mut actions = Actions::default();
    replay_keys(&ctx, &mut actions.cursor);
    // The game's own board shows the position at the cursor
    // (`show_the_cursor`); the viewer is a panel beside it, where the HUD
    // usually is.
    let rect = side_panel_rect(&ctx, "replay", PANEL_WIDTH, |ui| {
        panel(ui, world, lang, &mut actions)
    });
    world
        .resource_mut::<HudInsets>()
        .set_if_neq(side_insets(rect));
    if let Ok(mut viewer) = params.get_mut(world) {
        act(&ctx, lang, actions, &mut viewer);
    }
    params.apply(world);
}

/// Carries out what the panel asked for.
fn act(ctx: &egui::Context, lang: Language, mut actions: Actions, viewer: &mut Viewer) {
    let Viewer {
        settings,
        replay,
        cursor,
        files,
        dialogs,
        next,
        back,
        flash,
        time,
        real,
        commands,
    } = viewer;
    cursor.write_batch(actions.cursor.drain(..));
    let now = real.elapsed_secs_f64();
    if let Some(format) = actions.copy {
        ctx.copy_text(replay.export(format));
        flash.show(t(lang, "replay.copied"), false, now);
    }
    if let Some(format) = actions.save {
        match &files.storage {
            Some(storage) => {
                let path =
                    persistence::fresh_name(&storage.saves_dir(), "game", format.extension());
                match persistence::save_file(&path, &replay.record) {
                    Ok(()) => {
                        flash.show(tf(lang, "replay.saved", &[&path.display()]), false, now);
                        settings.remember_file(&path);
                    }
                    Err(e) => flash.show(tf(lang, "replay.save_failed", &[&e]), true, now),
                }
            }
            None => flash.show(t(lang, "settings.not_stored"), true, now),
        }
    }
    if actions.save_as {
        dialogs.write(FileDialog::SaveReplay);
    }
    if actions.branch {
        let settings_of = autosave::settings_of(&replay.record, settings.ai_level);
        let plies = replay.cursor();
        let now = time.elapsed_secs_f64();
        match autosave::start_from_record(commands, &replay.record, plies, settings_of, false, now)
        {
            Ok(()) => next.set(Overlay::None),
            Err(e) => flash.show(e, true, real.elapsed_secs_f64()),
        }
    } else if actions.close {
        cursor.write(ReplayCommand::Stop);
        next.set(back.0);
    }
}

/// The panel, with the features' sections (the review's button, the
/// analysis switches) in their places.
fn panel(ui: &mut egui::Ui, world: &mut World, lang: Language, actions: &mut Actions) {
    cursor_part(ui, lang, world.resource::<Replay>(), actions);
    sections::show(world, Slot::ReplayActions, ui);
    export_part(ui, lang, actions);
    sections::show(world, Slot::ReplayStudy, ui);
    ui.separator();
    let replay = world.resource::<Replay>();
    crate::ui::opening_record::show(ui, lang, &replay.record.game, &mut actions.cursor);
    ui.label(RichText::new(t(lang, "replay.moves")).strong());
    move_list(ui, lang, replay, &mut actions.cursor);
}

/// Who played, where the cursor is, the buttons that move it, "play
/// from here".
fn cursor_part(ui: &mut egui::Ui, lang: Language, replay: &Replay, actions: &mut Actions) {
    actions.close = title_bar(ui, lang, t(lang, "replay.title"));
    ui.label(RichText::new(&replay.source).small().weak());
    let meta = &replay.record.meta;
    let game = &replay.record.game;
    ui.label(format!(
        "{}: {}   {}: {}",
        color_name(lang, StoneColor::Black),
        player_text(lang, &meta.black),
        color_name(lang, StoneColor::White),
        player_text(lang, &meta.white)
    ));
    ui.label(format!(
        "{} · {}",
        rule_name(lang, game.rule()),
        result_text(lang, SavedResult::of(game))
    ));
    ui.separator();
    ui.label(
        RichText::new(tf(
            lang,
            "replay.position",
            &[&replay.cursor(), &replay.len()],
        ))
        .strong(),
    );
    let mut at = replay.cursor();
    let len = replay.len();
    ui.spacing_mut().slider_width = 300.0;
    if ui
        .add(egui::Slider::new(&mut at, 0..=len).show_value(false))
        .on_hover_text(t(lang, "tip.replay_cursor"))
        .changed()
    {
        actions.cursor.push(ReplayCommand::Goto(at));
    }
    ui.horizontal(|ui| {
        let at_start = replay.cursor() == 0;
        let at_end = replay.cursor() == len;
        if ui
            .add_enabled(!at_start, egui::Button::new("⏮"))
            .on_hover_text(t(lang, "replay.first"))
            .clicked()
        {
            actions.cursor.push(ReplayCommand::First);
        }
        if ui
            .add_enabled(!at_start, egui::Button::new("◀"))
            .on_hover_text(t(lang, "replay.prev"))
            .clicked()
        {
            actions.cursor.push(ReplayCommand::Step(-1));
        }
        let play = if replay.playing {
            "replay.pause"
        } else {
            "replay.play"
        };
        if ui.button(t(lang, play)).on_hover_text("Space").clicked() {
            actions.cursor.push(ReplayCommand::TogglePlay);
        }
        if ui
            .add_enabled(!at_end, egui::Button::new("▶"))
            .on_hover_text(t(lang, "replay.next"))
            .clicked()
        {
            actions.cursor.push(ReplayCommand::Step(1));
        }
        if ui
            .add_enabled(!at_end, egui::Button::new("⏭"))
            .on_hover_text(t(lang, "replay.last"))
            .clicked()
        {
            actions.cursor.push(ReplayCommand::Last);
        }
    });
    ui.horizontal(|ui| {
        ui.label(t(lang, "replay.speed"));
        ui.spacing_mut().slider_width = 150.0;
        let mut speed = replay.speed;
        let slider = egui::Slider::new(&mut speed, 0.5..=10.0)
            .logarithmic(true)
            .max_decimals(1);
        let tip = t(lang, "tip.replay_speed");
        if ui.add(slider).on_hover_text(tip).changed() {
            actions.cursor.push(ReplayCommand::Speed(speed));
        }
    });
    ui.label(RichText::new(t(lang, "replay.keys")).small().weak());
    ui.add_space(4.0);
    if ui
        .add_enabled(
            replay.can_branch(),
            egui::Button::new(RichText::new(t(lang, "replay.from_here")).strong()),
        )
        .clicked()
    {
        actions.branch = true;
    }
}

/// Copy and save in the record formats.
fn export_part(ui: &mut egui::Ui, lang: Language, actions: &mut Actions) {
    ui.separator();
    ui.label(RichText::new(t(lang, "replay.export")).strong());
    ui.horizontal_wrapped(|ui| {
        for (format, key) in [
            (Format::MoveString, "replay.copy_moves"),
            (Format::Sgf, "replay.copy_sgf"),
            (Format::Psq, "replay.copy_psq"),
        ] {
            let tip = t(lang, "tip.copy_format");
            if ui.button(t(lang, key)).on_hover_text(tip).clicked() {
                actions.copy = Some(format);
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label(t(lang, "replay.save_as"));
        for format in [Format::Save, Format::Sgf, Format::Psq] {
            if ui
                .button(format!(".{}", format.extension()))
                .on_hover_text(t(lang, "replay.save_tip"))
                .clicked()
            {
                actions.save = Some(format);
            }
        }
        actions.save_as = ui
            .button(t(lang, "dialog.save_as"))
            .on_hover_text(t(lang, "dialog.browse_tip"))
            .clicked();
    });
}

/// Moves in pairs, "12. H8 I9"; a click jumps there.
fn move_list(
    ui: &mut egui::Ui,
    lang: Language,
    replay: &Replay,
    cursor_out: &mut Vec<ReplayCommand>,
) {
    let moves = replay.moves().to_vec();
    let cursor = replay.cursor();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            egui::Grid::new("replay-moves")
                .num_columns(3)
                .spacing([10.0, 2.0])
                .show(ui, |ui| {
                    for (pair, chunk) in moves.chunks(2).enumerate() {
                        ui.label(RichText::new(format!("{}.", pair + 1)).weak().monospace());
                        for (k, &p) in chunk.iter().enumerate() {
                            let ply = pair * 2 + k + 1;
                            let text = RichText::new(notation(p)).monospace();
                            let label = ui.selectable_label(ply == cursor, text);
                            if ply == cursor && replay.playing {
                                // Keep the current move in view while autoplaying.
                                label.scroll_to_me(None);
                            }
                            if label.on_hover_text(t(lang, "tip.goto_move")).clicked() {
                                cursor_out.push(ReplayCommand::Goto(ply));
                            }
                        }
                        ui.end_row();
                    }
                });
        });
}
