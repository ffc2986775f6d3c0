//! The texts of analysis mode, free exploration and the threat overlay, in English and 简体中文.

/// (key, English, Chinese), as in [`super::STRINGS`].
pub const STRINGS: &[(&str, &str, &str)] = &[];
