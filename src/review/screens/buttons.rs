//! The review's buttons on the other screens: the HUD's game-over box, the
//! replay viewer and each row of the lists of games (registered with
//! `crate::ui_core::sections`, so those screens need not know the review).

use crate::i18n::t;
use crate::play::replay::{OpenFile, Replay};
use crate::review::game_review::{ReviewCommand, ReviewOnOpen};
use crate::settings::Settings;
use crate::ui_core::sections::{AddSections, Slot};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use std::path::PathBuf;

pub(super) fn plugin(app: &mut App) {
    app.add_section(Slot::HudGameOver, review_the_match)
        .add_section(Slot::ReplayActions, review_the_replay)
        .add_file_action("review.start", "review.start_tip", review_the_file);
}

/// Reviews the game on the board (it opens in the replay viewer).
fn review_the_match(
    InMut(ui): InMut<egui::Ui>,
    settings: Res<Settings>,
    mut review: MessageWriter<ReviewCommand>,
) {
    let lang = settings.language;
    if ui
        .button(t(lang, "review.start"))
        .on_hover_text(t(lang, "review.start_tip"))
        .clicked()
    {
        review.write(ReviewCommand::ReviewMatch);
    }
}

/// Reviews the game in the replay viewer.
fn review_the_replay(
    InMut(ui): InMut<egui::Ui>,
    settings: Res<Settings>,
    replay: Option<Res<Replay>>,
    mut review: MessageWriter<ReviewCommand>,
) {
    let lang = settings.language;
    let has_moves = replay.is_some_and(|replay| !replay.is_empty());
    if ui
        .add_enabled(
            has_moves,
            egui::Button::new(RichText::new(t(lang, "review.start")).strong()),
        )
        .on_hover_text(t(lang, "review.start_tip"))
        .clicked()
    {
        review.write(ReviewCommand::ReviewReplay);
    }
}

/// Opens the game file in the replay viewer and reviews it.
fn review_the_file(
    In(path): In<PathBuf>,
    mut open: MessageWriter<OpenFile>,
    mut commands: Commands,
) {
    open.write(OpenFile(path));
    commands.insert_resource(ReviewOnOpen);
}
