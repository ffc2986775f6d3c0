//! The network reader's fuzz check, shared by the `net` fuzz target and
//! `net/tests/fuzz_corpus.rs` (which includes this file by path).
//!
//! The input is what a peer sends: lines read as the link reads them, each
//! decoded; messages that change the game are applied to a [`NetGame`] the
//! way a link applies them, after its checks. Bad input must be an error,
//! never a panic; a decoded message must encode and decode to itself; the
//! game must always be rebuildable from the `sync` a host would send of it.

use gomoku_engine::opening::OpeningRule;
use gomoku_net::message::{decode, encode};
use gomoku_net::wire::{Line, read_line};
use gomoku_net::{Ending, GameSettings, Message, NetGame};
use std::io::Cursor;

pub fn net(data: &[u8]) {
    let mut reader = Cursor::new(data);
    let mut game = NetGame::new(GameSettings::default());
    while let Ok(Line::Text(line)) = read_line(&mut reader) {
        let Ok(message) = decode(&line) else {
            continue;
        };
        let wire = encode(&message);
        let again = decode(wire.trim_end_matches('\n').as_bytes());
        assert_eq!(again.as_ref(), Ok(&message), "{wire}");
        apply(&mut game, message);
        let rebuilt = NetGame::from_sync(
            game.settings.clone(),
            &game.move_string(),
            game.ending(),
            &game.opening_steps(),
        )
        .unwrap_or_else(|e| panic!("the game's own sync is refused: {e}"));
        assert_eq!(rebuilt.game().moves(), game.game().moves());
    }
}

/// What a link does with a peer's message, checks first. The peer is
/// taken to be whoever is to act, so that the checks past "not your
/// turn" are reached.
fn apply(game: &mut NetGame, message: Message) {
    let mover = game.game().to_move();
    match message {
        Message::Welcome { rule, opening, .. } => {
            if let Some(opening) = OpeningRule::from_name(&opening) {
                *game = NetGame::new(GameSettings {
                    rule,
                    opening,
                    ..GameSettings::default()
                });
            }
        }
        Message::Sync {
            moves,
            ended,
            opening,
        } => {
            let settings = game.settings.clone();
            if let Ok(synced) = NetGame::from_sync(settings, &moves, ended, &opening) {
                *game = synced;
            }
        }
        Message::OpeningStep { number, step } => {
            let actor = game.to_act();
            let _ = game.opening_step(number, step, actor);
        }
        Message::Move { number, at } => {
            if let Ok(point) = game.check_move(number, &at, mover) {
                game.play(point);
            }
        }
        Message::UndoReply { accept: true, .. } => {
            if let Some(keep) = game.undo_target(mover.opponent()) {
                game.undo_to(keep);
            }
        }
        Message::DrawReply { accept: true } => game.agree_draw(),
        Message::Resign if !game.is_over() => game.resign(mover),
        Message::GameOver { ended } if !game.is_over() => match ended {
            Ending::Resigned { loser } => game.resign(loser),
            Ending::Timeout { loser } => game.time_out(loser),
            Ending::AgreedDraw => game.agree_draw(),
        },
        _ => {}
    }
}
