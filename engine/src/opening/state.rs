//! The opening state machine: a queue of stages per rule, each done by the
//! holder of a colour (so swaps change who acts), applied to a [`Game`].

use super::symmetry::{self, twin_among};
use super::{OpeningRule, Seat};
use crate::board::{Color, Point};
use crate::record::{Game, MoveError};
use crate::rules;
use std::collections::VecDeque;
use std::fmt;

/// Where a stone may go: anywhere, or the square of `side`×`side` points
/// around the centre of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Region {
    Anywhere,
    Centre(u8),
}

impl Region {
    pub fn contains(self, p: Point, size: usize) -> bool {
        let on_board = (p.x as usize) < size && (p.y as usize) < size;
        match self {
            Region::Anywhere => on_board,
            Region::Centre(side) => {
                let (c, r) = (size / 2, side as usize / 2);
                on_board && (p.x as usize).abs_diff(c) <= r && (p.y as usize).abs_diff(c) <= r
            }
        }
    }

    /// The region's points on a board of `size`, row by row from the top.
    pub fn points(self, size: usize) -> Vec<Point> {
        (0..size)
            .flat_map(|y| (0..size).map(move |x| Point::new(x as u8, y as u8)))
            .filter(|&p| self.contains(p, size))
            .collect()
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Region::Anywhere => write!(f, "anywhere"),
            Region::Centre(1) => write!(f, "the centre point"),
            Region::Centre(side) => write!(f, "the central {side}×{side}"),
        }
    }
}

/// A choice made at a decision point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Decision {
    /// Exchange colours with the other player.
    Swap,
    /// Keep the colours as they are.
    Keep,
    /// Swap2: place one white and one black stone, then the other player
    /// chooses the colour.
    AddTwo,
    /// Taraguchi-10, option 1: the 5th move inside the central 9×9, with a
    /// swap option before and after it.
    FifthInCentre,
    /// Taraguchi-10, option 2: Black offers 10 fifth moves, White picks one.
    TenOffers,
}

impl Decision {
    /// A stable key for translations; Swap and Keep depend on the colour the
    /// deciding player holds (`take-black` / `stay-white`...).
    pub fn key(self, holder: Color) -> &'static str {
        match (self, holder) {
            (Decision::Swap, Color::White) => "take-black",
            (Decision::Swap, Color::Black) => "take-white",
            (Decision::Keep, Color::White) => "stay-white",
            (Decision::Keep, Color::Black) => "stay-black",
            (Decision::AddTwo, _) => "add-two-stones",
            (Decision::FifthInCentre, _) => "fifth-in-centre",
            (Decision::TenOffers, _) => "ten-offers",
        }
    }

    /// The button text (English) for a player holding `holder`.
    pub fn label(self, holder: Color) -> &'static str {
        match (self, holder) {
            (Decision::Swap, Color::White) => "Take Black",
            (Decision::Swap, Color::Black) => "Take White",
            (Decision::Keep, Color::White) => "Stay White",
            (Decision::Keep, Color::Black) => "Stay Black",
            (Decision::AddTwo, _) => "Add two stones",
            (Decision::FifthInCentre, _) => "Play the 5th in the central 9×9",
            (Decision::TenOffers, _) => "Offer 10 fifth moves",
        }
    }
}

/// One step of a player in the opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Put the next stone (its colour follows from the move number).
    Place(Point),
    Decide(Decision),
    /// Soosorv-8: White declares how many fifth moves Black must offer.
    Declare(u8),
    /// Black offers a fifth move (not played yet).
    Offer(Point),
    /// White picks one of the offered fifth moves; it is played.
    Pick(Point),
}

/// What the acting player has to do now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Task {
    /// Place a stone of `color` inside `region`; `left` stones remain in this
    /// step, this one included. `canonical`: the three stones must form one
    /// of the 26 canonical Renju openings (the regions ensure it).
    Place {
        color: Color,
        region: Region,
        left: u8,
        canonical: bool,
    },
    /// Choose one of `options`.
    Decide { options: Vec<Decision> },
    /// Declare the number of fifth moves Black offers, 1 to `max`.
    Declare { max: u8 },
    /// Offer another fifth move for Black: `left` of `total` remain; no two
    /// may be symmetric.
    Offer { left: u8, total: u8 },
    /// Choose one of the offered fifth moves.
    Pick { offers: Vec<Point> },
}

/// Who acts now and what they must do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    pub actor: Seat,
    /// The colour the actor holds at the moment.
    pub actor_color: Color,
    pub task: Task,
}

