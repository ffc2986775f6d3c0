//! Full-screen mode: the board drawn with ratatui, played with the cursor
//! keys or the mouse. Only the 16 basic colours are used, so it looks the
//! same on old terminals; it redraws itself to any size it is given.

use crate::ai::Purpose;
use crate::plain::result_line;
use crate::table::{Command, Notice, Player, SIZE, Table, printable};
use gomoku_engine::opening::Decision;
use gomoku_engine::rules::is_forbidden;
use gomoku_engine::{Cell, Color as Stone, Point};
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEventKind, KeyModifiers,
    MouseButton, MouseEventKind,
};
use ratatui::crossterm::execute;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::{DefaultTerminal, Frame};
use std::process::ExitCode;
use std::time::Duration;

/// The board with its coordinates: 2 columns per point plus labels.
const BOARD_WIDTH: u16 = 3 + 2 * SIZE as u16 + 2;
const BOARD_HEIGHT: u16 = SIZE as u16 + 2;
/// The panel beside (or below) the board.
const PANEL_WIDTH: u16 = 34;
/// Notices kept in the log.
const LOG_LINES: usize = 50;

const WOOD: Color = Color::Yellow;

struct Screen {
    table: Table,
    cursor: Point,
    log: Vec<(bool, String)>,
    /// The chat line being typed, if any.
    chat: Option<String>,
    /// Where the board's points were drawn last (for the mouse).
    board_origin: Option<(u16, u16)>,
    fatal: Option<String>,
    quit: bool,
}

pub fn run(table: Table) -> ExitCode {
    let mut terminal = ratatui::init();
    let _ = execute!(std::io::stdout(), EnableMouseCapture);
    let centre = (SIZE / 2) as u8;
    let mut screen = Screen {
        table,
        cursor: Point::new(centre, centre),
        log: Vec::new(),
        chat: None,
        board_origin: None,
        fatal: None,
        quit: false,
    };
    let greeting = screen.table.greeting();
    screen.take(greeting);
    let failed = screen.run(&mut terminal).err();
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
    if let Some(e) = failed {
        eprintln!("gomoku-term: the terminal failed: {e}");
        return ExitCode::FAILURE;
    }
    println!(
        "{}",
        result_line(screen.table.outcome().as_ref(), &screen.table.move_string())
    );
    match screen.fatal {
        Some(reason) => {
            eprintln!("gomoku-term: {reason}");
            ExitCode::FAILURE
        }
        None => ExitCode::SUCCESS,
    }
}

impl Screen {
    fn run(&mut self, terminal: &mut DefaultTerminal) -> std::io::Result<()> {
        while !self.quit {
            let notices = self.table.update();
            self.take(notices);
            terminal.draw(|frame| self.draw(frame))?;
            if event::poll(Duration::from_millis(50))? {
                match event::read()? {
                    Event::Key(key) if key.kind != KeyEventKind::Release => {
                        self.key(key.code, key.modifiers)
                    }
                    Event::Mouse(mouse)
                        if mouse.kind == MouseEventKind::Down(MouseButton::Left) =>
                    {
                        self.click(mouse.column, mouse.row)
                    }
                    // A resize is drawn on the next pass.
                    _ => {}
                }
            }
        }
        Ok(())
    }

    fn take(&mut self, notices: Vec<Notice>) {
        for notice in notices {
            match notice {
                Notice::Info(text) => self.log.push((false, printable(&text))),
                Notice::Error(text) => self.log.push((true, printable(&text))),
                Notice::Board => {}
                Notice::Fatal(text) => {
                    self.fatal = Some(printable(&text));
                    self.quit = true;
                }
            }
        }
        let excess = self.log.len().saturating_sub(LOG_LINES);
        self.log.drain(..excess);
    }

    fn command(&mut self, command: Command) {
        let notices = self
            .table
            .command(command)
            .unwrap_or_else(|e| vec![Notice::Error(e)]);
        self.take(notices);
    }

