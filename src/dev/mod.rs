//! Developer tools: `--screenshot` (the windowed smoke test) and
//! `--frame-stats`.

pub mod screenshot;

pub(super) use screenshot::plugin;
