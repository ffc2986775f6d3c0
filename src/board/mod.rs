//! The board on screen: camera fitting, the wood, grid and coordinates
//! (`view`), the stones and their markers (`stones`) and the procedural
//! textures they are drawn with (`textures`). It reads the match and the
//! settings and writes neither.

pub mod opening_marks;
pub mod shown;
pub mod stones;
pub mod textures;
pub mod view;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        textures::plugin,
        view::plugin,
        stones::plugin,
        opening_marks::plugin,
    ));
}
