//! The game record's operations the match, the replay and the save files
//! share: the stones an opening placed, and a game cut back to a ply with
//! its opening's record. Engine types only, no systems.

use gomoku_engine::Game;
use gomoku_engine::opening::{Action, Opening};

/// The stones the opening has put on the board so far.
pub fn stones_placed(opening: &Opening) -> usize {
    opening
        .actions()
        .iter()
        .filter(|a| matches!(a, Action::Place(_) | Action::Pick(_)))
        .count()
}

/// `game` as it was after its first `plies` moves, with its opening's
/// record up to there (every action that leaves at most `plies` stones),
/// and nothing to redo.
pub fn replay_until(game: &Game, plies: usize) -> Result<Game, String> {
    let plies = plies.min(game.moves().len());
    let mut fresh = Game::new(game.rule(), game.size())
        .map_err(|e| e.to_string())?
        .with_policy(game.policy());
    if let Some(opening) = game.opening() {
        let mut replayed =
            Opening::new(opening.rule(), game.size()).map_err(|e| format!("opening: {e}"))?;
        for (i, &action) in opening.actions().iter().enumerate() {
            let places = matches!(action, Action::Place(_) | Action::Pick(_));
            if places && fresh.moves().len() >= plies {
                break;
            }
            replayed
                .apply(&mut fresh, action)
                .map_err(|e| format!("opening action {}: {e}", i + 1))?;
        }
        fresh.set_opening(Some(replayed));
    }
    for (i, &p) in game.moves()[..plies]
        .iter()
        .enumerate()
        .skip(fresh.moves().len())
    {
        fresh
            .play(p)
            .map_err(|e| format!("move {} cannot be played: {e}", i + 1))?;
    }
    Ok(fresh)
}
