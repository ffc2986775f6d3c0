//! Every string the menus show, in English and 简体中文, looked up by key.
//!
//! The general strings are here; each feature with many texts keeps its
//! own table in a file beside this one (network play, opening rules,
//! analysis, review), so features are written without touching one shared list.
//!
//! `scripts/make-font-subset.sh` reads these files to find the Chinese
//! characters the UI uses and builds the CJK font subset from them, so a
//! new Chinese string needs the script to be run again (the test
//! `every_chinese_character_is_in_the_font` in `tests/persistence.rs`
//! says so when it is forgotten).

mod analysis;
mod network;
pub mod opening;
mod review;
mod tips;

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::OnceLock;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    #[default]
    English,
    Chinese,
}

impl Language {
    pub const ALL: [Language; 2] = [Language::English, Language::Chinese];

    /// The language's own name, as the language picker shows it.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Chinese => "简体中文",
        }
    }

    /// `en` / `zh` as on the command line.
    pub fn from_code(code: &str) -> Option<Language> {
        match code.trim().to_ascii_lowercase().as_str() {
            "en" | "english" => Some(Language::English),
            "zh" | "zh-cn" | "cn" | "chinese" => Some(Language::Chinese),
            _ => None,
        }
    }
}

/// (key, English, Chinese). Placeholders `{0}`, `{1}` are filled by [`tf`].
pub const STRINGS: &[(&str, &str, &str)] = &[
    // Main menu
    ("app.title", "Gomoku", "五子棋"),
    ("app.subtitle", "Gomoku · Renju", "五子棋 · 连珠"),
    ("menu.continue", "Continue", "继续对局"),
    ("menu.new_game", "New game", "新对局"),
    ("menu.load", "Load / Replay", "读取 / 复盘"),
    ("menu.stats", "Statistics", "战绩统计"),
    ("menu.settings", "Settings", "设置"),
    ("menu.quit", "Quit", "退出"),
    ("menu.back", "Back", "返回"),
    ("menu.resume", "Back to the game", "回到棋局"),
    ("menu.save", "Save game", "保存棋局"),
    ("menu.menu", "Menu", "菜单"),
    ("menu.keys", "Keys", "快捷键"),
    ("load.recent", "Recent files:", "最近的文件："),
    ("dialog.games", "Games", "棋局"),
    ("dialog.browse", "Browse…", "浏览…"),
    ("dialog.save_as", "Save as…", "另存为…"),
    (
        "dialog.browse_tip",
        "Your desktop's file dialog (type a path above if none opens)",
        "系统的文件对话框（若未打开，请在上方输入路径）",
    ),
    (
        "replay.save_tip",
        "Saved in the game's folder of saved games",
        "保存到游戏的已存棋局文件夹",
    ),
    (
        "menu.continue_tip",
        "The unfinished game, as it was left",
        "未下完的棋局，从离开处继续",
    ),
    (
        "menu.save_tip",
        "Save the game on the board to the saved games",
        "把棋盘上的棋局保存到已存棋局",
    ),
    (
        "menu.save_as_tip",
        "Save the game on the board where you choose; the name's ending picks the format (.sgf, .psq, .ron, .txt)",
        "把棋盘上的棋局保存到你选择的位置；文件名的结尾（.sgf、.psq、.ron、.txt）选定格式",
    ),
    (
        "menu.stats_tip",
        "Your results against the AI, and the past games",
        "你对电脑的战绩和以往的棋局",
    ),
    (
        "menu.settings_tip",
        "Language, rule, level, sound, theme, window",
        "语言、规则、难度、声音、主题、窗口",
    ),
    (
        "menu.quit_tip",
        "The game is saved automatically",
        "棋局会自动保存",
    ),
    ("new.name", "{0}'s name", "{0}的名字"),
    (
        "new.name_hint",
        "Shown on the board and saved with the game",
        "显示在棋盘旁并随棋局保存",
    ),
    ("settings.theme", "Theme", "主题"),
    ("theme.wood", "Classic wood", "经典木纹"),
    ("theme.light", "Light", "浅色"),
    ("theme.dark", "Dark, high contrast", "深色高对比"),
    ("keys.title", "Keys", "快捷键"),
    ("keys.on_board", "On the board", "棋盘上"),
    (
        "keys.elsewhere",
        "Menus, replay, window",
        "菜单、复盘、窗口",
    ),
    ("keys.place", "Place a stone", "落子"),
    ("keys.undo", "Undo", "悔棋"),
    ("keys.redo", "Redo", "重做"),
    ("keys.new_game", "New game", "新对局"),
    ("keys.hint", "Hint", "提示"),
    ("keys.coordinates", "Show coordinates", "显示坐标"),
    ("keys.move_numbers", "Show move numbers", "显示手数"),
    (
        "keys.forbidden",
        "Show forbidden points (Renju)",
        "显示禁手点（连珠）",
    ),
    ("keys.mute", "Sound on / off", "声音开关"),
    ("keys.menu", "Menu; back one screen", "菜单；返回上一屏"),
    ("keys.help", "This list", "本列表"),
    ("keys.fullscreen", "Fullscreen", "全屏"),
    (
        "keys.replay_step",
        "Replay: step, first, last move",
        "复盘：前后一步、第一手、最后一手",
    ),
    (
        "keys.replay_play",
        "Replay: play / pause",
        "复盘：播放 / 暂停",
    ),
    (
        "menu.continue_hint",
        "{0} · {1} moves · {2} to move",
        "{0} · 已下 {1} 手 · 轮到{2}",
    ),
    (
        "menu.autosave_broken",
        "The autosaved game could not be read: {0}",
        "自动存档无法读取：{0}",
    ),
    // New game
    ("new.title", "New game", "新对局"),
    ("new.mode", "Mode", "模式"),
    ("mode.pve", "You vs AI", "人机对战"),
    ("mode.pvp", "Two players", "双人对战"),
    ("mode.ave", "AI vs AI", "电脑对电脑"),
    ("new.you_play", "You play", "你执"),
    ("new.black_first", "Black (first)", "黑棋（先手）"),
    ("new.rule", "Rule", "规则"),
    ("new.policy", "Forbidden move", "禁手"),
    ("policy.refuse", "is refused", "不允许落子"),
    ("policy.lose", "loses the game", "判负"),
    ("new.level", "AI level", "电脑棋力"),
    ("new.clock", "Clock", "计时"),
    ("clock.none", "No clock", "不计时"),
    ("clock.per_game", "Per game + increment", "包干 + 加秒"),
    ("clock.per_move", "Per move", "每步限时"),
    ("clock.minutes", "Minutes", "分钟"),
    ("clock.increment", "Increment (s)", "每步加秒"),
    ("clock.move_secs", "Seconds per move", "每步秒数"),
    ("new.start", "Start", "开始"),
    ("new.cancel", "Cancel", "取消"),
    // Rules, colours, players
    ("rule.freestyle", "Freestyle", "无禁手"),
    (
        "rule.standard",
        "Standard (exactly five)",
        "标准（恰好五连）",
    ),
    ("rule.renju", "Renju", "连珠（有禁手）"),
    ("color.black", "Black", "黑棋"),
    ("color.white", "White", "白棋"),
    ("player.human", "Human", "玩家"),
    ("player.ai", "AI ({0})", "电脑（{0}）"),
    ("player.numbered", "Player {0}", "玩家{0}"),
    // Levels
    ("level.Beginner", "Beginner", "入门"),
    ("level.Novice", "Novice", "新手"),
    ("level.Intermediate", "Intermediate", "中级"),
    ("level.Advanced", "Advanced", "高级"),
    ("level.Expert", "Expert", "专家"),
    ("level.Master", "Master", "大师"),
    ("level.Grandmaster", "Grandmaster", "特级大师"),
    (
        "level.Beginner.desc",
        "Plays by shape, no reading ahead; overlooks threats now and then.",
        "凭棋形落子，不算后续，偶尔看漏威胁。",
    ),
    (
        "level.Novice.desc",
        "Looks two moves ahead and still makes loose moves.",
        "只看两步，仍会走出松散的棋。",
    ),
    (
        "level.Intermediate.desc",
        "Reads three moves ahead; blocks threes, sometimes drifts.",
        "计算三步，会挡活三，有时走偏。",
    ),
    (
        "level.Advanced.desc",
        "Reads four moves ahead and finds most forcing wins.",
        "计算四步，能找到大多数连续进攻的胜法。",
    ),
    (
        "level.Expert.desc",
        "Deep reading with rare inaccuracies.",
        "深入计算，很少失误。",
    ),
    (
        "level.Master.desc",
        "Strong: deep reading, about a second per move, no final safety check.",
        "强：深入计算，每步约一秒，不做最后的安全检查。",
    ),
    (
        "level.Grandmaster.desc",
        "Full strength, about two and a half seconds per move.",
        "全力计算，每步约两秒半。",
    ),
    // Settings
    ("settings.title", "Settings", "设置"),
    ("settings.game", "Game", "对局"),
    ("settings.default_level", "AI level", "电脑棋力"),
    ("settings.default_rule", "Default rule", "默认规则"),
    ("settings.threads", "AI threads", "电脑线程数"),
    (
        "settings.threads_auto",
        "All cores but one ({0})",
        "除一个核心外全部（{0}）",
    ),
    (
        "settings.threads_note",
        "Search threads of the strongest AI level; one core is left for the game.",
        "最强电脑棋力使用的搜索线程；留一个核心给游戏画面。",
    ),
    ("settings.sound", "Sound", "声音"),
    ("settings.volume", "Volume", "音量"),
    ("settings.mute", "Mute", "静音"),
    ("settings.animations", "Animations", "动画"),
    ("settings.animation_speed", "Animation speed", "动画速度"),
    ("settings.board", "Board", "棋盘"),
    ("settings.coordinates", "Coordinates", "坐标"),
    ("settings.move_numbers", "Move numbers", "手数"),
    (
        "settings.forbidden_marks",
        "Forbidden points (Renju)",
        "禁手点标记（连珠）",
    ),
    ("settings.language", "Language", "语言"),
    ("settings.window", "Window", "窗口"),
    ("settings.fullscreen", "Fullscreen", "全屏"),
    ("settings.vsync", "VSync", "垂直同步"),
    ("settings.size", "Size at start", "启动时大小"),
    (
        "settings.size_note",
        "The size applies at the next start.",
        "窗口大小在下次启动时生效。",
    ),
    ("settings.stored_in", "Saved in {0}", "保存在 {0}"),
    (
        "settings.not_stored",
        "Settings are not saved this session.",
        "本次不会保存设置。",
    ),
    ("settings.dismiss", "OK", "知道了"),
    (
        "settings.warn_no_dir",
        "No config directory: settings will not be kept.",
        "找不到配置目录：设置不会被保存。",
    ),
    (
        "settings.warn_kept",
        "The settings file could not be read ({0}). Defaults are used; the old file was kept as {1}",
        "设置文件无法读取（{0}）。已改用默认设置，原文件保存为 {1}",
    ),
    (
        "settings.warn_left",
        "The settings file {0} could not be read ({1}). Defaults are used and changes are not saved, so the file is not overwritten.",
        "设置文件 {0} 无法读取（{1}）。已改用默认设置；为免覆盖该文件，本次不保存更改。",
    ),
    (
        "settings.warn_save",
        "Could not save the settings in {0}: {1}",
        "无法在 {0} 保存设置：{1}",
    ),
    // Load and replay
    ("load.title", "Saved games", "已保存的棋局"),
    (
        "load.open_path",
        "Open a file (.ron, .psq, .sgf):",
        "打开文件（.ron、.psq、.sgf）：",
    ),
    ("load.open", "Open", "打开"),
    (
        "load.paste",
        "Or paste a move string (e.g. h8i9j10):",
        "或粘贴着法字符串（如 h8i9j10）：",
    ),
    ("load.import", "Import", "导入"),
    ("load.pasted", "Pasted move string", "粘贴的着法"),
    (
        "load.drop_hint",
        "You can also drop a file on the window.",
        "也可以把文件拖到窗口上。",
    ),
    ("load.empty", "No games here yet.", "这里还没有棋局。"),
    ("load.tab_saves", "Saved games", "已保存"),
    ("load.tab_finished", "Finished games", "已下完的棋局"),
    ("load.unreadable", "Unreadable", "无法读取"),
    ("col.date", "Date", "日期"),
    ("col.black", "Black", "黑方"),
    ("col.white", "White", "白方"),
    ("col.rule", "Rule", "规则"),
    ("col.result", "Result", "结果"),
    ("col.moves", "Moves", "手数"),
    ("col.opponent", "Opponent", "对手"),
    ("replay.title", "Replay", "复盘"),
    ("replay.first", "First", "开局"),
    ("replay.prev", "Back", "后退"),
    ("replay.next", "Forward", "前进"),
    ("replay.last", "Last", "终局"),
    ("replay.play", "Play", "自动播放"),
    ("replay.pause", "Pause", "暂停"),
    ("replay.speed", "Moves per second", "每秒手数"),
    (
        "replay.position",
        "Move {0} of {1}",
        "第 {0} 手 / 共 {1} 手",
    ),
    ("replay.from_here", "Play from here", "从这里接着下"),
    ("replay.export", "Export", "导出"),
    ("replay.copy_moves", "Copy move string", "复制着法"),
    ("replay.copy_sgf", "Copy SGF", "复制 SGF"),
    ("replay.copy_psq", "Copy PSQ", "复制 PSQ"),
    ("replay.save_as", "Save as", "另存为"),
    ("replay.copied", "Copied to the clipboard", "已复制到剪贴板"),
    ("replay.saved", "Saved to {0}", "已保存到 {0}"),
    ("replay.save_failed", "Could not save: {0}", "保存失败：{0}"),
    (
        "replay.keys",
        "Keys: ← → step, Home/End, Space plays",
        "按键：← → 单步，Home/End 首尾，空格播放",
    ),
    ("replay.moves", "Moves", "着法"),
    ("error.open", "Could not open the file", "无法打开文件"),
    // Statistics
    ("stats.title", "Statistics", "战绩统计"),
    ("stats.wins", "Wins", "胜"),
    ("stats.draws", "Draws", "和"),
    ("stats.losses", "Losses", "负"),
    ("stats.total", "Total", "合计"),
    (
        "stats.past",
        "Past games (click to replay)",
        "历史棋局（点击复盘）",
    ),
    (
        "stats.empty",
        "No finished games against the AI yet.",
        "还没有下完的人机对局。",
    ),
    (
        "stats.unreadable",
        "{0} archived files could not be read.",
        "{0} 个存档文件无法读取。",
    ),
    ("outcome.win", "Won", "胜"),
    ("outcome.draw", "Draw", "和"),
    ("outcome.loss", "Lost", "负"),
    // Results
    ("result.unfinished", "Unfinished", "未结束"),
    ("result.draw", "Draw", "和棋"),
    ("result.five", "{0} wins (five)", "{0}胜（五连）"),
    (
        "result.forbidden",
        "White wins (Black's forbidden move)",
        "白棋胜（黑棋禁手）",
    ),
    (
        "result.resign",
        "{0} wins (resignation)",
        "{0}胜（对方认输）",
    ),
    ("result.timeout", "{0} wins (on time)", "{0}胜（对方超时）"),
    // Clock
    ("game.saved", "Game saved: {0}", "棋局已保存：{0}"),
    (
        "files.write_failed",
        "Could not save the game in {0}: {1}. Play goes on, but the game is not kept if the program closes.",
        "无法在 {0} 保存棋局：{1}。可以继续下棋，但关闭程序后这局棋不会保留。",
    ),
    // The in-game HUD, notices and refusals (for `hud.rs` / `game.rs`).
    ("hud.you", "You", "你"),
    ("hud.resign_tip", "Give up this game", "认输，结束本局"),
    ("hud.side", "{0}: {1}", "{0}：{1}"),
    ("hud.move", "Move {0}", "第 {0} 手"),
    ("hud.last", "last {0}", "上一手 {0}"),
    ("hud.ai_thinking", "AI thinking", "电脑思考中"),
    ("hud.finding_hint", "Finding a hint", "正在寻找提示"),
    (
        "hud.search",
        "depth {0} · {1} · {2} nodes/s",
        "深度 {0} · {1} · 每秒 {2} 节点",
    ),
    (
        "hud.ai_played",
        "AI played {0} · depth {1} · {2} for {3}",
        "电脑下在 {0} · 深度 {1} · {3}{2}",
    ),
    ("hud.eval", "eval {0}", "评估 {0}"),
    ("hud.wins_in", "wins in {0}", "{0} 步内必胜"),
    ("hud.loses_in", "loses in {0}", "{0} 步内必败"),
    ("hud.game_over", "Game over", "对局结束"),
    ("hud.you_win", "You win!", "你赢了！"),
    ("hud.ai_wins", "The AI wins", "电脑获胜"),
    ("hud.winning_line", "Winning line {0}–{1}", "连五 {0}–{1}"),
    (
        "hud.summary",
        "{0} moves · {1} undos · {2}",
        "{0} 手 · 悔棋 {1} 次 · {2}",
    ),
    ("hud.forbidden_was", "{0} was a {1}", "{0} 是{1}"),
    ("hud.undo", "Undo", "悔棋"),
    ("hud.redo", "Redo", "重做"),
    ("hud.hint", "Hint", "提示"),
    ("hud.resign", "Resign", "认输"),
    ("hud.new_game", "New game", "新对局"),
    ("hud.coordinates", "Coordinates", "坐标"),
    ("hud.move_numbers", "Move numbers", "手数"),
    ("hud.forbidden_points", "Forbidden points", "禁手点"),
    ("hud.mute", "Mute", "静音"),
    (
        "hud.play_hint",
        "Click or arrows + Enter to play",
        "点击或用方向键 + 回车落子",
    ),
    ("refuse.occupied", "{0} is already taken", "{0} 已有棋子"),
    ("refuse.off_board", "{0} is off the board", "{0} 不在棋盘上"),
    (
        "refuse.forbidden",
        "{0} is forbidden for Black: {1}",
        "{0} 是黑棋禁手：{1}",
    ),
    ("forbidden.double_three", "double-three", "三三"),
    ("forbidden.double_four", "double-four", "四四"),
    ("forbidden.overline", "overline", "长连"),
    (
        "notice.game_over",
        "The game is over: undo (Ctrl+Z) or start a new game (Ctrl+N)",
        "对局已结束：可悔棋（Ctrl+Z）或开始新对局（Ctrl+N）",
    ),
    (
        "notice.wait_ai",
        "Please wait: it is the AI's turn",
        "请稍候：轮到电脑下棋",
    ),
];

