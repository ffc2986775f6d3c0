//! The HUD (egui): players and turn, the AI's thinking, buttons for undo,
//! redo, hint, resign and new game (the menus' new-game screen), display
//! toggles and the game-over summary. It sits in a panel on the right (or at the
//! bottom of a tall window) and tells the board view how much room it takes.

use crate::board::view::HudInsets;
use crate::i18n::{Language, color_name, forbidden_name, game_result_text, rule_name, t, tf};
use crate::input::UiCapture;
use crate::play::ai::{HintRequest, Purpose, Thinking};
use crate::play::game::{GameCommand, Match, Mode, Notice, Player, notation};
use crate::settings::Settings;
use crate::ui::menus::NewGameScreen;
use crate::ui::opening_panel::{self, OpeningPanel};
use crate::ui_core::colours::colours;
use crate::ui_core::sections::{self, Slot, primary_context};
use crate::ui_core::widgets::remember_hud_rect;
use crate::ui_core::{MIN_UI_SIZE, Overlay};
use bevy::ecs::system::{SystemParam, SystemState};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::egui::{self, Color32, RichText};
use gomoku_engine::search::Score;
use gomoku_engine::{Color as StoneColor, GameResult, Rule};

pub(super) fn plugin(app: &mut App) {
    // Some screens have their own panel where the HUD would be.
    app.add_systems(
        EguiPrimaryContextPass,
        hud.run_if(|overlay: Res<State<Overlay>>| !overlay.get().has_side_panel()),
    );
}

const PANEL_WIDTH: f32 = 270.0;
/// The HUD's height below the board: fixed, so the board does not jump
/// each time a status line (AI thinking, a notice) comes or goes.
const BOTTOM_PANEL_HEIGHT: f32 = 240.0;
/// How long a notice stays up, in seconds.
const NOTICE_SECS: f64 = 6.0;

/// What the HUD reads and writes, besides egui.
#[derive(SystemParam)]
struct HudState<'w, 's> {
    m: Res<'w, Match>,
    thinking: Res<'w, Thinking>,
    notice: Res<'w, Notice>,
    time: Res<'w, Time>,
    new_game: NewGameScreen<'w>,
    commands: MessageWriter<'w, GameCommand>,
    hints: MessageWriter<'w, HintRequest>,
    settings: ResMut<'w, Settings>,
    opening: OpeningPanel<'w, 's>,
}

impl HudState<'_, '_> {
    fn lang(&self) -> Language {
        self.settings.language
    }
}

/// The HUD's own data, fetched from the world between the features'
/// sections (which the HUD runs: it is an exclusive system).
type Params = SystemState<HudState<'static, 'static>>;

/// The HUD's data, between sections (its resources were checked at the
/// start of the frame's [`hud`], and sections do not remove them).
fn hud_state<'w, 's>(world: &'w mut World, params: &'s mut Params) -> HudState<'w, 's> {
    params
        .get_mut(world)
        .expect("the HUD's resources were there when its frame began")
}

