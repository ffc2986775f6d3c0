//! The analysis on screen (egui): the panel left of the board (evaluation
//! bar, candidates, how many of them), the exploration's panel where the
//! HUD usually is, the row of switches the HUD and the replay viewer show,
//! and the keys and clicks that drive them.

use super::exploration::{Branch, Exploration, ExploreCommand};
use super::live::LiveAnalysis;
use super::{AnalysisCommand, AnalysisMode, BoardHover, shows_analysis};
use crate::board::shown::BoardSource;
use crate::board::view::{AnalysisInsets, BoardCamera, CornerBottom, HudInsets, world_to_point};
use crate::i18n::{Language, color_name, t, tf};
use crate::input::UiCapture;
use crate::play::game::notation;
use crate::settings::Settings;
use crate::ui_core::colours::colours;
use crate::ui_core::sections::{AddSections, Slot};
use crate::ui_core::{MIN_UI_SIZE, Overlay};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui::{self, Color32, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use gomoku_engine::analysis::{Candidate, Evaluation, MAX_MULTI_PV, Message};
use gomoku_engine::{Color as StoneColor, Game, Point};

const PANEL_WIDTH: f32 = 250.0;
/// The panel's height below the board, in a window too narrow for it
/// beside the board.
const PANEL_HEIGHT_BELOW: f32 = 190.0;
const EXPLORE_PANEL_WIDTH: f32 = 300.0;

/// The candidate whose line the panel's list points at.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct ListHover(pub Option<Point>);

pub(super) fn plugin(app: &mut App) {
    // The board's plugin makes it too; headless tests run this one alone.
    app.init_resource::<AnalysisInsets>()
        .init_resource::<ListHover>()
        .add_systems(
            Update,
            (track_board_pointer, keys, click_to_explore)
                .chain()
                .in_set(crate::play::AppSystems::RecordInput),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                analysis_panel,
                explore_panel.run_if(in_state(Overlay::Explore)),
            ),
        )
        .add_section(Slot::HudControls, game_switches)
        .add_section(Slot::ReplayStudy, study_switches);
}

/// The switches in the HUD, for the game in play.
fn game_switches(
    InMut(ui): InMut<egui::Ui>,
    settings: Res<Settings>,
    mut controls: AnalysisControls,
) {
    controls.row(ui, settings.language, false);
}

/// The switches in the replay viewer.
fn study_switches(
    InMut(ui): InMut<egui::Ui>,
    settings: Res<Settings>,
    mut controls: AnalysisControls,
) {
    controls.row(ui, settings.language, true);
}

/// The analysis switches, for the HUD, the replay viewer and the
/// exploration panel: analysis (A), threats (T) and explore (E).
#[derive(SystemParam)]
pub struct AnalysisControls<'w> {
    mode: Res<'w, AnalysisMode>,
    switches: MessageWriter<'w, AnalysisCommand>,
    explore: MessageWriter<'w, ExploreCommand>,
    exploration: Res<'w, Exploration>,
}

impl AnalysisControls<'_> {
    /// `study`: the board shows a replay or a branch, not the game in play.
    pub fn row(&mut self, ui: &mut egui::Ui, lang: Language, study: bool) {
        let mut analysing = if study {
            self.mode.in_study
        } else {
            self.mode.in_game
        };
        let mut threats = self.mode.threats;
        ui.horizontal_wrapped(|ui| {
            if ui
                .checkbox(&mut analysing, t(lang, "analysis.toggle"))
                .on_hover_text(t(lang, "analysis.toggle_tip"))
                .changed()
            {
                self.switches.write(AnalysisCommand::ToggleAnalysis);
            }
            if ui
                .checkbox(&mut threats, t(lang, "analysis.threats"))
                .on_hover_text(t(lang, "analysis.threats_tip"))
                .changed()
            {
                self.switches.write(AnalysisCommand::ToggleThreats);
            }
            if self.exploration.branch().is_none()
                && ui
                    .button(t(lang, "analysis.explore"))
                    .on_hover_text(t(lang, "analysis.explore_tip"))
                    .clicked()
            {
                self.explore.write(ExploreCommand::Start);
            }
        });
    }
}

