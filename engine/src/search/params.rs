//! The search's tunable numbers, by name, so that a tuner (or the brain's
//! `INFO param_<name> <value>`) can change them without a rebuild. The
//! defaults are the measured best; every value is an integer (fractions
//! are scaled, e.g. percent).

/// One tunable number: its name and the range a tuner may try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    pub name: &'static str,
    pub min: i32,
    pub max: i32,
}

macro_rules! search_params {
    ($($(#[doc = $doc:literal])* $field:ident: $default:expr, $min:expr, $max:expr;)*) => {
        /// Tunable search parameters; `Default` gives the engine's values.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            $($(#[doc = $doc])* pub $field: i32,)*
        }

        impl Default for SearchParams {
            fn default() -> SearchParams {
                SearchParams { $($field: $default,)* }
            }
        }

        /// Every parameter with its tuning range.
        pub const PARAMS: &[ParamSpec] = &[
            $(ParamSpec { name: stringify!($field), min: $min, max: $max },)*
        ];

        impl SearchParams {
            pub fn get(&self, name: &str) -> Option<i32> {
                match name {
                    $(stringify!($field) => Some(self.$field),)*
                    _ => None,
                }
            }

            /// Sets a parameter, clamped to its range; false for an unknown name.
            pub fn set(&mut self, name: &str, value: i32) -> bool {
                match name {
                    $(stringify!($field) => {
                        self.$field = value.clamp($min, $max);
                        true
                    })*
                    _ => false,
                }
            }
        }
    };
}

search_params! {
    /// Late-move reduction: ln(depth) * ln(move number) * this / 100.
    lmr_percent: 52, 0, 150;
    /// Move-count pruning: non-forcing moves after 3 + depth^1.3 * this / 100
    /// are skipped (0 turns it off).
    move_count_percent: 100, 0, 400;
    /// ... and this percent of that when the evaluation is not improving.
    move_count_not_improving: 67, 30, 100;
    /// Reverse futility: remaining depth up to which it applies (0 = off).
    reverse_futility_depth: 6, 0, 40;
    /// Reverse futility margin per remaining depth.
    reverse_futility_margin: 70, 40, 600;
    /// Razoring: remaining depth up to which it applies (0 = off).
    razor_depth: 2, 0, 4;
    /// Razoring margin: base plus this per depth.
    razor_base: 20, 0, 1500;
    razor_per_depth: 15, 0, 1000;
    /// A four-three whose forced block makes the opponent no four, or a
    /// double three it cannot interrupt, counts as a win without search
    /// (1 = on).
    static_double_win: 1, 0, 1;
    /// Moves that make no two or closed three for either side are skipped
    /// below this remaining depth (0 = off).
    trivial_depth: 0, 0, 6;
    /// Quiescence start: 1 = only fours near our last move, 2 = and only
    /// fours that also make a three or a two (0 = every four).
    quiesce_narrow: 2, 0, 2;
    /// Initial aspiration window half-width.
    aspiration: 54, 10, 400;
    /// Internal iterative reduction: a node without a table move at this
    /// remaining depth or more is searched a ply less deep (0 = off).
    iir_depth: 5, 0, 12;
    /// Null move: at this remaining depth or more (0 = off), a node whose
    /// evaluation is at or above beta and that faces no threat lets the
    /// opponent move twice, searched this many plies less (plus a ply per
    /// four of depth); if we still reach beta, the node is cut. Gomoku has
    /// no zugzwang: a free move never hurts the side that gets it.
    null_move_depth: 0, 0, 12;
    null_move_reduction: 3, 1, 6;
    /// A timed search starts a new depth only while less than this percent
    /// of its time is used. 100: until it must stop, since a cut depth is
    /// not wasted (a move that beat the previous best is played, and the
    /// table keeps the rest for the next move); with a per-move limit, time
    /// not used is lost.
    new_depth_percent: 100, 30, 100;
    /// Full strength looks for its own VCT of up to this many threats at
    /// the root, after the VCF and before the search (0 = off).
    root_vct_threats: 7, 0, 10;
    /// Singular extension: at this remaining depth or more (0 = off), the
    /// table's move, when it failed high at nearly this depth, is searched a
    /// ply deeper if every other move fails low against its score minus
    /// `singular_margin` per depth (searched at half depth without it).
    singular_depth: 6, 0, 12;
    singular_margin: 4, 1, 60;
    /// At a cut node whose evaluation is this much per depth above beta
    /// (0 = off), moves other than fours are searched a ply less deep.
    fail_high_margin: 15, 0, 200;
    /// A PV node whose alpha is raised (short of a win) at a remaining depth
    /// from 3 to below this searches its remaining moves a ply less deep
    /// (0 = off).
    alpha_raise_depth: 12, 0, 40;
}

/// The levels' rule for starting a new depth: only while less than half of
/// the time is used.
const FULL_WIDTH_NEW_DEPTH_PERCENT: i32 = 50;

impl SearchParams {
    /// These parameters with the search's selectivity back where the
    /// depth-limited levels (Novice to Expert) and the opening AI's
    /// judgements were calibrated: no move-count pruning, no singular
    /// extension, no fail-high or alpha-raise reduction, no razoring, no
    /// internal iterative reduction, reverse futility near the leaves only,
    /// the old rule for starting a new depth and no root VCT.
    pub fn full_width(self) -> SearchParams {
        SearchParams {
            move_count_percent: 0,
            iir_depth: 0,
            reverse_futility_depth: 2,
            reverse_futility_margin: 140,
            razor_depth: 0,
            singular_depth: 0,
            fail_high_margin: 0,
            alpha_raise_depth: 0,
            new_depth_percent: FULL_WIDTH_NEW_DEPTH_PERCENT,
            root_vct_threats: 0,
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_parameter_reads_back_what_was_set_within_its_range() {
        let mut p = SearchParams::default();
        for spec in PARAMS {
            let default = p.get(spec.name).unwrap();
            assert!((spec.min..=spec.max).contains(&default), "{}", spec.name);
            assert!(p.set(spec.name, spec.max + 1));
            assert_eq!(p.get(spec.name), Some(spec.max));
            assert!(p.set(spec.name, spec.min));
            assert_eq!(p.get(spec.name), Some(spec.min));
        }
        assert!(!p.set("no_such_param", 1));
        assert_eq!(p.get("no_such_param"), None);
    }
}
