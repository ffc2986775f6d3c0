//! The texts of analysis mode, free exploration and the threat overlay, in English and 简体中文.

/// (key, English, Chinese), as in [`super::STRINGS`]. The first three are
/// the engine's (`gomoku_engine::analysis::ENGLISH`), with its English.
pub const STRINGS: &[(&str, &str, &str)] = &[
    (
        "analysis.black_wins_in",
        "Black wins in {0}",
        "黑棋 {0} 步胜",
    ),
    (
        "analysis.white_wins_in",
        "White wins in {0}",
        "白棋 {0} 步胜",
    ),
    (
        "analysis.chances",
        "Black {0}% · White {1}%",
        "黑 {0}% · 白 {1}%",
    ),
    ("analysis.title", "Analysis", "分析"),
    ("analysis.toggle", "Analysis", "分析"),
    (
        "analysis.toggle_tip",
        "A: the engine evaluates the position and shows its best moves (in a game against the AI, the game counts as assisted)",
        "A：引擎评估局面并显示最佳着法（与电脑对局时，该局记为“辅助”）",
    ),
    ("analysis.threats", "Threats", "威胁"),
    (
        "analysis.threats_tip",
        "T: marks both sides' threats — 5 five, 4 straight four, 43 four-three, 33 double three — and Black's forbidden points (red: 33, 44, 6+ overline) with their lines",
        "T：标出双方威胁——5 成五、4 活四、43 四三、33 双三——以及黑棋禁手（红色：33 三三、44 四四、6+ 长连）及其连线",
    ),
    ("analysis.explore", "Explore", "试下"),
    (
        "analysis.explore_tip",
        "E: try moves on a branch from this position; the game stays as it is",
        "E：从此局面开始试下变化；原棋局保持不变",
    ),
    ("analysis.game_over", "The game is over.", "对局已结束。"),
    ("analysis.thinking", "Thinking…", "思考中…"),
    (
        "analysis.starting",
        "Starting the analysis…",
        "正在开始分析…",
    ),
    (
        "analysis.depth",
        "depth {0} · {1} nodes · {2} s",
        "深度 {0} · {1} 节点 · {2} 秒",
    ),
    ("analysis.lines", "Lines:", "候选数："),
    (
        "analysis.lines_tip",
        "How many candidate moves to show",
        "显示多少个候选着法",
    ),
    ("analysis.best_for", "Best moves for {0}", "{0}的最佳着法"),
    ("analysis.line", "Expected line: {0}", "预期变化：{0}"),
    (
        "analysis.hover_tip",
        "Point at a candidate to see its line on the board. W3: wins in 3, L3: loses in 3.",
        "指向候选点可在棋盘上查看其变化。W3：3 步胜，L3：3 步负。",
    ),
    ("analysis.exploring", "Exploring", "试下"),
    (
        "analysis.branch_from",
        "A branch from move {0} of {1}",
        "从第 {0} 手（共 {1} 手）开始的变化",
    ),
    (
        "analysis.branch_empty",
        "Click on the board to try a move.",
        "点击棋盘试下一手。",
    ),
    ("analysis.to_play", "{0} to play", "轮到{0}"),
    ("analysis.back", "Take back", "退一步"),
    ("analysis.answer", "AI answers", "电脑应对"),
    (
        "analysis.answer_tip",
        "the AI plays the side to move (about a second of thought)",
        "电脑为轮到的一方落子（约思考一秒）",
    ),
    ("analysis.save_branch", "Save as a new game", "另存为新棋局"),
    (
        "analysis.save_branch_tip",
        "The branch, with the moves before it, goes to your saved games",
        "此变化（连同之前的着法）保存到已存棋局",
    ),
    ("analysis.return", "Back to the main line", "回到主线"),
    (
        "analysis.explore_help",
        "Nothing here changes the game: the clocks and the AI wait.",
        "这里的一切都不会改变原棋局：计时和电脑都会等待。",
    ),
    ("analysis.branch_saved", "Saved as {0}", "已保存为 {0}"),
    (
        "analysis.branch_save_failed",
        "The branch was not saved: {0}",
        "变化未能保存：{0}",
    ),
    ("analysis.assisted", "assisted", "辅助"),
    (
        "analysis.assisted_tip",
        "Played with the engine's analysis, threats or exploration on",
        "对局中使用了引擎分析、威胁提示或试下",
    ),
    (
        "analysis.stats_assisted",
        "{0} assisted games are listed below but not counted above",
        "另有 {0} 局辅助对局列在下方，但不计入上表",
    ),
    ("analysis.key_analysis", "Analysis on / off", "分析开关"),
    (
        "analysis.key_threats",
        "Threat overlay on / off",
        "威胁提示开关",
    ),
    (
        "analysis.key_explore",
        "Explore a branch / back to the main line",
        "试下变化 / 回到主线",
    ),
    (
        "analysis.key_branch",
        "On a branch: take back, the AI answers",
        "试下时：退一步、电脑应对",
    ),
];
