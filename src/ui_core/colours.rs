//! The theme's UI colours ([`UiPalette`], chosen in `crate::theme`) put
//! into egui: its dark or light style, and the palette kept in the egui
//! context, where every screen (the HUD, the menus, the features' panels)
//! reads it with [`colours`].

use crate::settings::{Settings, Theme};
use crate::theme::{Palette, UiPalette};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

pub(super) fn plugin(app: &mut App) {
    // In Update, before the egui pass (PostUpdate): the screens drawn in
    // the frame the theme changes already have its colours.
    app.add_systems(Update, follow_theme);
}

/// Where [`apply`] keeps the palette in the egui context.
const PALETTE: &str = "ui-palette";

/// egui's style and the palette the screens read, in `theme`.
pub fn apply(ctx: &egui::Context, theme: Theme) {
    let palette = Palette::of(theme).ui;
    ctx.set_theme(if palette.dark {
        egui::Theme::Dark
    } else {
        egui::Theme::Light
    });
    ctx.all_styles_mut(|style| style.visuals.override_text_color = palette.text);
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(PALETTE), palette));
}

/// The colours of the theme applied last (the default theme's before).
pub fn colours(ctx: &egui::Context) -> UiPalette {
    ctx.data(|d| d.get_temp(egui::Id::new(PALETTE)))
        .unwrap_or_else(|| Palette::of(Theme::default()).ui)
}

fn follow_theme(
    settings: Res<Settings>,
    mut contexts: EguiContexts,
    mut applied: Local<Option<Theme>>,
) -> Result {
    if *applied != Some(settings.theme) {
        apply(contexts.ctx_mut()?, settings.theme);
        *applied = Some(settings.theme);
    }
    Ok(())
}