/// Every table of strings: the general one and each feature's.
pub const TABLES: &[&[(&str, &str, &str)]] = &[
    STRINGS,
    network::STRINGS,
    opening::STRINGS,
    analysis::STRINGS,
    review::STRINGS,
    tips::STRINGS,
];

/// Every (key, English, Chinese) of all tables.
pub fn all_strings() -> impl Iterator<Item = &'static (&'static str, &'static str, &'static str)> {
    TABLES.iter().flat_map(|table| table.iter())
}

fn table() -> &'static HashMap<&'static str, (&'static str, &'static str)> {
    static TABLE: OnceLock<HashMap<&'static str, (&'static str, &'static str)>> = OnceLock::new();
    TABLE.get_or_init(|| all_strings().map(|&(k, en, zh)| (k, (en, zh))).collect())
}

/// The text of `key` in `lang`; an unknown key shows as itself, so a typo
/// is visible on screen rather than an empty label.
pub fn t(lang: Language, key: &'static str) -> &'static str {
    match table().get(key) {
        Some(&(en, zh)) => match lang {
            Language::English => en,
            Language::Chinese => zh,
        },
        None => key,
    }
}

/// [`t`] with `{0}`, `{1}`, … replaced by `args`.
pub fn tf(lang: Language, key: &'static str, args: &[&dyn std::fmt::Display]) -> String {
    let mut text = t(lang, key).to_string();
    for (i, arg) in args.iter().enumerate() {
        text = text.replace(&format!("{{{i}}}"), &arg.to_string());
    }
    text
}

/// An engine text ([`gomoku_engine::analysis::Message`]: a key of its
/// English table and arguments) in `lang`; the key's translation lives in
/// the feature's table.
pub fn message_text(lang: Language, message: &gomoku_engine::analysis::Message) -> String {
    let args: Vec<&dyn std::fmt::Display> = message
        .args
        .iter()
        .map(|a| a as &dyn std::fmt::Display)
        .collect();
    tf(lang, message.key, &args)
}

/// The translated name of a level (`Level::name` is the key).
pub fn level_name(lang: Language, level: gomoku_engine::search::Level) -> &'static str {
    t(lang, level_key(level, false))
}