impl Phase {
    /// A stable key for translations.
    pub fn key(&self) -> &'static str {
        match &self.task {
            Task::Place {
                canonical: true, ..
            } => "opening-place-canonical",
            Task::Place { .. } => "opening-place",
            Task::Decide { .. } => "opening-decide",
            Task::Declare { .. } => "opening-declare",
            Task::Offer { .. } => "opening-offer",
            Task::Pick { .. } => "opening-pick",
        }
    }

    /// What to do, in English, for the phase line of the game screen.
    /// `placed` is the number of stones already on the board.
    pub fn describe(&self, placed: usize) -> String {
        match &self.task {
            Task::Place {
                region,
                canonical: true,
                ..
            } => format!(
                "Place one of the 26 canonical openings: stone {} of 3 ({}) in {region}",
                placed + 1,
                Color::of_ply(placed)
            ),
            Task::Place {
                color,
                region,
                left,
                ..
            } => {
                let where_ = match region {
                    Region::Anywhere => String::new(),
                    r => format!(" inside {r}"),
                };
                if *left == 1 {
                    format!("Place move {} ({color}){where_}", placed + 1)
                } else {
                    let blacks = (placed..placed + *left as usize)
                        .filter(|&n| Color::of_ply(n) == Color::Black)
                        .count();
                    let whites = *left as usize - blacks;
                    format!(
                        "Place {blacks} black and {whites} white stone{}{where_} (next: {color})",
                        if whites == 1 { "" } else { "s" }
                    )
                }
            }
            Task::Decide { options } => options
                .iter()
                .map(|d| d.label(self.actor_color))
                .collect::<Vec<_>>()
                .join(" / "),
            Task::Declare { max } => {
                format!("Declare how many fifth moves Black must offer (1 to {max})")
            }
            Task::Offer { left, total } => format!(
                "Offer {left} more fifth move{} for Black ({total} in all), no two symmetric",
                if *left == 1 { "" } else { "s" }
            ),
            Task::Pick { offers } => {
                format!("Choose one of Black's {} offered fifth moves", offers.len())
            }
        }
    }
}

/// Why an action was refused. The opening and the game are unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningError {
    /// The opening phase is over; moves go to the game.
    Over,
    /// The game's moves no longer match the opening (changed outside it).
    OutOfStep {
        game_moves: usize,
        opening_stones: usize,
    },
    /// The action is not the kind the phase asks for.
    WrongAction {
        expected: &'static str,
        got: &'static str,
    },
    NotAnOption(Decision),
    /// `at` (in `h8` notation) is outside `region`.
    OutsideRegion {
        at: String,
        region: Region,
    },
    BadCount {
        count: u8,
        max: u8,
    },
    AlreadyOffered {
        at: String,
    },
    /// `at` and the earlier offer `twin` are the same move up to a symmetry
    /// of the position.
    Symmetric {
        at: String,
        twin: String,
    },
    NotOffered {
        at: String,
    },
    Illegal(MoveError),
    BoardTooSmall {
        rule: OpeningRule,
        size: usize,
        min: usize,
    },
}

impl OpeningError {
    /// A stable key for translations (the English text is `to_string()`).
    pub fn key(&self) -> &'static str {
        match self {
            OpeningError::Over => "opening-over",
            OpeningError::OutOfStep { .. } => "opening-out-of-step",
            OpeningError::WrongAction { .. } => "opening-wrong-action",
            OpeningError::NotAnOption(_) => "opening-not-an-option",
            OpeningError::OutsideRegion { .. } => "opening-outside-region",
            OpeningError::BadCount { .. } => "opening-bad-count",
            OpeningError::AlreadyOffered { .. } => "opening-already-offered",
            OpeningError::Symmetric { .. } => "opening-symmetric-offer",
            OpeningError::NotOffered { .. } => "opening-not-offered",
            OpeningError::Illegal(_) => "opening-illegal-move",
            OpeningError::BoardTooSmall { .. } => "opening-board-too-small",
        }
    }
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningError::Over => write!(f, "the opening is over"),
            OpeningError::OutOfStep {
                game_moves,
                opening_stones,
            } => write!(
                f,
                "the game has {game_moves} moves but the opening placed {opening_stones}"
            ),
            OpeningError::WrongAction { expected, got } => {
                write!(f, "now is the time for {expected}, not {got}")
            }
            OpeningError::NotAnOption(d) => write!(f, "{d:?} is not one of the choices now"),
            OpeningError::OutsideRegion { at, region } => {
                write!(f, "{at} is outside {region}")
            }
            OpeningError::BadCount { count, max } => {
                write!(f, "the number of offers must be 1 to {max}, not {count}")
            }
            OpeningError::AlreadyOffered { at } => write!(f, "{at} is already offered"),
            OpeningError::Symmetric { at, twin } => write!(
                f,
                "{at} is symmetric to the offered {twin}: both give the same position"
            ),
            OpeningError::NotOffered { at } => write!(f, "{at} is not one of the offered moves"),
            OpeningError::Illegal(e) => write!(f, "{e}"),
            OpeningError::BoardTooSmall { rule, size, min } => write!(
                f,
                "{rule} needs a board of at least {min}x{min}, not {size}x{size}"
            ),
        }
    }
}