    fn key(&mut self, code: KeyCode, modifiers: KeyModifiers) {
        if let Some(chat) = &mut self.chat {
            match code {
                KeyCode::Enter => {
                    let text = std::mem::take(chat);
                    self.chat = None;
                    self.command(Command::Chat(text));
                }
                KeyCode::Esc => self.chat = None,
                KeyCode::Backspace => {
                    chat.pop();
                }
                KeyCode::Char(c) => chat.push(c),
                _ => {}
            }
            return;
        }
        let move_cursor = |p: Point, dx: i32, dy: i32| {
            let clamp = |v: i32| v.clamp(0, SIZE as i32 - 1) as u8;
            Point::new(clamp(p.x as i32 + dx), clamp(p.y as i32 + dy))
        };
        match code {
            KeyCode::Left => self.cursor = move_cursor(self.cursor, -1, 0),
            KeyCode::Right => self.cursor = move_cursor(self.cursor, 1, 0),
            KeyCode::Up => self.cursor = move_cursor(self.cursor, 0, -1),
            KeyCode::Down => self.cursor = move_cursor(self.cursor, 0, 1),
            KeyCode::Enter | KeyCode::Char(' ') => self.command(Command::Play(self.cursor)),
            KeyCode::Char('c') if modifiers.contains(KeyModifiers::CONTROL) => self.quit = true,
            KeyCode::Char('q') => self.quit = true,
            KeyCode::Char('u') => self.command(Command::Undo),
            KeyCode::Char('h') => self.command(Command::Hint),
            KeyCode::Char('r') => self.command(Command::Resign),
            KeyCode::Char('n') => self.command(Command::NewGame),
            KeyCode::Char('d') => self.command(Command::OfferDraw),
            KeyCode::Char('y') => self.command(Command::Answer(true)),
            KeyCode::Esc if self.table.question().is_some() => self.command(Command::Answer(false)),
            KeyCode::Char('c') if self.table.snapshot().is_some() => {
                self.chat = Some(String::new())
            }
            KeyCode::Char('s') => self.command(Command::Decide(Decision::Swap)),
            KeyCode::Char('k') => self.command(Command::Decide(Decision::Keep)),
            KeyCode::Char('a') => self.command(Command::Decide(Decision::AddTwo)),
            KeyCode::Char('f') => self.command(Command::Decide(Decision::FifthInCentre)),
            KeyCode::Char('t') => self.command(Command::Decide(Decision::TenOffers)),
            KeyCode::Char(c @ '1'..='8') => self.command(Command::Declare(c as u8 - b'0')),
            _ => {}
        }
    }

    fn click(&mut self, column: u16, row: u16) {
        let Some((left, top)) = self.board_origin else {
            return;
        };
        if column < left || row < top {
            return;
        }
        // Each point is drawn as its glyph and the line to its right.
        let (x, y) = ((column - left) / 2, row - top);
        if let Some(p) = Point::checked(x as usize, y as usize, SIZE) {
            self.cursor = p;
            self.command(Command::Play(p));
        }
    }

    fn draw(&mut self, frame: &mut Frame) {
        let area = frame.area();
        if area.width < BOARD_WIDTH || area.height < BOARD_HEIGHT + 2 {
            self.board_origin = None;
            let text = format!(
                "The terminal is {}x{}; the board needs {}x{}. Enlarge it, or press q.",
                area.width,
                area.height,
                BOARD_WIDTH,
                BOARD_HEIGHT + 2
            );
            frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
            return;
        }
        let (board_area, panel_area) = if area.width >= BOARD_WIDTH + PANEL_WIDTH {
            let [b, p] = Layout::horizontal([
                Constraint::Length(BOARD_WIDTH + 1),
                Constraint::Min(PANEL_WIDTH),
            ])
            .areas(area);
            (b, p)
        } else {
            let [b, p] = Layout::vertical([Constraint::Length(BOARD_HEIGHT), Constraint::Min(2)])
                .areas(area);
            (b, p)
        };
        self.draw_board(frame, board_area);
        self.draw_panel(frame, panel_area);
    }

    fn draw_board(&mut self, frame: &mut Frame, area: Rect) {
        let table = &self.table;
        let game = table.game();
        let board = game.board();
        let label = Style::new().fg(Color::DarkGray);
        let wood = Style::new().bg(WOOD).fg(Color::Black);
        let letters: String = (0..SIZE)
            .map(|x| format!("{} ", (b'a' + x as u8) as char))
            .collect();
        let forbidden_shown = game.rule().has_forbidden_moves(Stone::Black)
            && game.to_move() == Stone::Black
            && !game.is_over();
        let allowed = table.allowed_points();
        let offers = table.offers();
        let mut lines = vec![Line::styled(format!("   {letters}"), label)];
        for y in 0..SIZE {
            let mut spans = vec![Span::styled(format!("{:>2} ", SIZE - y), label)];
            for x in 0..SIZE {
                let p = Point::new(x as u8, y as u8);
                let (glyph, mut style) = match board.get(p) {
                    Cell::Black => ("●", wood.fg(Color::Black)),
                    Cell::White => ("●", wood.fg(Color::White).add_modifier(Modifier::BOLD)),
                    _ if table.hint == Some(p) => ("◆", wood.fg(Color::Green)),
                    _ if offers.contains(&p) => ("◇", wood.fg(Color::Blue)),
                    _ if allowed.contains(&p) => (grid_glyph(x, y), wood.fg(Color::Green)),
                    _ if forbidden_shown && is_forbidden(board, p) => ("×", wood.fg(Color::Red)),
                    _ => (grid_glyph(x, y), wood),
                };
                if game.last_move() == Some(p) {
                    style = style.bg(Color::Red);
                }
                if p == self.cursor {
                    style = style.bg(Color::Cyan);
                }
                let joint = if x + 1 < SIZE { "─" } else { " " };
                spans.push(Span::styled(glyph, style));
                spans.push(Span::styled(joint, wood));
            }
            spans.push(Span::styled(format!(" {}", SIZE - y), label));
            lines.push(Line::from(spans));
        }
        lines.push(Line::styled(format!("   {letters}"), label));
        self.board_origin = Some((area.x + 3, area.y + 1));
        frame.render_widget(Paragraph::new(lines), area);
    }