/// The engine's one-line description in English; in Chinese the
/// translation of it (the table keeps the English it was translated from,
/// and a test checks that it is still the engine's text).
pub fn level_description(lang: Language, level: gomoku_engine::search::Level) -> &'static str {
    match lang {
        Language::English => level.description(),
        Language::Chinese => t(lang, level_key(level, true)),
    }
}

fn level_key(level: gomoku_engine::search::Level, description: bool) -> &'static str {
    use gomoku_engine::search::Level;
    match (level, description) {
        (Level::Beginner, false) => "level.Beginner",
        (Level::Novice, false) => "level.Novice",
        (Level::Intermediate, false) => "level.Intermediate",
        (Level::Advanced, false) => "level.Advanced",
        (Level::Expert, false) => "level.Expert",
        (Level::Master, false) => "level.Master",
        (Level::Grandmaster, false) => "level.Grandmaster",
        (Level::Beginner, true) => "level.Beginner.desc",
        (Level::Novice, true) => "level.Novice.desc",
        (Level::Intermediate, true) => "level.Intermediate.desc",
        (Level::Advanced, true) => "level.Advanced.desc",
        (Level::Expert, true) => "level.Expert.desc",
        (Level::Master, true) => "level.Master.desc",
        (Level::Grandmaster, true) => "level.Grandmaster.desc",
    }
}