fn hud(world: &mut World, params: &mut Params) {
    if params.get_mut(world).is_err() {
        return;
    }
    let Some(ctx) = primary_context(world) else {
        return;
    };
    let Ok(window) = world
        .query_filtered::<&Window, With<PrimaryWindow>>()
        .single(world)
    else {
        return;
    };
    let (w, h) = (window.width(), window.height());
    // A minimised window (0×0 on some systems), or one the OS let shrink
    // below its minimum size, has no room for the panel: egui asserts on
    // the negative sizes its layout would compute. (egui's screen follows
    // a resize a frame after the window does: ask egui.)
    let screen = ctx.viewport_rect();
    if screen.width() < MIN_UI_SIZE || screen.height() < MIN_UI_SIZE {
        return;
    }
    let mut root = egui::Ui::new(
        ctx.clone(),
        "hud-root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    // The HUD goes beside the board or below it, whichever leaves the
    // larger board.
    let tall = w.min(h - BOTTOM_PANEL_HEIGHT) > (w - PANEL_WIDTH).min(h);
    let panel_rect = if tall {
        egui::Panel::bottom("hud")
            .resizable(false)
            .exact_size(BOTTOM_PANEL_HEIGHT)
            .show(&mut root, |ui| panel(ui, world, params, true))
            .response
            .rect
    } else {
        egui::Panel::right("hud")
            .resizable(false)
            .exact_size(PANEL_WIDTH)
            .show(&mut root, |ui| panel(ui, world, params, false))
            .response
            .rect
    };

    let new_insets = if tall {
        HudInsets {
            right: 0.0,
            bottom: panel_rect.height(),
        }
    } else {
        HudInsets {
            right: panel_rect.width(),
            bottom: 0.0,
        }
    };
    params.apply(world);
    world.resource_mut::<HudInsets>().set_if_neq(new_insets);
    remember_hud_rect(&ctx, panel_rect);
    let pointer = ctx.input(|i| i.pointer.hover_pos());
    let over_window = pointer.is_some_and(|p| {
        panel_rect.contains(p)
            || ctx
                .layer_id_at(p)
                .is_some_and(|l| l.order != egui::Order::Background)
    });
    let mut capture = world.resource_mut::<UiCapture>();
    capture.pointer = over_window || ctx.egui_is_using_pointer();
    // A button clicked in the panel keeps keyboard focus, and Space/Enter
    // would press it again while the player means to place a stone: give
    // focus back to the board once the pointer leaves the HUD.
    if !over_window {
        ctx.memory_mut(|memory| {
            if let Some(id) = memory.focused() {
                memory.surrender_focus(id);
            }
        });
    }
    capture.keyboard = ctx.egui_wants_keyboard_input();
}

fn panel(ui: &mut egui::Ui, world: &mut World, params: &mut Params, compact: bool) {
    ui.add_space(6.0);
    // A feature's status (the network game's) takes a column of its own
    // in the compact layout.
    let feature_status = sections::any_shown(world, Slot::HudStatus);
    if compact {
        let columns = if feature_status { 3 } else { 2 };
        ui.columns(columns, |columns| {
            // The opening's choices can be taller than the bottom panel.
            scrolled(&mut columns[0], "hud-status", |ui| {
                status(ui, world, params)
            });
            controls(&mut columns[1], world, params);
            if feature_status {
                egui::ScrollArea::vertical().show(&mut columns[2], |ui| {
                    sections::show(world, Slot::HudStatus, ui);
                });
            }
        });
    } else {
        // In a small window the controls at the bottom would be cut off.
        scrolled(ui, "hud-side", |ui| {
            side_panel(ui, world, params, feature_status)
        });
    }
    ui.add_space(4.0);
}

/// A vertical scroll area with a thin bar that shows whenever the content
/// is taller than the room (egui's default floating bar appears only under
/// the pointer, and nothing would tell that more is below).
fn scrolled(ui: &mut egui::Ui, id: &str, add: impl FnOnce(&mut egui::Ui)) {
    ui.spacing_mut().scroll = egui::style::ScrollStyle::thin();
    // Left-aligned, not the columns' justified layout (which would stretch
    // the words of a wrapped line).
    egui::ScrollArea::vertical().id_salt(id).show(ui, |ui| {
        ui.with_layout(egui::Layout::top_down(egui::Align::Min), add)
    });
}

fn side_panel(ui: &mut egui::Ui, world: &mut World, params: &mut Params, feature_status: bool) {
    let state = hud_state(world, params);
    let lang = state.lang();
    ui.heading(RichText::new(t(lang, "app.title")).color(colours(ui.ctx()).accent));
    ui.label(RichText::new(rule_name(lang, state.m.game().rule())).weak());
    ui.separator();
    status(ui, world, params);
    ui.separator();
    if feature_status {
        sections::show(world, Slot::HudStatus, ui);
        ui.separator();
    }
    controls(ui, world, params);
}

/// Players, turn, move number, thinking indicator, notices, game over.
fn status(ui: &mut egui::Ui, world: &mut World, params: &mut Params) {
    let over = players_and_turn(ui, &mut hud_state(world, params));
    if let Some((result, now)) = over {
        game_over(ui, world, params, result, now);
    }
}

/// The status above the game-over box; returns the result, if the game
/// is over, and the time now.
fn players_and_turn(ui: &mut egui::Ui, state: &mut HudState) -> Option<(GameResult, f64)> {
    let lang = state.lang();
    let m = &*state.m;
    let game = m.game();
    let over = game.is_over();
    for color in [StoneColor::Black, StoneColor::White] {
        let to_move = !over && m.acting_color() == color;
        ui.horizontal(|ui| {
            stone_icon(ui, color, to_move);
            let who = m.shown_name(lang, color);
            let text = RichText::new(tf(lang, "hud.side", &[&color_name(lang, color), &who]));
            ui.label(if to_move {
                text.strong().color(colours(ui.ctx()).accent)
            } else {
                text
            });
        });
    }
    let moves = game.moves().len();
    let last = game
        .last_move()
        .map(|p| format!(" · {}", tf(lang, "hud.last", &[&notation(p)])))
        .unwrap_or_default();
    if !over {
        let clock = clock_text(m.duration(state.time.elapsed_secs_f64()));
        let number = tf(lang, "hud.move", &[&(moves + 1)]);
        ui.label(format!("{number}{last} · {clock}"));
    }
    opening_panel::show(
        ui,
        lang,
        m,
        &mut state.opening,
        state.time.elapsed_secs_f64(),
    );
    thinking_line(ui, lang, &state.thinking, m, state.time.elapsed_secs_f64());
    let now = state.time.elapsed_secs_f64();
    let notice = &state.notice;
    if !notice.text.is_empty() && now - notice.at < NOTICE_SECS && !over {
        let color = if notice.warning {
            colours(ui.ctx()).warning
        } else {
            ui.visuals().text_color()
        };
        ui.label(RichText::new(&notice.text).color(color));
    }
    game.result().map(|result| (result.clone(), now))
}

fn stone_icon(ui: &mut egui::Ui, color: StoneColor, highlighted: bool) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
    let painter = ui.painter();
    if highlighted {
        painter.circle_stroke(
            rect.center(),
            8.5,
            egui::Stroke::new(2.0, colours(ui.ctx()).accent),
        );
    }
    let fill = match color {
        StoneColor::Black => Color32::from_rgb(20, 20, 24),
        StoneColor::White => Color32::from_rgb(240, 238, 232),
    };
    painter.circle_filled(rect.center(), 6.5, fill);
    painter.circle_stroke(rect.center(), 6.5, egui::Stroke::new(1.0, Color32::GRAY));
}

