//! The texts of tournament opening rules (phases, choices, refusals), in English and 简体中文.
//! Each phase, choice and refusal of the engine's opening has its key
//! here, spelled out in the code that uses it so the key check of the
//! string tables sees every one.

use super::{Language, color_name, t, tf};
use gomoku_engine::opening::{Decision, OpeningError, OpeningRule, Phase, Region, Task};
use gomoku_engine::{Color, Point};

/// (key, English, Chinese), as in [`super::STRINGS`].
pub const STRINGS: &[(&str, &str, &str)] = &[
    // Rules
    ("opening.free", "Free", "自由开局"),
    ("opening.swap", "Swap", "交换"),
    ("opening.swap2", "Swap2", "二次交换 (Swap2)"),
    ("opening.soosorv8", "Soosorv-8", "索索夫-8"),
    ("opening.taraguchi10", "Taraguchi-10", "塔拉古奇-10"),
    (
        "opening.free.about",
        "No opening rule: Black starts anywhere.",
        "没有开局规则：黑方任意落子开始。",
    ),
    (
        "opening.swap.about",
        "The first player places two black stones and one white; the other chooses a colour.",
        "先手摆两黑一白，对方选择执黑或执白。",
    ),
    (
        "opening.swap2.about",
        "As Swap, but the second player may also add two stones and hand the choice back.",
        "同交换，但后手也可再摆一黑一白，把选色权交回先手。",
    ),
    (
        "opening.soosorv8.about",
        "Renju championships: a canonical opening, swaps, White's 4th and N offered fifth moves.",
        "连珠世锦赛规则：标准开局、交换、白方第四手并声明N个第五手打点。",
    ),
    (
        "opening.taraguchi10.about",
        "Stones in growing central squares with a swap after each; then 10 offered fifth moves or a swap.",
        "逐步扩大的中央区域内落子，每手后可交换；之后提供10个第五手或再交换。",
    ),
    ("new.opening", "Opening", "开局规则"),
    // The panel
    ("opening.title", "Opening: {0}", "开局：{0}"),
    ("opening.turn", "{0} acts", "轮到{0}"),
    ("opening.your_turn", "Your turn", "轮到你"),
    ("opening.ai_choosing", "The AI is choosing", "AI 正在选择"),
    (
        "opening.swapped_once",
        "Colours swapped once",
        "已交换颜色一次",
    ),
    (
        "opening.swaps",
        "Colours swapped {0} times",
        "已交换颜色{0}次",
    ),
    ("opening.offered", "Offered: {0}", "已提供：{0}"),
    (
        "opening.pick_hint",
        "Click one of the marked points",
        "请点击标出的点之一",
    ),
    // The record in the replay viewer
    ("opening.seat.first", "First player", "先手方"),
    ("opening.seat.second", "Second player", "后手方"),
    (
        "opening.record.declare",
        "declares {0} fifth moves",
        "声明{0}个第五手",
    ),
    ("opening.record.offer", "offers {0}", "提供{0}"),
    ("opening.record.pick", "picks {0}", "选择{0}"),
    // Regions
    ("opening.anywhere", "anywhere", "任意位置"),
    ("opening.centre_point", "the centre point", "天元"),
    (
        "opening.centre_square",
        "the central {0}×{0}",
        "中央{0}×{0}",
    ),
    ("opening.inside", " inside {0}", "，位于{0}内"),
    // Phases
    (
        "opening.place_canonical",
        "Place one of the 26 canonical openings: stone {0} of 3 ({1}) in {2}",
        "摆出26种标准开局之一：第{0}/3子（{1}），位于{2}",
    ),
    (
        "opening.place_one",
        "Place move {0} ({1}){2}",
        "请下第{0}手（{1}）{2}",
    ),
    (
        "opening.place_many",
        "Place {0} black and {1} white stone{2} — next: {3}",
        "请摆{0}黑{1}白{2}——下一子：{3}",
    ),
    ("opening.decide", "Choose: {0}", "请选择：{0}"),
    (
        "opening.declare_count",
        "Declare how many fifth moves Black must offer (1 to {0})",
        "请声明黑方须提供几个第五手（1至{0}）",
    ),
    (
        "opening.offer",
        "Offer fifth moves for Black: {0} of {1} left, no two symmetric",
        "请为黑方提供第五手：还剩{0}个（共{1}个），不可互相对称",
    ),
    (
        "opening.pick",
        "Choose one of Black's {0} offered fifth moves",
        "请从黑方提供的{0}个第五手中选一个",
    ),
    // Choices
    ("opening.take_black", "Take Black", "执黑"),
    ("opening.take_white", "Take White", "执白"),
    (
        "opening.stay_white",
        "Stay White and play",
        "继续执白并落子",
    ),
    ("opening.stay_black", "Stay Black", "继续执黑"),
    ("opening.add_two", "Add two stones", "再摆两子"),
    (
        "opening.fifth_in_centre",
        "Play the 5th in the central 9×9",
        "在中央9×9内下第五手",
    ),
    (
        "opening.ten_offers",
        "Offer 10 fifth moves",
        "提供10个第五手",
    ),
    // Refusals
    (
        "opening.error.over",
        "The opening is over",
        "开局阶段已结束",
    ),
    (
        "opening.error.out_of_step",
        "The moves no longer match the opening",
        "棋步与开局记录不一致",
    ),
    (
        "opening.error.wrong_action",
        "Not a stone now: {0}",
        "现在不是落子：{0}",
    ),
    (
        "opening.error.not_an_option",
        "That choice is not offered now",
        "现在不能这样选择",
    ),
    (
        "opening.error.outside_region",
        "{0} is outside {1}",
        "{0}不在{1}内",
    ),
    (
        "opening.error.bad_count",
        "The number of offers must be 1 to {0}",
        "提供数量须为1至{0}",
    ),
    (
        "opening.error.already_offered",
        "{0} is already offered",
        "{0}已经提供过了",
    ),
    (
        "opening.error.symmetric",
        "{0} is symmetric to the offered {1}: both give the same position",
        "{0}与已提供的{1}对称：两者局面相同",
    ),
    (
        "opening.error.not_offered",
        "{0} is not one of the offered moves",
        "{0}不是提供的第五手之一",
    ),
    ("opening.error.illegal", "{0}", "{0}"),
    (
        "opening.error.board_too_small",
        "{0} needs a larger board",
        "{0}需要更大的棋盘",
    ),
];

