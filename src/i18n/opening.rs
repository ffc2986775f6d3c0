//! The texts of tournament opening rules (phases, choices, refusals), in English and 简体中文.

/// (key, English, Chinese), as in [`super::STRINGS`].
pub const STRINGS: &[(&str, &str, &str)] = &[];