/// A level name as stored in files ("Hard", "Intermediate") shown in `lang`
/// when it is one of ours, as written otherwise.
pub fn stored_level_name(lang: Language, stored: &str) -> String {
    gomoku_engine::search::Level::ALL
        .into_iter()
        .find(|l| l.name() == stored)
        .map_or_else(|| stored.to_string(), |l| level_name(lang, l).to_string())
}

/// A player as lists show them: the name, else "AI (level)" or "Human".
pub fn player_text(lang: Language, player: &gomoku_engine::record::formats::Player) -> String {
    use gomoku_engine::record::formats::PlayerKind;
    match (player.name.trim(), &player.kind) {
        ("", PlayerKind::Ai { level }) => tf(lang, "player.ai", &[&stored_level_name(lang, level)]),
        ("", PlayerKind::Human) => t(lang, "player.human").to_string(),
        ("", PlayerKind::Remote) => t(lang, "player.remote").to_string(),
        (name, _) => name.to_string(),
    }
}

pub fn rule_name(lang: Language, rule: gomoku_engine::Rule) -> &'static str {
    use gomoku_engine::Rule;
    t(
        lang,
        match rule {
            Rule::Freestyle => "rule.freestyle",
            Rule::Standard => "rule.standard",
            Rule::Renju => "rule.renju",
        },
    )
}