/// The engine's text in the player's language.
pub(super) fn engine_text(lang: Language, message: &Message) -> String {
    let args: Vec<&dyn std::fmt::Display> = message
        .args
        .iter()
        .map(|a| a as &dyn std::fmt::Display)
        .collect();
    tf(lang, message.key, &args)
}

/// A candidate's score as the board writes it, for the side to move:
/// its win chance in percent, or W3 / L3 for a win or loss in 3.
pub(super) fn short_score(candidate: &Candidate, to_move: StoneColor) -> String {
    match candidate.evaluation.forced {
        Some((winner, n)) if winner == to_move => format!("W{n}"),
        Some((_, n)) => format!("L{n}"),
        None => format!("{:.0}%", candidate.evaluation.chance(to_move) * 100.0),
    }
}

/// The pointer's intersection, wherever the board is shown and not
/// covered by a panel (the game's own input stops under menus, and the
/// replay viewer and the exploration pause play).
fn track_board_pointer(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    insets: Res<HudInsets>,
    analysis: Res<AnalysisInsets>,
    capture: Res<UiCapture>,
    overlay: Res<State<Overlay>>,
    mut hover: ResMut<BoardHover>,
) {
    let (camera, camera_transform) = *camera;
    let (w, h) = (window.width(), window.height());
    let point = window
        .cursor_position()
        .filter(|_| shows_analysis(*overlay.get()))
        .filter(|_| *overlay.get() != Overlay::None || !capture.pointer)
        .filter(|c| {
            c.x > analysis.left
                && c.x < w - insets.right
                && c.y < h - insets.bottom - analysis.bottom
        })
        .and_then(|c| camera.viewport_to_world_2d(camera_transform, c).ok())
        .and_then(world_to_point);
    if hover.point != point {
        hover.point = point;
    }
}

/// A (analysis), T (threats), E (explore / back to the main line) and, on
/// a branch, Backspace (take back) and R (the AI answers).
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    capture: Res<UiCapture>,
    overlay: Res<State<Overlay>>,
    mut switches: MessageWriter<AnalysisCommand>,
    mut explore: MessageWriter<ExploreCommand>,
) {
    let overlay = *overlay.get();
    // On the board the HUD says when egui has the keyboard; the replay
    // viewer and the exploration have no text fields.
    if !shows_analysis(overlay) || (overlay == Overlay::None && capture.keyboard) {
        return;
    }
    if keys.any_pressed([
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::AltLeft,
        KeyCode::AltRight,
    ]) {
        return;
    }
    if keys.just_pressed(KeyCode::KeyA) {
        switches.write(AnalysisCommand::ToggleAnalysis);
    }
    if keys.just_pressed(KeyCode::KeyT) {
        switches.write(AnalysisCommand::ToggleThreats);
    }
    if keys.just_pressed(KeyCode::KeyE) {
        explore.write(if overlay == Overlay::Explore {
            ExploreCommand::Return
        } else {
            ExploreCommand::Start
        });
    }
    if overlay == Overlay::Explore {
        if keys.just_pressed(KeyCode::Backspace) {
            explore.write(ExploreCommand::Back);
        }
        if keys.just_pressed(KeyCode::KeyR) {
            explore.write(ExploreCommand::Answer);
        }
    }
}

/// A click on the board plays a trial move on the branch.
fn click_to_explore(
    buttons: Res<ButtonInput<MouseButton>>,
    overlay: Res<State<Overlay>>,
    hover: Res<BoardHover>,
    mut explore: MessageWriter<ExploreCommand>,
) {
    if *overlay.get() == Overlay::Explore
        && buttons.just_pressed(MouseButton::Left)
        && let Some(point) = hover.point
    {
        explore.write(ExploreCommand::Play(point));
    }
}

