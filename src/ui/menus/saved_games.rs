//! Load / Replay: the saved games (date, players, rule, result, length),
//! opening any file (the desktop's file dialog, or by path), the recent
//! files, and importing a pasted move string.

use super::Flash;
use super::dialogs::FileDialog;
use crate::i18n::{Language, player_text, result_text, rule_name, t};
use crate::persistence::ListEntry;
use crate::persistence::autosave::GameFiles;
use crate::play::replay::{OpenFile, Replay};
use crate::settings::Settings;
use crate::ui_core::colours::colours;
use crate::ui_core::sections::FileButtons;
use crate::ui_core::widgets;
use crate::ui_core::{Overlay, ReplayReturn};
use bevy::prelude::*;
use bevy_egui::EguiContexts;
use bevy_egui::egui::{self, RichText};
use gomoku_engine::record::formats::Format;

/// The files listed: the player's saves and the archive of finished games.
#[derive(Resource, Default)]
pub(super) struct SavedList {
    saves: Vec<ListEntry>,
    finished: Vec<ListEntry>,
}

/// Text typed into the screen's fields.
#[derive(Default)]
pub(super) struct Fields {
    path: String,
    moves: String,
    /// Showing the archive of finished games instead of the saves.
    finished: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SavedList>()
        .add_systems(OnEnter(Overlay::SavedGames), refresh);
}

fn refresh(files: Res<GameFiles>, mut list: ResMut<SavedList>) {
    let Some(storage) = &files.storage else {
        *list = SavedList::default();
        return;
    };
    list.saves = storage.list_saves();
    list.finished = crate::persistence::list_games(&storage.history_dir());
}

/// A date as the lists show it: `2026-11-30 08:15`.
pub(super) fn short_date(date: &str) -> String {
    date.replacen('T', " ", 1)
        .trim_end_matches('Z')
        .chars()
        .take(16)
        .collect()
}

pub(super) fn show(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    list: Res<SavedList>,
    mut fields: Local<Fields>,
    mut open: MessageWriter<OpenFile>,
    mut dialogs: MessageWriter<FileDialog>,
    mut next: ResMut<NextState<Overlay>>,
    mut flash: ResMut<Flash>,
    time: Res<Time<Real>>,
    mut commands: Commands,
    mut file_buttons: FileButtons,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let mut back = false;
    widgets::screen(ctx, "saved-games", 900.0, |ui| {
        back = widgets::title_bar(ui, lang, t(lang, "load.title"));
        ui.label(t(lang, "load.open_path"));
        ui.horizontal(|ui| {
            let tip = t(lang, "tip.open_path");
            ui.add(egui::TextEdit::singleline(&mut fields.path).desired_width(520.0))
                .on_hover_text(tip);
            let clicked = ui.button(t(lang, "load.open")).on_hover_text(tip).clicked();
            if clicked && !fields.path.trim().is_empty() {
                open.write(OpenFile(fields.path.trim().into()));
            }
            if ui
                .button(t(lang, "dialog.browse"))
                .on_hover_text(t(lang, "dialog.browse_tip"))
                .clicked()
            {
                dialogs.write(FileDialog::Open);
            }
        });
        ui.label(t(lang, "load.paste"));
        ui.horizontal(|ui| {
            let tip = t(lang, "tip.import_moves");
            ui.add(egui::TextEdit::singleline(&mut fields.moves).desired_width(520.0))
                .on_hover_text(tip);
            let clicked = ui
                .button(t(lang, "load.import"))
                .on_hover_text(tip)
                .clicked();
            if clicked && !fields.moves.trim().is_empty() {
                match Format::MoveString.read(
                    fields.moves.trim().as_bytes(),
                    settings.rule,
                    crate::play::game::BOARD_SIZE,
                ) {
                    Ok(record) => {
                        commands.insert_resource(Replay::new(record, t(lang, "load.pasted")));
                        commands.insert_resource(ReplayReturn(Overlay::SavedGames));
                        next.set(Overlay::Replay);
                    }
                    Err(e) => flash.show(
                        format!("{}: {e}", t(lang, "error.open")),
                        true,
                        time.elapsed_secs_f64(),
                    ),
                }
            }
        });
        ui.label(RichText::new(t(lang, "load.drop_hint")).small().weak());
        if !settings.recent_files.is_empty() {
            ui.label(t(lang, "load.recent"));
            ui.horizontal_wrapped(|ui| {
                for path in &settings.recent_files {
                    let name = path.file_name().map_or_else(
                        || path.display().to_string(),
                        |n| n.to_string_lossy().into(),
                    );
                    if ui
                        .button(name)
                        .on_hover_text(path.display().to_string())
                        .clicked()
                    {
                        open.write(OpenFile(path.clone()));
                    }
                }
            });
        }
        ui.separator();
        ui.horizontal(|ui| {
            ui.selectable_value(&mut fields.finished, false, t(lang, "load.tab_saves"))
                .on_hover_text(t(lang, "tip.tab_saves"));
            ui.selectable_value(&mut fields.finished, true, t(lang, "load.tab_finished"))
                .on_hover_text(t(lang, "tip.tab_finished"));
        });
        let entries = if fields.finished {
            &list.finished
        } else {
            &list.saves
        };
        if entries.is_empty() {
            ui.label(t(lang, "load.empty"));
        } else {
            table(ui, lang, entries, &mut open, &mut file_buttons);
        }
    });
    if back {
        next.set(Overlay::Main);
    }
    Ok(())
}

fn table(
    ui: &mut egui::Ui,
    lang: Language,
    entries: &[ListEntry],
    open: &mut MessageWriter<OpenFile>,
    file_buttons: &mut FileButtons,
) {
    egui::Grid::new("saved-games-table")
        .num_columns(7)
        .striped(true)
        .spacing([14.0, 8.0])
        .show(ui, |ui| {
            widgets::header_cells(
                ui,
                lang,
                &[
                    "col.date",
                    "col.black",
                    "col.white",
                    "col.rule",
                    "col.result",
                    "col.moves",
                ],
            );
            ui.label("");
            ui.end_row();
            for s in entries.iter().filter_map(|e| e.as_ref().ok()) {
                ui.label(short_date(&s.date));
                ui.label(player_text(lang, &s.black));
                ui.label(player_text(lang, &s.white));
                ui.label(rule_name(lang, s.rule));
                ui.label(result_text(lang, s.result));
                ui.label(s.moves.to_string());
                ui.horizontal(|ui| {
                    if ui
                        .button(t(lang, "replay.title"))
                        .on_hover_text(t(lang, "tip.replay_file"))
                        .clicked()
                    {
                        open.write(OpenFile(s.path.clone()));
                    }
                    file_buttons.show(ui, lang, &s.path);
                });
                ui.end_row();
            }
        });
    // Files that could not be read, each with the reason, under the table.
    for e in entries.iter().filter_map(|e| e.as_ref().err()) {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("{}:", t(lang, "load.unreadable")))
                    .color(colours(ui.ctx()).warning),
            );
            ui.label(
                RichText::new(e.to_string())
                    .small()
                    .color(colours(ui.ctx()).warning),
            );
        });
    }
}
