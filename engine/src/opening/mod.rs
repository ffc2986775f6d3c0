//! Tournament opening rules: who places the first stones, who may swap
//! colours, and the offered fifth moves.
//!
//! | rule | phases |
//! |---|---|
//! | Free | none: Black simply starts |
//! | Swap | the first player places 2 black + 1 white stone; the second takes Black or stays White |
//! | Swap2 | as Swap, but the second may also add one white and one black stone and hand the colour choice back |
//! | Soosorv-8 | a canonical opening (3 stones); swap?; White's 4th anywhere and N (1-8); swap?; Black offers N fifth moves, no two symmetric; White picks one |
//! | Taraguchi-10 | 1st in the centre, 2nd in the 3×3, 3rd in the 5×5, 4th in the 7×7, each followed by a swap option; then Black either plays the 5th in the 9×9 (with a swap before and after) or offers 10 fifth moves for White to pick from |
//!
//! The players are [`Seat`]s, separate from colours: `First` starts as the
//! tentative Black and every swap exchanges the colours. [`Opening`] is the
//! state machine: [`Opening::phase`] says who acts and what is allowed,
//! [`Opening::apply`] takes an [`Action`] (refusing it with an
//! [`OpeningError`] that says why) and plays the stones on a
//! [`crate::record::Game`], so the moves of the final position are an
//! ordinary game record. [`ai`] plays every phase.

pub mod ai;
pub mod canonical;
mod state;
pub mod symmetry;

pub use state::{Action, Decision, Opening, OpeningError, Phase, Region, Task};

use std::fmt;

/// The opening rule of a game.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum OpeningRule {
    /// No opening phase: Black starts anywhere.
    #[default]
    Free,
    Swap,
    Swap2,
    Soosorv8,
    Taraguchi10,
}

impl OpeningRule {
    pub const ALL: [OpeningRule; 5] = [
        OpeningRule::Free,
        OpeningRule::Swap,
        OpeningRule::Swap2,
        OpeningRule::Soosorv8,
        OpeningRule::Taraguchi10,
    ];

    /// A short lowercase name for files, command lines and translation keys.
    pub fn name(self) -> &'static str {
        match self {
            OpeningRule::Free => "free",
            OpeningRule::Swap => "swap",
            OpeningRule::Swap2 => "swap2",
            OpeningRule::Soosorv8 => "soosorv8",
            OpeningRule::Taraguchi10 => "taraguchi10",
        }
    }

    pub fn from_name(name: &str) -> Option<OpeningRule> {
        let name = name
            .trim()
            .to_ascii_lowercase()
            .replace(['-', '_', ' '], "");
        OpeningRule::ALL.into_iter().find(|r| r.name() == name)
    }

    /// One line for the new-game screen (English; the game translates).
    pub fn description(self) -> &'static str {
        match self {
            OpeningRule::Free => "No opening rule: Black starts anywhere.",
            OpeningRule::Swap => {
                "The first player places two black stones and one white; the other chooses a colour."
            }
            OpeningRule::Swap2 => {
                "As Swap, but the second player may also add two stones and hand the choice back."
            }
            OpeningRule::Soosorv8 => {
                "Renju championships: a canonical opening, swaps, White's 4th and N offered fifth moves."
            }
            OpeningRule::Taraguchi10 => {
                "Stones in growing central squares with a swap after each; then 10 offered fifth moves or a swap."
            }
        }
    }

    /// The smallest board the rule's regions fit on.
    pub fn min_size(self) -> usize {
        match self {
            OpeningRule::Taraguchi10 => 9,
            _ => crate::board::MIN_SIZE,
        }
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OpeningRule::Free => "Free",
            OpeningRule::Swap => "Swap",
            OpeningRule::Swap2 => "Swap2",
            OpeningRule::Soosorv8 => "Soosorv-8",
            OpeningRule::Taraguchi10 => "Taraguchi-10",
        })
    }
}

/// A player, apart from the colour it holds: `First` starts as the
/// tentative Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Seat {
    First,
    Second,
}

impl Seat {
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_accept_common_spellings() {
        for r in OpeningRule::ALL {
            assert_eq!(OpeningRule::from_name(r.name()), Some(r));
            assert_eq!(OpeningRule::from_name(&r.to_string()), Some(r));
        }
        assert_eq!(
            OpeningRule::from_name("Soosorv_8"),
            Some(OpeningRule::Soosorv8)
        );
        assert_eq!(OpeningRule::from_name("rif"), None);
    }
}