/// The panel left of the board while the analysis is on.
fn analysis_panel(
    mut contexts: EguiContexts,
    overlay: Res<State<Overlay>>,
    mode: Res<AnalysisMode>,
    source: Res<BoardSource>,
    live: Res<LiveAnalysis>,
    settings: Res<Settings>,
    corner: Res<CornerBottom>,
    shown: crate::board::shown::Shown,
    mut switches: MessageWriter<AnalysisCommand>,
    mut list_hover: ResMut<ListHover>,
    hud: Res<HudInsets>,
    mut inset: ResMut<AnalysisInsets>,
) -> Result {
    if !shows_analysis(*overlay.get()) || !mode.analysing(&source) {
        inset.set_if_neq(AnalysisInsets::default());
        list_hover.set_if_neq(ListHover(None));
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    // Beside the board, or below it when that leaves the larger board
    // (a narrow window: the replay viewer's panel and this one would leave
    // a sliver of a board between them).
    let screen = ctx.viewport_rect();
    let mut room = screen;
    room.max -= egui::vec2(hud.right, hud.bottom);
    let (w, h) = (room.width(), room.height());
    // (The HUD's insets are a frame old: a window that just shrank may
    // leave no room at all, where egui's layout would assert.)
    let below = w >= MIN_UI_SIZE
        && h >= PANEL_HEIGHT_BELOW + MIN_UI_SIZE
        && w.min(h - PANEL_HEIGHT_BELOW) > (w - PANEL_WIDTH).min(h);
    let mut root = egui::Ui::new(
        ctx.clone(),
        "analysis-root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(if below { room } else { screen }),
    );
    let mut hovered = None;
    let mut contents = |ui: &mut egui::Ui| {
        let game = shown.game();
        let title = |ui: &mut egui::Ui| {
            let title = RichText::new(t(lang, "analysis.title"));
            ui.heading(title.color(colours(ui.ctx()).accent));
        };
        if game.is_over() {
            title(ui);
            ui.label(t(lang, "analysis.game_over"));
            return;
        }
        let mut summary = |ui: &mut egui::Ui| {
            title(ui);
            eval_bar(ui, lang, live.latest().map(|u| &u.evaluation));
            status_line(ui, lang, &live);
            multi_pv_choice(ui, lang, mode.multi_pv, &mut switches);
        };
        if below {
            ui.add_space(4.0);
            ui.columns(2, |columns| {
                // Left-aligned, not the columns' justified layout (which
                // would stretch the words of a wrapped line).
                let left = egui::Layout::top_down(egui::Align::Min);
                columns[0].with_layout(left, |ui| summary(ui));
                egui::ScrollArea::vertical()
                    .id_salt("analysis-candidates")
                    .show(&mut columns[1], |ui| {
                        ui.with_layout(left, |ui| {
                            hovered = candidate_list(ui, lang, game, live.candidates());
                        })
                    });
            });
        } else {
            summary(ui);
            ui.separator();
            hovered = candidate_list(ui, lang, game, live.candidates());
        }
    };
    let insets = if below {
        let rect = egui::Panel::bottom("analysis-below")
            .resizable(false)
            .exact_size(PANEL_HEIGHT_BELOW)
            .show(&mut root, |ui| contents(ui))
            .response
            .rect;
        AnalysisInsets {
            left: 0.0,
            bottom: rect.height(),
        }
    } else {
        // The menu button (and the clocks) float in the board's top-left
        // corner, over this panel: it starts below their box, as drawn.
        let corner = match *overlay.get() {
            Overlay::None => corner.0,
            _ => 0.0,
        };
        let rect = egui::Panel::left("analysis")
            .resizable(false)
            .exact_size(PANEL_WIDTH)
            .show(&mut root, |ui| {
                ui.add_space(corner + 6.0);
                contents(ui)
            })
            .response
            .rect;
        AnalysisInsets {
            left: rect.width(),
            bottom: 0.0,
        }
    };
    inset.set_if_neq(insets);
    list_hover.set_if_neq(ListHover(hovered));
    Ok(())
}

/// Black's share on the left, White's on the right, and the words.
fn eval_bar(ui: &mut egui::Ui, lang: Language, evaluation: Option<&Evaluation>) {
    let width = ui.available_width();
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 22.0), egui::Sense::hover());
    let black = evaluation.map_or(0.5, |e| e.black) as f32;
    let painter = ui.painter();
    painter.rect_filled(rect, 4.0, Color32::from_rgb(236, 233, 224));
    let split = rect.left() + rect.width() * black;
    if black > 0.0 {
        let left = egui::Rect::from_min_max(rect.min, egui::pos2(split, rect.max.y));
        painter.rect_filled(left, 4.0, Color32::from_rgb(22, 22, 26));
    }
    painter.line_segment(
        [
            egui::pos2(rect.center().x, rect.top()),
            egui::pos2(rect.center().x, rect.bottom()),
        ],
        egui::Stroke::new(1.0, Color32::from_rgb(200, 60, 50)),
    );
    painter.rect_stroke(
        rect,
        4.0,
        egui::Stroke::new(1.0, Color32::GRAY),
        egui::StrokeKind::Inside,
    );
    let text = match evaluation {
        Some(e) => engine_text(lang, &e.label()),
        None => t(lang, "analysis.thinking").to_string(),
    };
    ui.label(RichText::new(text).strong());
}