impl std::error::Error for OpeningError {}

/// Where a stage's stones may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Area {
    Fixed(Region),
    /// Soosorv's canonical opening: stone n (0-based) in the central
    /// (2n+1)×(2n+1), which gives exactly the 26 openings.
    Canonical,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Place {
        by: Color,
        left: u8,
        area: Area,
    },
    Decide {
        by: Color,
        options: &'static [Decision],
    },
    Declare {
        by: Color,
    },
    Offer {
        by: Color,
    },
    Pick {
        by: Color,
    },
}

// Black is named first in both orders: "Take Black / Stay White",
// "Stay Black / Take White".
const SWAP_OR_KEEP: &[Decision] = &[Decision::Swap, Decision::Keep];
const KEEP_OR_SWAP: &[Decision] = &[Decision::Keep, Decision::Swap];
const SWAP2_CHOICE: &[Decision] = &[Decision::Swap, Decision::Keep, Decision::AddTwo];
const TARAGUCHI_CHOICE: &[Decision] = &[Decision::FifthInCentre, Decision::TenOffers];
/// Soosorv-8's largest N.
pub const SOOSORV_MAX_OFFERS: u8 = 8;
/// Taraguchi-10's second option: the number of fifth moves offered.
pub const TARAGUCHI_OFFERS: u8 = 10;

fn place(by: Color, left: u8, region: Region) -> Stage {
    Stage::Place {
        by,
        left,
        area: Area::Fixed(region),
    }
}

fn swap_option(by: Color) -> Stage {
    let options = match by {
        Color::White => SWAP_OR_KEEP,
        Color::Black => KEEP_OR_SWAP,
    };
    Stage::Decide { by, options }
}

fn stages(rule: OpeningRule) -> Vec<Stage> {
    use Color::{Black, White};
    let anywhere = Region::Anywhere;
    match rule {
        OpeningRule::Free => vec![],
        OpeningRule::Swap => vec![place(Black, 3, anywhere), swap_option(White)],
        OpeningRule::Swap2 => vec![
            place(Black, 3, anywhere),
            Stage::Decide {
                by: White,
                options: SWAP2_CHOICE,
            },
        ],
        OpeningRule::Soosorv8 => vec![
            Stage::Place {
                by: Black,
                left: 3,
                area: Area::Canonical,
            },
            swap_option(White),
            place(White, 1, anywhere),
            Stage::Declare { by: White },
            swap_option(Black),
            Stage::Offer { by: Black },
            Stage::Pick { by: White },
        ],
        OpeningRule::Taraguchi10 => vec![
            place(Black, 1, Region::Centre(1)),
            swap_option(White),
            place(White, 1, Region::Centre(3)),
            swap_option(Black),
            place(Black, 1, Region::Centre(5)),
            swap_option(White),
            place(White, 1, Region::Centre(7)),
            Stage::Decide {
                by: Black,
                options: TARAGUCHI_CHOICE,
            },
        ],
    }
}

/// The opening of one game. See the module docs of [`super`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    rule: OpeningRule,
    size: usize,
    /// Who holds Black now.
    black: Seat,
    stages: VecDeque<Stage>,
    offers: Vec<Point>,
    offer_count: u8,
    /// Stones played through the opening.
    placed: usize,
    actions: Vec<Action>,
    /// Who did each action (the clocks charge its time to them).
    actors: Vec<Seat>,
}

impl Opening {
    /// The opening of a new game on a board of `size`.
    pub fn new(rule: OpeningRule, size: usize) -> Result<Opening, OpeningError> {
        if size < rule.min_size() {
            return Err(OpeningError::BoardTooSmall {
                rule,
                size,
                min: rule.min_size(),
            });
        }
        Ok(Opening {
            rule,
            size,
            black: Seat::First,
            stages: stages(rule).into(),
            offers: Vec::new(),
            offer_count: 0,
            placed: 0,
            actions: Vec::new(),
            actors: Vec::new(),
        })
    }