fn thinking_line(ui: &mut egui::Ui, lang: Language, thinking: &Thinking, m: &Match, now: f64) {
    let Some(purpose) = thinking.purpose else {
        // Between moves: what the AI thought of its last move.
        if let Some((info, generation)) = &thinking.last_move
            && *generation == m.generation()
            && let Some(best) = info.best
        {
            ui.label(
                RichText::new(tf(
                    lang,
                    "hud.ai_played",
                    &[
                        &notation(best),
                        &info.depth,
                        &score_text(lang, info.score),
                        // The score is the mover's view; the mover is the
                        // side that is no longer to move.
                        &color_name(lang, m.game().to_move().opponent()),
                    ],
                ))
                .small()
                .weak(),
            );
        }
        return;
    };
    ui.horizontal(|ui| {
        ui.spinner();
        let what = t(
            lang,
            match purpose {
                Purpose::Move => "hud.ai_thinking",
                Purpose::Hint => "hud.finding_hint",
            },
        );
        ui.label(format!("{what}… {:.1} s", now - thinking.since));
    });
    if let Some(info) = &thinking.latest {
        ui.label(
            RichText::new(tf(
                lang,
                "hud.search",
                &[
                    &info.depth,
                    &score_text(lang, info.score),
                    &si(info.nodes_per_second()),
                ],
            ))
            .small()
            .weak(),
        );
    }
}

/// Seconds as `m:ss`.
fn clock_text(seconds: f64) -> String {
    let secs = seconds.max(0.0) as u64;
    format!("{}:{:02}", secs / 60, secs % 60)
}

fn score_text(lang: Language, score: Score) -> String {
    match score {
        Score::Eval(v) => tf(lang, "hud.eval", &[&format!("{v:+}")]),
        Score::WinIn(n) => tf(lang, "hud.wins_in", &[&n]),
        Score::LossIn(n) => tf(lang, "hud.loses_in", &[&n]),
    }
}