fn status_line(ui: &mut egui::Ui, lang: Language, live: &LiveAnalysis) {
    let Some(update) = live.latest() else {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(t(lang, "analysis.starting"));
        });
        return;
    };
    let text = tf(
        lang,
        "analysis.depth",
        &[
            &update.result.depth,
            &update.result.nodes,
            &format!("{:.1}", update.elapsed.as_secs_f64()),
        ],
    );
    ui.horizontal(|ui| {
        if live.is_running() {
            ui.spinner();
        }
        ui.label(RichText::new(text).small().weak());
    });
}

fn multi_pv_choice(
    ui: &mut egui::Ui,
    lang: Language,
    current: usize,
    switches: &mut MessageWriter<AnalysisCommand>,
) {
    // Wrapped: below the board the panel's column may be narrower.
    ui.horizontal_wrapped(|ui| {
        ui.label(t(lang, "analysis.lines"))
            .on_hover_text(t(lang, "analysis.lines_tip"));
        for n in 1..=MAX_MULTI_PV {
            let label = ui.selectable_label(n == current, n.to_string());
            if label.on_hover_text(t(lang, "tip.multi_pv")).clicked() && n != current {
                switches.write(AnalysisCommand::MultiPv(n));
            }
        }
    });
}

/// The candidates, best first, with their lines; returns the one the
/// pointer is on.
fn candidate_list(
    ui: &mut egui::Ui,
    lang: Language,
    game: &Game,
    candidates: &[Candidate],
) -> Option<Point> {
    let to_move = game.to_move();
    ui.label(RichText::new(tf(lang, "analysis.best_for", &[&color_name(lang, to_move)])).strong());
    let mut hovered = None;
    for (rank, candidate) in candidates.iter().enumerate() {
        let line: Vec<String> = candidate.pv.iter().take(8).map(|&p| notation(p)).collect();
        let response = ui
            .horizontal(|ui| {
                ui.label(RichText::new(format!("{}.", rank + 1)).monospace().weak());
                ui.label(
                    RichText::new(format!("{:<4}", notation(candidate.point)))
                        .monospace()
                        .strong(),
                );
                ui.label(
                    RichText::new(short_score(candidate, to_move))
                        .monospace()
                        .color(colours(ui.ctx()).accent),
                );
            })
            .response
            .interact(egui::Sense::hover());
        let response = response.on_hover_text(tf(lang, "analysis.line", &[&line.join(" ")]));
        if response.hovered() {
            hovered = Some(candidate.point);
        }
        ui.label(RichText::new(line.join(" ")).small().weak());
    }
    if !candidates.is_empty() {
        ui.label(RichText::new(t(lang, "analysis.hover_tip")).small().weak());
    }
    hovered
}

