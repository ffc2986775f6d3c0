//! Starting a LAN game from the command line (`--host`, `--join`, `--code`,
//! `--name`): a game two scripts can set up, e.g. to look at both sides of
//! a game in progress. A host or join that fails is explained on the Host
//! or Join screen, where the player can try again.

use super::screens::{HostDraft, JoinDraft, default_name};
use super::session::Lan;
use crate::play::game::MatchSettings;
use crate::settings::Settings;
use crate::ui_core::Overlay;
use bevy::prelude::*;
use gomoku_engine::Point;
use gomoku_net::{GameSettings, HostConfig, JoinConfig, Timing};
use std::net::SocketAddr;

/// Which end the command line asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LanStart {
    /// Listen here (`0.0.0.0:PORT` for every interface).
    Host(SocketAddr),
    Join(SocketAddr),
}

/// The command line's LAN options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LanOptions {
    pub start: Option<LanStart>,
    /// The host's code (None: a random one); the code to join with.
    pub code: Option<String>,
    /// The player's name (None: the Host screen's default).
    pub name: Option<String>,
}

impl LanOptions {
    /// Whether the options fit together (`moves`: the command line gave
    /// a starting position).
    pub fn check(&self, moves: bool) -> Result<(), String> {
        if let Some(code) = &self.code
            && !(1..=32).contains(&code.chars().count())
        {
            return Err("--code needs 1 to 32 characters".into());
        }
        match &self.start {
            None if self.code.is_some() || self.name.is_some() => {
                Err("--code and --name go with --host or --join".into())
            }
            Some(LanStart::Join(_)) if self.code.is_none() => {
                Err("--join needs --code (ask the host for it)".into())
            }
            Some(LanStart::Join(_)) if moves => {
                Err("--moves is for the host (the joiner takes the host's game)".into())
            }
            _ => Ok(()),
        }
    }

    /// The screen to start on: the host's waiting room or the joiner's
    /// connecting line (the board comes once both sit down).
    pub fn first_screen(&self) -> Option<Overlay> {
        match self.start {
            Some(LanStart::Host(_)) => Some(Overlay::LanHost),
            Some(LanStart::Join(_)) => Some(Overlay::LanJoin),
            None => None,
        }
    }
}

/// Hosts (the game of `game`: rule, opening, the host's colour, and
/// `moves` to go on from) or joins, as the command line says.
pub fn start_with(
    app: &mut App,
    options: &LanOptions,
    game: &MatchSettings,
    moves: &[Point],
    settings: &Settings,
) {
    let Some(start) = &options.start else {
        return;
    };
    let lang = settings.language;
    let name = options
        .name
        .clone()
        .unwrap_or_else(|| default_name(settings));
    match *start {
        LanStart::Host(bind) => {
            let config = HostConfig {
                bind,
                name: name.clone(),
                code: options.code.clone(),
                settings: GameSettings {
                    rule: game.rule,
                    opening: game.opening,
                    host_color: game.human_color,
                    clock: None,
                },
                timing: Timing::default(),
            };
            let mut draft = HostDraft::from_config(&config);
            // Announced like the Host screen's default, unless nobody
            // else could join (a loopback address).
            let announce = (!bind.ip().is_loopback()).then(super::session::broadcast_target);
            match Lan::host_from(config, moves, announce) {
                Ok(lan) => {
                    app.insert_resource(lan);
                }
                Err(e) => {
                    error!("cannot host: {e}");
                    draft.error = Some(super::reasons::cannot_host_text(lang, &e));
                }
            }
            app.insert_resource(draft);
        }
        LanStart::Join(addr) => {
            let code = options.code.clone().unwrap_or_default();
            let mut draft = JoinDraft {
                name: name.clone(),
                address: addr.to_string(),
                code: code.clone(),
                error: None,
            };
            let config = JoinConfig {
                addr,
                name,
                code,
                timing: Timing::default(),
            };
            match Lan::join(config) {
                Ok(lan) => {
                    app.insert_resource(lan);
                }
                Err(e) => {
                    error!("cannot join: {e}");
                    draft.error = Some(e.to_string());
                }
            }
            app.insert_resource(draft);
        }
    }
}