/// The opening rule's name.
pub fn rule_name(lang: Language, rule: OpeningRule) -> &'static str {
    t(lang, rule_key(rule, false))
}

/// One line about the rule, for the new-game screen.
pub fn rule_description(lang: Language, rule: OpeningRule) -> &'static str {
    t(lang, rule_key(rule, true))
}

fn rule_key(rule: OpeningRule, about: bool) -> &'static str {
    match (rule, about) {
        (OpeningRule::Free, false) => "opening.free",
        (OpeningRule::Swap, false) => "opening.swap",
        (OpeningRule::Swap2, false) => "opening.swap2",
        (OpeningRule::Soosorv8, false) => "opening.soosorv8",
        (OpeningRule::Taraguchi10, false) => "opening.taraguchi10",
        (OpeningRule::Free, true) => "opening.free.about",
        (OpeningRule::Swap, true) => "opening.swap.about",
        (OpeningRule::Swap2, true) => "opening.swap2.about",
        (OpeningRule::Soosorv8, true) => "opening.soosorv8.about",
        (OpeningRule::Taraguchi10, true) => "opening.taraguchi10.about",
    }
}

pub fn region_text(lang: Language, region: Region) -> String {
    match region {
        Region::Anywhere => t(lang, "opening.anywhere").to_string(),
        Region::Centre(1) => t(lang, "opening.centre_point").to_string(),
        Region::Centre(side) => tf(lang, "opening.centre_square", &[&side]),
    }
}

