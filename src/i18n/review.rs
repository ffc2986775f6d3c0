//! The texts of game review and puzzles, in English and 简体中文.

/// (key, English, Chinese), as in [`super::STRINGS`].
pub const STRINGS: &[(&str, &str, &str)] = &[];