/// The exploration's panel, where the HUD usually is.
fn explore_panel(
    mut contexts: EguiContexts,
    exploration: Res<Exploration>,
    settings: Res<Settings>,
    mut controls: AnalysisControls,
    mut insets: ResMut<HudInsets>,
) -> Result {
    let Some(branch) = exploration.branch() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "explore-root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let mut commands = Vec::new();
    let rect = egui::Panel::right("explore")
        .resizable(false)
        .exact_size(EXPLORE_PANEL_WIDTH)
        .show(&mut root, |ui| {
            branch_panel(
                ui,
                lang,
                branch,
                exploration.is_waiting_for_answer(),
                &mut commands,
            );
            ui.separator();
            controls.row(ui, lang, true);
        })
        .response
        .rect;
    insets.set_if_neq(HudInsets {
        right: rect.width(),
        bottom: 0.0,
    });
    controls.explore.write_batch(commands);
    Ok(())
}

fn branch_panel(
    ui: &mut egui::Ui,
    lang: Language,
    branch: &Branch,
    answering: bool,
    commands: &mut Vec<ExploreCommand>,
) {
    ui.add_space(6.0);
    ui.heading(RichText::new(t(lang, "analysis.exploring")).color(colours(ui.ctx()).accent));
    let shared = branch.shared();
    ui.label(tf(
        lang,
        "analysis.branch_from",
        &[&shared, &branch.main_line.len()],
    ));
    let game = &branch.game;
    let trial = &game.moves()[shared..];
    ui.separator();
    if trial.is_empty() {
        ui.label(RichText::new(t(lang, "analysis.branch_empty")).weak());
    } else {
        ui.horizontal_wrapped(|ui| {
            for (i, &p) in trial.iter().enumerate() {
                let number = shared + i + 1;
                ui.label(RichText::new(format!("{number}.{}", notation(p))).monospace());
            }
        });
    }
    match game.result() {
        Some(result) => {
            ui.label(
                RichText::new(crate::i18n::game_result_text(lang, result))
                    .strong()
                    .color(colours(ui.ctx()).accent),
            );
        }
        None => {
            ui.label(tf(
                lang,
                "analysis.to_play",
                &[&color_name(lang, game.to_move())],
            ));
        }
    }
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(
                !game.moves().is_empty(),
                egui::Button::new(t(lang, "analysis.back")),
            )
            .on_hover_text("Backspace")
            .clicked()
        {
            commands.push(ExploreCommand::Back);
        }
        let can_answer = !game.is_over() && !answering;
        if ui
            .add_enabled(can_answer, egui::Button::new(t(lang, "analysis.answer")))
            .on_hover_text(format!("R · {}", t(lang, "analysis.answer_tip")))
            .clicked()
        {
            commands.push(ExploreCommand::Answer);
        }
        if answering {
            ui.spinner();
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui
            .button(t(lang, "analysis.save_branch"))
            .on_hover_text(t(lang, "analysis.save_branch_tip"))
            .clicked()
        {
            commands.push(ExploreCommand::Save);
        }
        if ui
            .button(RichText::new(t(lang, "analysis.return")).strong())
            .on_hover_text("E")
            .clicked()
        {
            commands.push(ExploreCommand::Return);
        }
    });
    if let Some(note) = &branch.note {
        let color = if note.error {
            colours(ui.ctx()).warning
        } else {
            ui.visuals().text_color()
        };
        ui.label(RichText::new(&note.text).color(color));
    }
    ui.label(
        RichText::new(t(lang, "analysis.explore_help"))
            .small()
            .weak(),
    );
}