    fn draw_panel(&self, frame: &mut Frame, area: Rect) {
        let table = &self.table;
        let game = table.game();
        let mut lines = vec![Line::styled(
            format!("{} · 15x15", game.rule()),
            Style::new().add_modifier(Modifier::BOLD),
        )];
        for color in [Stone::Black, Stone::White] {
            let marker = if game.to_move() == color && table.outcome().is_none() {
                "▶ "
            } else {
                "  "
            };
            lines.push(Line::from(format!(
                "{marker}{color}: {}{}",
                self.player_name(color),
                self.clock_text(color)
            )));
        }
        lines.push(Line::from(""));
        let phase = table.phase_text();
        // In the opening the phase says who acts; the AI's progress still shows.
        if phase.is_none() || table.thinking.is_some() {
            lines.push(self.status_line());
        }
        if let Some(phase) = phase {
            lines.push(Line::styled(
                phase,
                Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            ));
            lines.push(Line::styled(
                "s swap · k keep · a add two · f fifth in the centre · t ten offers · 1-8 declare",
                Style::new().fg(Color::DarkGray),
            ));
        }
        if let Some(question) = table.question() {
            lines.push(Line::styled(
                format!("Accept {question}? y = yes, Esc = no"),
                Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            ));
        }
        if let Some(chat) = &self.chat {
            lines.push(Line::from(format!(
                "say: {chat}▏ (Enter sends, Esc cancels)"
            )));
        }
        lines.push(Line::from(""));
        let keys = if table.snapshot().is_some() {
            "arrows/mouse, Enter play · u undo · h hint · r resign · d draw · c chat · n new · q quit"
        } else {
            "arrows/mouse, Enter play · u undo · h hint · r resign · n new · q quit"
        };
        lines.push(Line::styled(keys, Style::new().fg(Color::DarkGray)));
        lines.push(Line::from(""));
        let room = (area.height as usize).saturating_sub(lines.len() + 2);
        let start = self.log.len().saturating_sub(room);
        for (error, text) in &self.log[start..] {
            let style = if *error {
                Style::new().fg(Color::LightRed)
            } else {
                Style::new()
            };
            lines.push(Line::styled(text.clone(), style));
        }
        let block = Block::bordered().title(" gomoku-term ");
        frame.render_widget(
            Paragraph::new(lines)
                .block(block)
                .wrap(Wrap { trim: false }),
            area,
        );
    }

    fn player_name(&self, color: Stone) -> String {
        let table = &self.table;
        match (table.player(color), table.snapshot()) {
            (Player::Remote, Some(s)) => {
                let name = s.opponent.clone().unwrap_or("(waiting)".into());
                if s.connected {
                    name
                } else {
                    format!("{name} (away)")
                }
            }
            (Player::Person, Some(s)) => s.my_name.clone(),
            (Player::Person, None) => "you".into(),
            (Player::Ai, _) | (Player::Remote, None) => "AI".into(),
        }
    }

    fn clock_text(&self, color: Stone) -> String {
        self.table
            .clock(color)
            .map_or(String::new(), |left| format!("  {left}"))
    }

    fn status_line(&self) -> Line<'static> {
        let table = &self.table;
        if let Some(outcome) = table.outcome() {
            return Line::styled(
                format!("{outcome}. n = new game, q = quit"),
                Style::new().fg(Color::Green).add_modifier(Modifier::BOLD),
            );
        }
        if let Some(thinking) = &table.thinking {
            let who = match thinking.purpose {
                Purpose::Move => "AI thinking",
                Purpose::Hint => "Looking for a hint",
                Purpose::Opening => "AI choosing its opening step",
            };
            let progress = thinking.latest.as_ref().map_or(String::new(), |info| {
                let best = info.best.map_or("-".into(), |p| p.to_notation(SIZE));
                format!(": depth {}, best {best}, {} nodes", info.depth, info.nodes)
            });
            let secs = thinking.started.elapsed().as_secs_f32();
            return Line::from(format!("{who}{progress} ({secs:.1} s)"));
        }
        if let Some(s) = table.snapshot()
            && !s.connected
        {
            return Line::from("Waiting for the opponent…");
        }
        let to_move = table.game().to_move();
        Line::from(match table.player(to_move) {
            Player::Person => format!("{to_move} to play"),
            Player::Remote => format!("Waiting for {to_move}'s move"),
            Player::Ai => format!("{to_move} (AI) to play"),
        })
    }
}

/// The grid line drawing at a point: corners, edges, crossings.
fn grid_glyph(x: usize, y: usize) -> &'static str {
    let last = SIZE - 1;
    match (x, y) {
        (0, 0) => "┌",
        (x, 0) if x == last => "┐",
        (0, y) if y == last => "└",
        (x, y) if x == last && y == last => "┘",
        (_, 0) => "┬",
        (_, y) if y == last => "┴",
        (0, _) => "├",
        (x, _) if x == last => "┤",
        _ => "┼",
    }
}