pub fn color_name(lang: Language, color: gomoku_engine::Color) -> &'static str {
    use gomoku_engine::Color;
    t(
        lang,
        match color {
            Color::Black => "color.black",
            Color::White => "color.white",
        },
    )
}

pub fn result_text(lang: Language, result: gomoku_engine::record::formats::SavedResult) -> String {
    use gomoku_engine::record::formats::{SavedResult, WinReason};
    match result {
        SavedResult::Unfinished => t(lang, "result.unfinished").to_string(),
        SavedResult::Draw => t(lang, "result.draw").to_string(),
        SavedResult::Win { winner, reason } => {
            let key = match reason {
                WinReason::Five => "result.five",
                WinReason::Forbidden => "result.forbidden",
                WinReason::Resign => "result.resign",
                WinReason::Timeout => "result.timeout",
            };
            tf(lang, key, &[&color_name(lang, winner)])
        }
    }
}

/// How a game ended, as the HUD says it.
pub fn game_result_text(lang: Language, result: &gomoku_engine::GameResult) -> String {
    use gomoku_engine::GameResult;
    match result {
        GameResult::Five { winner, .. } => tf(lang, "result.five", &[&color_name(lang, *winner)]),
        GameResult::Draw => t(lang, "result.draw").to_string(),
        GameResult::NoLegalMove { side } => {
            tf(lang, "result.no_legal_move", &[&color_name(lang, *side)])
        }
        GameResult::AgreedDraw => t(lang, "result.agreed_draw").to_string(),
        GameResult::Forbidden { .. } => t(lang, "result.forbidden").to_string(),
        GameResult::Resigned { loser } => tf(
            lang,
            "result.resign",
            &[&color_name(lang, loser.opponent())],
        ),
        GameResult::Timeout { loser } => tf(
            lang,
            "result.timeout",
            &[&color_name(lang, loser.opponent())],
        ),
    }
}

/// "double-three", "double-four", "overline".
pub fn forbidden_name(lang: Language, kind: gomoku_engine::ForbiddenKind) -> &'static str {
    use gomoku_engine::ForbiddenKind;
    t(
        lang,
        match kind {
            ForbiddenKind::DoubleThree => "forbidden.double_three",
            ForbiddenKind::DoubleFour => "forbidden.double_four",
            ForbiddenKind::Overline => "forbidden.overline",
        },
    )
}

/// All distinct non-ASCII characters of the Chinese texts (the font subset
/// must contain them).
pub fn chinese_characters() -> std::collections::BTreeSet<char> {
    all_strings()
        .flat_map(|&(_, _, zh)| zh.chars())
        .chain(Language::Chinese.native_name().chars())
        .filter(|c| !c.is_ascii())
        .collect()
}