    /// Replays `actions` from the start on `game`, which must be a new game.
    /// On failure: the index of the refused action and why.
    pub fn replay(
        rule: OpeningRule,
        mut game: Game,
        actions: &[Action],
    ) -> Result<(Opening, Game), (usize, OpeningError)> {
        let mut opening = Opening::new(rule, game.size()).map_err(|e| (0, e))?;
        for (i, &action) in actions.iter().enumerate() {
            opening.apply(&mut game, action).map_err(|e| (i, e))?;
        }
        Ok((opening, game))
    }

    pub fn rule(&self) -> OpeningRule {
        self.rule
    }

    /// Every action so far, in order: the record of the opening.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Who did each action of [`Opening::actions`].
    pub fn actors(&self) -> &[Seat] {
        &self.actors
    }

    pub fn is_done(&self) -> bool {
        self.stages.is_empty()
    }

    /// The seat holding Black now (`First` until an odd number of swaps).
    pub fn black_seat(&self) -> Seat {
        self.black
    }

    pub fn seat_of(&self, color: Color) -> Seat {
        match color {
            Color::Black => self.black,
            Color::White => self.black.other(),
        }
    }

    pub fn color_of(&self, seat: Seat) -> Color {
        if seat == self.black {
            Color::Black
        } else {
            Color::White
        }
    }

    /// How many times the colours were exchanged.
    pub fn swaps(&self) -> usize {
        self.actions
            .iter()
            .filter(|a| **a == Action::Decide(Decision::Swap))
            .count()
    }

    /// The number of fifth moves Black must offer, once declared (Soosorv
    /// N, Taraguchi's 10) and until they are offered; 0 otherwise.
    pub fn declared_offers(&self) -> u8 {
        if self.offers.is_empty() {
            self.offer_count
        } else {
            0
        }
    }

    /// Black's offered fifth moves so far.
    pub fn offers(&self) -> &[Point] {
        &self.offers
    }

    /// The player to act in `game`: the phase's actor during the opening,
    /// then the holder of the colour to move.
    pub fn to_act(&self, game: &Game) -> Seat {
        self.phase()
            .map_or_else(|| self.seat_of(game.to_move()), |p| p.actor)
    }

    /// The current phase; None once the opening is over.
    pub fn phase(&self) -> Option<Phase> {
        let stage = *self.stages.front()?;
        let by = match stage {
            Stage::Place { by, .. }
            | Stage::Decide { by, .. }
            | Stage::Declare { by }
            | Stage::Offer { by }
            | Stage::Pick { by } => by,
        };
        let task = match stage {
            Stage::Place { left, area, .. } => Task::Place {
                color: Color::of_ply(self.placed),
                region: self.region(area),
                left,
                canonical: area == Area::Canonical,
            },
            Stage::Decide { options, .. } => Task::Decide {
                options: options.to_vec(),
            },
            Stage::Declare { .. } => Task::Declare {
                max: SOOSORV_MAX_OFFERS,
            },
            Stage::Offer { .. } => Task::Offer {
                left: self.offer_count - self.offers.len() as u8,
                total: self.offer_count,
            },
            Stage::Pick { .. } => Task::Pick {
                offers: self.offers.clone(),
            },
        };
        Some(Phase {
            actor: self.seat_of(by),
            actor_color: by,
            task,
        })
    }

    fn region(&self, area: Area) -> Region {
        match area {
            Area::Fixed(region) => region,
            Area::Canonical => Region::Centre(2 * self.placed as u8 + 1),
        }
    }

    /// The points a click may use now, for highlighting: free, legal points
    /// of the region when placing, offers that would be accepted when
    /// offering, the offers when picking; empty otherwise.
    pub fn allowed_points(&self, game: &Game) -> Vec<Point> {
        let Some(phase) = self.phase() else {
            return Vec::new();
        };
        let board = game.board();
        let legal = |p: Point, color| rules::check_move(board, game.rule(), color, p).is_ok();
        match phase.task {
            Task::Place { color, region, .. } => region
                .points(self.size)
                .into_iter()
                .filter(|&p| legal(p, color))
                .collect(),
            Task::Offer { .. } => {
                let symmetries = symmetry::of_position(board);
                board
                    .empty_points()
                    .filter(|&p| legal(p, Color::Black))
                    .filter(|&p| twin_among(p, &self.offers, &symmetries, self.size).is_none())
                    .collect()
            }
            Task::Pick { offers } => offers,
            Task::Decide { .. } | Task::Declare { .. } => Vec::new(),
        }
    }

