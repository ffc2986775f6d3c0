//! egui's fonts and text sizes, set once when its context exists, for
//! every screen (the app may start on any of them, not only the board
//! with its HUD).

use bevy::prelude::*;
use bevy_egui::egui::epaint::text::{FontInsert, FontPriority, InsertFontFamily};
use bevy_egui::egui::{self, FontData, FontFamily};
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .add_systems(EguiPrimaryContextPass, setup_egui);
}

/// The CJK subset (see `scripts/make-font-subset.sh`), compiled in so the
/// Chinese menus work wherever the binary runs.
const CJK_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansSC-subset.otf");

/// Adds the CJK font as the last fallback of both families: Latin text
/// keeps egui's fonts, Chinese characters come from the subset.
pub fn install_fonts(ctx: &egui::Context) {
    ctx.add_font(FontInsert::new(
        "noto-sans-sc-subset",
        FontData::from_static(CJK_FONT),
        vec![
            InsertFontFamily {
                family: FontFamily::Proportional,
                priority: FontPriority::Lowest,
            },
            InsertFontFamily {
                family: FontFamily::Monospace,
                priority: FontPriority::Lowest,
            },
        ],
    ));
}

/// Larger text and roomier buttons than egui's defaults: the game is read
/// from further away than a tool's panel.
fn style(ctx: &egui::Context) {
    ctx.all_styles_mut(|style| {
        style.spacing.item_spacing = egui::vec2(8.0, 6.0);
        style.spacing.button_padding = egui::vec2(10.0, 5.0);
        for (text_style, font) in style.text_styles.iter_mut() {
            font.size = match text_style {
                egui::TextStyle::Heading => 22.0,
                egui::TextStyle::Small => 11.0,
                _ => 15.0,
            };
        }
    });
}

/// The egui context exists from the first pass on, not at Startup.
fn setup_egui(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if !*done {
        let ctx = contexts.ctx_mut()?;
        install_fonts(ctx);
        style(ctx);
        *done = true;
    }
    Ok(())
}