/// 12345678 → "12.3M".
fn si(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

fn game_over(
    ui: &mut egui::Ui,
    world: &mut World,
    params: &mut Params,
    result: GameResult,
    now: f64,
) {
    egui::Frame::group(ui.style())
        .fill(colours(ui.ctx()).result_fill)
        .stroke(egui::Stroke::new(1.5, colours(ui.ctx()).accent))
        .show(ui, |ui| {
            let state = hud_state(world, params);
            let lang = state.lang();
            let m = &*state.m;
            let headline = match (m.settings().mode, result.winner()) {
                (Mode::HumanVsAi | Mode::Network, Some(w)) if m.player(w) == Player::Human => {
                    "hud.you_win"
                }
                (Mode::HumanVsAi, Some(_)) => "hud.ai_wins",
                _ => "hud.game_over",
            };
            ui.label(
                RichText::new(t(lang, headline))
                    .strong()
                    .size(18.0)
                    .color(colours(ui.ctx()).accent),
            );
            ui.label(RichText::new(game_result_text(lang, &result)).strong());
            match &result {
                GameResult::Five { line, .. } => {
                    let points = line.points();
                    if let (Some(a), Some(b)) = (points.first(), points.last()) {
                        ui.label(tf(
                            lang,
                            "hud.winning_line",
                            &[&notation(*a), &notation(*b)],
                        ));
                    }
                }
                GameResult::Forbidden { point, why } => {
                    let kind = forbidden_name(lang, why.kind);
                    ui.label(tf(lang, "hud.forbidden_was", &[&notation(*point), &kind]));
                }
                _ => {}
            }
            ui.label(tf(
                lang,
                "hud.summary",
                &[
                    &m.game().moves().len(),
                    &m.undos(),
                    &clock_text(m.duration(now)),
                ],
            ));
            // In a row, so the button keeps its own width in the compact
            // layout's justified columns too.
            let new_game = ui.horizontal(|ui| {
                let clicked = ui
                    .button(t(lang, "hud.new_game"))
                    .on_hover_text("Ctrl+N")
                    .clicked();
                sections::show(world, Slot::HudGameOver, ui);
                clicked
            });
            if new_game.inner {
                hud_state(world, params).new_game.open_from_board();
            }
        });
}

/// The game's buttons, the display toggles and the features' controls.
fn controls(ui: &mut egui::Ui, world: &mut World, params: &mut Params) {
    game_controls(ui, &mut hud_state(world, params));
    sections::show(world, Slot::HudControls, ui);
    let lang = hud_state(world, params).lang();
    ui.label(RichText::new(t(lang, "hud.play_hint")).small().weak());
}

fn game_controls(ui: &mut egui::Ui, state: &mut HudState) {
    let lang = state.lang();
    let m = &*state.m;
    let playing = !m.game().is_over();
    let human_turn = m.human_to_move();
    let mut command = None;
    ui.horizontal_wrapped(|ui| {
        if button(ui, m.plies_to_undo() > 0, t(lang, "hud.undo"), "Ctrl+Z").clicked() {
            command = Some(GameCommand::Undo);
        }
        if button(ui, m.plies_to_redo() > 0, t(lang, "hud.redo"), "Ctrl+Y").clicked() {
            command = Some(GameCommand::Redo);
        }
        // No hints for the opening's phases (the search answers moves).
        let hint = human_turn && !m.in_opening();
        if button(ui, hint, t(lang, "hud.hint"), "H").clicked() {
            state.hints.write(HintRequest);
        }
        let can_resign = playing && m.settings().mode != Mode::AiVsAi;
        if button(
            ui,
            can_resign,
            t(lang, "hud.resign"),
            t(lang, "hud.resign_tip"),
        )
        .clicked()
        {
            command = Some(GameCommand::Resign);
        }
        if button(ui, true, t(lang, "hud.new_game"), "Ctrl+N").clicked() {
            state.new_game.open_from_board();
        }
    });
    if let Some(command) = command {
        state.commands.write(command);
    }
    ui.add_space(4.0);
    // Edit copies and write back only real changes: a mutable borrow of
    // the settings every frame would mark them changed every frame.
    let s = &*state.settings;
    let mut toggles = [s.coordinates, s.move_numbers, s.forbidden_marks, s.muted];
    let [coordinates, move_numbers, forbidden_marks, muted] = &mut toggles;
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(coordinates, t(lang, "hud.coordinates"))
            .on_hover_text("C");
        ui.checkbox(move_numbers, t(lang, "hud.move_numbers"))
            .on_hover_text("N");
        if m.game().rule() == Rule::Renju {
            ui.checkbox(forbidden_marks, t(lang, "hud.forbidden_points"))
                .on_hover_text("F");
        }
        ui.checkbox(muted, t(lang, "hud.mute")).on_hover_text("M");
    });
    if toggles != [s.coordinates, s.move_numbers, s.forbidden_marks, s.muted] {
        let s = &mut *state.settings;
        [s.coordinates, s.move_numbers, s.forbidden_marks, s.muted] = toggles;
    }
}

/// A button with its key or what it does as a tooltip (also while it is
/// disabled).
fn button(ui: &mut egui::Ui, enabled: bool, label: &str, help: &str) -> egui::Response {
    ui.add_enabled(enabled, egui::Button::new(label))
        .on_hover_text(help)
        .on_disabled_hover_text(help)
}