    /// Applies `action` for the actor of the current phase, playing stones
    /// on `game` and leaving a copy of the opening with it (for saving). A
    /// refused action changes nothing.
    pub fn apply(&mut self, game: &mut Game, action: Action) -> Result<(), OpeningError> {
        let stage = *self.stages.front().ok_or(OpeningError::Over)?;
        let actor = self.phase().map(|p| p.actor).ok_or(OpeningError::Over)?;
        if game.moves().len() != self.placed {
            return Err(OpeningError::OutOfStep {
                game_moves: game.moves().len(),
                opening_stones: self.placed,
            });
        }
        let at = |p: Point| p.to_notation(self.size);
        match (stage, action) {
            (Stage::Place { by, left, area }, Action::Place(p)) => {
                let region = self.region(area);
                if !region.contains(p, self.size) {
                    return Err(OpeningError::OutsideRegion { at: at(p), region });
                }
                game.play(p).map_err(OpeningError::Illegal)?;
                self.placed += 1;
                self.stages.pop_front();
                if left > 1 {
                    self.stages.push_front(Stage::Place {
                        by,
                        left: left - 1,
                        area,
                    });
                }
            }
            (Stage::Decide { options, .. }, Action::Decide(d)) => {
                if !options.contains(&d) {
                    return Err(OpeningError::NotAnOption(d));
                }
                self.stages.pop_front();
                self.decide(d);
            }
            (Stage::Declare { .. }, Action::Declare(count)) => {
                if !(1..=SOOSORV_MAX_OFFERS).contains(&count) {
                    return Err(OpeningError::BadCount {
                        count,
                        max: SOOSORV_MAX_OFFERS,
                    });
                }
                self.offer_count = count;
                self.stages.pop_front();
            }
            (Stage::Offer { .. }, Action::Offer(p)) => {
                self.check_offer(game, p)?;
                self.offers.push(p);
                if self.offers.len() == self.offer_count as usize {
                    self.stages.pop_front();
                }
            }
            (Stage::Pick { .. }, Action::Pick(p)) => {
                if !self.offers.contains(&p) {
                    return Err(OpeningError::NotOffered { at: at(p) });
                }
                game.play(p).map_err(OpeningError::Illegal)?;
                self.placed += 1;
                self.stages.pop_front();
            }
            (stage, action) => {
                return Err(OpeningError::WrongAction {
                    expected: stage_wants(stage),
                    got: action_kind(action),
                });
            }
        }
        self.actions.push(action);
        self.actors.push(actor);
        game.set_opening(Some(self.clone()));
        Ok(())
    }

    fn check_offer(&self, game: &Game, p: Point) -> Result<(), OpeningError> {
        let at = |p: Point| p.to_notation(self.size);
        if self.offers.contains(&p) {
            return Err(OpeningError::AlreadyOffered { at: at(p) });
        }
        rules::check_move(game.board(), game.rule(), Color::Black, p)
            .map_err(|e| OpeningError::Illegal(MoveError::Illegal(e)))?;
        let symmetries = symmetry::of_position(game.board());
        if let Some(twin) = twin_among(p, &self.offers, &symmetries, self.size) {
            return Err(OpeningError::Symmetric {
                at: at(p),
                twin: at(twin),
            });
        }
        Ok(())
    }

    fn decide(&mut self, d: Decision) {
        use Color::{Black, White};
        match d {
            Decision::Swap => self.black = self.black.other(),
            Decision::Keep => {}
            Decision::AddTwo => {
                self.stages.push_front(swap_option(Black));
                self.stages.push_front(place(White, 2, Region::Anywhere));
            }
            Decision::FifthInCentre => {
                self.stages.extend([
                    swap_option(White),
                    place(Black, 1, Region::Centre(9)),
                    swap_option(White),
                ]);
            }
            Decision::TenOffers => {
                self.offer_count = TARAGUCHI_OFFERS;
                self.stages
                    .extend([Stage::Offer { by: Black }, Stage::Pick { by: White }]);
            }
        }
    }
}

fn stage_wants(stage: Stage) -> &'static str {
    match stage {
        Stage::Place { .. } => "placing a stone",
        Stage::Decide { .. } => "a choice",
        Stage::Declare { .. } => "declaring the number of offers",
        Stage::Offer { .. } => "offering a fifth move",
        Stage::Pick { .. } => "picking an offered move",
    }
}

fn action_kind(action: Action) -> &'static str {
    match action {
        Action::Place(_) => "placing a stone",
        Action::Decide(_) => "a choice",
        Action::Declare(_) => "declaring the number of offers",
        Action::Offer(_) => "offering a fifth move",
        Action::Pick(_) => "picking an offered move",
    }
}
