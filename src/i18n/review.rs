//! The texts of game review and puzzles, in English and 简体中文, and the
//! translations of the engine's `review.*` message keys
//! (`gomoku_engine::analysis::ENGLISH`; the `analysis.*` ones are in
//! `analysis.rs`).

/// (key, English, Chinese), as in [`super::STRINGS`].
pub const STRINGS: &[(&str, &str, &str)] = &[
    // The engine's review messages (same keys and placeholders).
    // "blunders: 1" rather than the engine's "1 blunders".
    ("review.blunders", "blunders: {0}", "{0} 步恶手"),
    ("review.mistakes", "mistakes: {0}", "{0} 步疑问手"),
    (
        "review.missed_win",
        "missed win at move {0}",
        "第 {0} 手错失胜机",
    ),
    ("review.clean", "no mistakes found", "未发现失误"),
    (
        "review.decided_at",
        "The game was decided at move {0}",
        "胜负在第 {0} 手已定",
    ),
    (
        "review.never_decided",
        "The game stayed open to the end",
        "对局直到最后都未分胜负",
    ),
    // The review screen
    ("review.title", "Game review", "对局分析"),
    ("review.start", "Review the game", "分析这盘棋"),
    (
        "review.start_tip",
        "The AI judges every move: blunders, missed wins, where the game was decided",
        "电脑逐手评判：恶手、错失的胜机、胜负已定之处",
    ),
    ("review.this_game", "This game", "本局"),
    (
        "review.running",
        "Reviewing: move {0} of {1}",
        "分析中：第 {0} 手 / 共 {1} 手",
    ),
    ("review.cancel", "Cancel", "取消"),
    ("review.stopping", "Stopping…", "正在停止…"),
    (
        "review.cancelled",
        "The review was cancelled.",
        "分析已取消。",
    ),
    ("review.again", "Review again", "重新分析"),
    (
        "review.graph",
        "Black's win chance after each move (click to go there)",
        "每手之后黑方的胜率（点击跳到该处）",
    ),
    (
        "review.graph_tip",
        "Move {0}: {1} ({2}) · Black {3}%",
        "第 {0} 手：{1}（{2}）· 黑方 {3}%",
    ),
    ("review.legend_blunder", "● ?? blunder", "● ?? 恶手"),
    ("review.legend_mistake", "● ? mistake", "● ? 疑问手"),
    ("review.legend_missed", "○ ★ missed win", "○ ★ 错失胜机"),
    ("review.list_separator", ", ", "，"),
    (
        "review.became_puzzles",
        "Missed wins added to the puzzles: {0}",
        "已将 {0} 处错失的胜机加入习题。",
    ),
    (
        "review.move",
        "Move {0}: {1} ({2})",
        "第 {0} 手：{1}（{2}）",
    ),
    ("review.blunder", "Blunder", "恶手"),
    ("review.mistake", "Mistake", "疑问手"),
    (
        "review.best_was",
        "The AI preferred {0}.",
        "电脑认为 {0} 更好。",
    ),
    (
        "review.missed_vcf",
        "A win by continuous fours (VCF) was missed here.",
        "这里错过了连续冲四（VCF）的胜法。",
    ),
    (
        "review.missed_vct",
        "A forced win (fours and threes) was missed here.",
        "这里错过了必胜手段（冲四、活三）。",
    ),
    ("review.show_win", "Show the win", "显示胜法"),
    (
        "review.show_win_tip",
        "Show the winning moves on the board",
        "在棋盘上显示取胜的着法",
    ),
    ("review.cancel_tip", "Stop the review", "停止分析"),
    (
        "review.win_shown",
        "{0} could win here: {1} (on the board)",
        "{0}此处可以取胜：{1}（见棋盘）",
    ),
    // Puzzles
    ("puzzle.title", "Puzzles", "习题"),
    (
        "puzzle.menu_tip",
        "Find the forced win: from your reviewed games and a built-in set",
        "找出必胜手段：来自你分析过的对局和内置题库",
    ),
    (
        "puzzle.counts",
        "Solved {0} · Failed {1}",
        "解出 {0} · 失败 {1}",
    ),
    (
        "puzzle.task_vcf",
        "{0} to play: win with continuous fours (VCF), {1} moves",
        "{0}先：连续冲四取胜（VCF），{1} 手",
    ),
    (
        "puzzle.task_vct",
        "{0} to play: win with fours and threes (VCT), {1} moves",
        "{0}先：以冲四、活三取胜（VCT），{1} 手",
    ),
    (
        "puzzle.from_game_at",
        "Missed at move {0} of one of your games",
        "你的一盘对局中第 {0} 手错失的胜机",
    ),
    (
        "puzzle.click",
        "Click the board to play; the AI defends.",
        "点击棋盘落子，电脑防守。",
    ),
    ("puzzle.defending", "The AI is defending…", "电脑正在防守…"),
    (
        "puzzle.defended",
        "The AI answered {0}. Your move.",
        "电脑应 {0}。轮到你了。",
    ),
    ("puzzle.refused", "{0} cannot be played.", "{0} 不能落子。"),
    ("puzzle.solved", "Solved!", "解出！"),
    ("puzzle.failed", "Failed", "失败"),
    (
        "puzzle.not_a_threat",
        "That move was no threat this puzzle allows, so the defender is free.",
        "这步不是本题允许的威胁，对方可以自由应对。",
    ),
    (
        "puzzle.win_lost",
        "After the AI's defence no win is left.",
        "电脑防守之后已无胜法。",
    ),
    (
        "puzzle.too_long",
        "Far more moves than the win needs.",
        "手数远超所需。",
    ),
    (
        "puzzle.defender_won",
        "The defender made five.",
        "对方连成了五子。",
    ),
    ("puzzle.retry", "Try again", "再试一次"),
    ("puzzle.show_solution", "Show the solution", "显示答案"),
    ("puzzle.next", "Next puzzle", "下一题"),
    (
        "puzzle.retry_tip",
        "Start this puzzle again from its first position",
        "从第一步重新做这道题",
    ),
    (
        "puzzle.show_solution_tip",
        "Show the solution's moves on the board",
        "在棋盘上显示答案的着法",
    ),
    (
        "puzzle.next_tip",
        "The next puzzle of this list",
        "本列表中的下一题",
    ),
    ("puzzle.solution", "Solution: {0}", "答案：{0}"),
    ("puzzle.own", "From your games ({0})", "来自你的对局（{0}）"),
    (
        "puzzle.own_empty",
        "Review your games: the wins you missed appear here.",
        "分析你的对局：错失的胜机会出现在这里。",
    ),
    ("puzzle.own_row", "Move {0}", "第 {0} 手"),
    ("puzzle.built_in", "Built-in ({0})", "内置（{0}）"),
    ("puzzle.length", "{0} moves", "{0} 手"),
];
