//! The tooltips of controls whose label alone does not say what they do
//! (the "every key and button has a tooltip or help line").

pub const STRINGS: &[(&str, &str, &str)] = &[
    (
        "tip.language",
        "The language of every text in the game; it changes at once",
        "游戏中所有文字的语言，立即生效",
    ),
    (
        "tip.default_rule",
        "The rule a new game starts with",
        "新对局默认使用的规则",
    ),
    (
        "tip.volume",
        "How loud the stones and signals sound",
        "落子声和提示音的音量",
    ),
    (
        "tip.animations",
        "Stones land with a motion and the winning line pulses; off, everything appears at once and holds still",
        "落子带有动作，连五线闪动；关闭后一切立即显示并保持静止",
    ),
    (
        "tip.animation_speed",
        "How fast the animations play",
        "动画播放的快慢",
    ),
    (
        "tip.theme",
        "The colours of the board, the stones and the panels",
        "棋盘、棋子和面板的配色",
    ),
    (
        "tip.vsync",
        "Draw in step with the screen: no tearing, at most the screen's frame rate",
        "与屏幕刷新同步绘制：画面不撕裂，帧率不超过屏幕刷新率",
    ),
    ("tip.dismiss", "Hide this message", "隐藏这条消息"),
    (
        "tip.open_path",
        "Type or paste the path of a game file, then Open",
        "输入或粘贴棋局文件的路径，然后点击打开",
    ),
    (
        "tip.import_moves",
        "Coordinates one after another, Black first, like h8i9j10",
        "依次写出坐标，黑棋先行，如 h8i9j10",
    ),
    (
        "tip.tab_saves",
        "Games you saved or left unfinished",
        "你保存的或未下完的棋局",
    ),
    (
        "tip.tab_finished",
        "Every finished game, kept automatically",
        "每一盘下完的棋局，自动保存",
    ),
    (
        "tip.replay_file",
        "Open this game in the replay",
        "在复盘中打开这盘棋",
    ),
    (
        "tip.goto_move",
        "Show the board at this move",
        "显示这一手时的棋盘",
    ),
    (
        "tip.replay_cursor",
        "Drag to any move of the game",
        "拖动到棋局的任意一手",
    ),
    (
        "tip.replay_speed",
        "How fast the replay plays the moves",
        "自动播放着法的速度",
    ),
    (
        "tip.copy_format",
        "Copy the game to the clipboard in this format",
        "以此格式把棋局复制到剪贴板",
    ),
    (
        "tip.mode",
        "Who plays: you against the AI, two people at this computer, or the AI against itself",
        "对局双方：你对电脑、两人在同一台电脑上对弈，或电脑对电脑",
    ),
    (
        "tip.policy",
        "What happens when Black plays a forbidden point: the move is refused, or Black loses",
        "黑棋下在禁手点时：拒绝这一手，或判黑棋负",
    ),
    (
        "tip.clock",
        "No clock, a time for the whole game per player, or a time for every move",
        "不计时、每方整盘限时，或每手限时",
    ),
    (
        "tip.move_secs",
        "Seconds for every move; out of time loses",
        "每手的秒数；超时判负",
    ),
    (
        "tip.rule",
        "Freestyle: five or more wins; Standard: exactly five; Renju: Black has forbidden moves",
        "自由规则：五连或长连获胜；标准规则：恰好五连；连珠：黑棋有禁手",
    ),
    (
        "tip.seat",
        "Which side you take; under an opening rule the colours can change hands during the opening",
        "你执哪一方；使用开局规则时，开局中双方可能交换颜色",
    ),
    (
        "tip.minutes",
        "Minutes on each player's clock",
        "每方的限时（分钟）",
    ),
    (
        "tip.increment",
        "Seconds added to a clock after each of its moves",
        "每走一手后加到该方时钟上的秒数",
    ),
    (
        "tip.opening_decide",
        "Your choice in this phase of the opening; it cannot be taken back",
        "本阶段开局的选择，选定后不能悔改",
    ),
    (
        "tip.opening_declare",
        "Black then offers this many fifth moves, no two symmetric, and White picks one",
        "黑方随后提供这么多个互不对称的第五手，由白方选择其一",
    ),
    (
        "tip.puzzle_open",
        "Try this puzzle: find the moves that win by force",
        "尝试这道题：找出必胜的着法",
    ),
    (
        "tip.multi_pv",
        "How many best moves the analysis lists",
        "分析列出的最佳着法数",
    ),
    (
        "tip.lan_screen",
        "Host a game for someone to join, or join a game on this network",
        "创建对局等人加入，或加入本网络中的对局",
    ),
    (
        "tip.lan_name",
        "The name your opponent sees",
        "对手看到的你的名字",
    ),
    (
        "tip.lan_timed",
        "Whether the game has a clock; the host's computer keeps the time",
        "对局是否计时；由主机一方计时",
    ),
    (
        "tip.lan_port",
        "The network port the game waits on; another one if this one is taken",
        "对局等待连接的网络端口；若已被占用，请换一个",
    ),
    (
        "tip.lan_announce",
        "Let computers on this network find the game in their list",
        "让本网络中的电脑在列表中找到这局棋",
    ),
    (
        "tip.lan_found",
        "Pick this game; then Join",
        "选中这局棋，然后点击加入",
    ),
    (
        "tip.lan_address",
        "The host's address and port, as its screen shows them",
        "主机的地址和端口，与主机屏幕上显示的一致",
    ),
    (
        "tip.lan_code",
        "The code on the host's screen",
        "主机屏幕上显示的代码",
    ),
    ("tip.lan_cancel", "Stop trying to connect", "停止连接"),
    (
        "tip.lan_chat",
        "A message for your opponent; Enter sends it",
        "给对手的消息；按回车发送",
    ),
    (
        "tip.lan_accept",
        "Agree to what your opponent asks",
        "同意对手的请求",
    ),
    (
        "tip.lan_decline",
        "Refuse; the game goes on as it is",
        "拒绝；对局照常继续",
    ),
];
