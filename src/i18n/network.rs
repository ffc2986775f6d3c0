//! The texts of network play (LAN host/join, the link's prompts and chat), in English and 简体中文.

/// (key, English, Chinese), as in [`super::STRINGS`].
pub const STRINGS: &[(&str, &str, &str)] = &[];