/// The button text of a choice for the player holding `holder`.
pub fn decision_text(lang: Language, decision: Decision, holder: Color) -> &'static str {
    let key = match (decision, holder) {
        (Decision::Swap, Color::White) => "opening.take_black",
        (Decision::Swap, Color::Black) => "opening.take_white",
        (Decision::Keep, Color::White) => "opening.stay_white",
        (Decision::Keep, Color::Black) => "opening.stay_black",
        (Decision::AddTwo, _) => "opening.add_two",
        (Decision::FifthInCentre, _) => "opening.fifth_in_centre",
        (Decision::TenOffers, _) => "opening.ten_offers",
    };
    t(lang, key)
}

/// What the phase asks, in words; `placed` stones are on the board.
pub fn phase_text(lang: Language, phase: &Phase, placed: usize) -> String {
    match &phase.task {
        Task::Place {
            region,
            canonical: true,
            ..
        } => tf(
            lang,
            "opening.place_canonical",
            &[
                &(placed + 1),
                &color_name(lang, Color::of_ply(placed)),
                &region_text(lang, *region),
            ],
        ),
        Task::Place {
            color,
            region,
            left,
            ..
        } => {
            let inside = match region {
                Region::Anywhere => String::new(),
                r => tf(lang, "opening.inside", &[&region_text(lang, *r)]),
            };
            if *left == 1 {
                tf(
                    lang,
                    "opening.place_one",
                    &[&(placed + 1), &color_name(lang, *color), &inside],
                )
            } else {
                let blacks = (placed..placed + *left as usize)
                    .filter(|&n| Color::of_ply(n) == Color::Black)
                    .count();
                let whites = *left as usize - blacks;
                tf(
                    lang,
                    "opening.place_many",
                    &[&blacks, &whites, &inside, &color_name(lang, *color)],
                )
            }
        }
        Task::Decide { options } => {
            let labels: Vec<&str> = options
                .iter()
                .map(|&d| decision_text(lang, d, phase.actor_color))
                .collect();
            tf(lang, "opening.decide", &[&labels.join(" / ")])
        }
        Task::Declare { max } => tf(lang, "opening.declare_count", &[max]),
        Task::Offer { left, total } => tf(lang, "opening.offer", &[left, total]),
        Task::Pick { offers } => tf(lang, "opening.pick", &[&offers.len()]),
    }
}

/// Why an opening step was refused, in words; `phase` (the current one,
/// with the stones on the board) says what was asked instead of a
/// misplaced action.
pub fn opening_error_text(
    lang: Language,
    error: &OpeningError,
    phase: Option<(&Phase, usize)>,
) -> String {
    let up = |at: &str| at.to_uppercase();
    match error {
        OpeningError::WrongAction { .. } => {
            let asked = phase.map(|(p, placed)| phase_text(lang, p, placed));
            tf(
                lang,
                "opening.error.wrong_action",
                &[&asked.unwrap_or_default()],
            )
        }
        OpeningError::OutsideRegion { at, region } => tf(
            lang,
            "opening.error.outside_region",
            &[&up(at), &region_text(lang, *region)],
        ),
        OpeningError::BadCount { max, .. } => tf(lang, "opening.error.bad_count", &[max]),
        OpeningError::AlreadyOffered { at } => {
            tf(lang, "opening.error.already_offered", &[&up(at)])
        }
        OpeningError::NotOffered { at } => tf(lang, "opening.error.not_offered", &[&up(at)]),
        OpeningError::Symmetric { at, twin } => {
            tf(lang, "opening.error.symmetric", &[&up(at), &up(twin)])
        }
        OpeningError::Illegal(e) => tf(lang, "opening.error.illegal", &[e]),
        OpeningError::BoardTooSmall { rule, .. } => tf(
            lang,
            "opening.error.board_too_small",
            &[&rule_name(lang, *rule)],
        ),
        OpeningError::Over => t(lang, "opening.error.over").to_string(),
        OpeningError::OutOfStep { .. } => t(lang, "opening.error.out_of_step").to_string(),
        OpeningError::NotAnOption(_) => t(lang, "opening.error.not_an_option").to_string(),
    }
}

/// Points in the board's notation, `H8, J9`.
pub fn points_text(points: &[Point], size: usize) -> String {
    points
        .iter()
        .map(|p| p.to_notation(size).to_uppercase())
        .collect::<Vec<_>>()
        .join(", ")
}
