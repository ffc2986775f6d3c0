//! The Host and Join screens (egui overlays chosen by [`Overlay`]): the
//! host picks the game and waits, showing its addresses, port and code;
//! the joiner picks a game found on the network or types an address and
//! the code. Once someone sits down the board comes back.

use super::session::{Lan, LogLine, Role, broadcast_target};
use crate::i18n::{Language, color_name, rule_name, t, tf};
use crate::settings::Settings;
use crate::ui_core::Overlay;
use crate::ui_core::widgets::{self, ACCENT, ERROR};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use gomoku_engine::{Color as StoneColor, Rule};
use gomoku_net::discovery::{self, Browser};
use gomoku_net::{ClockSettings, GameSettings, HostConfig, JoinConfig, Timing};
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::time::Duration;

/// The TCP port a host listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 7878;
/// Games not heard from for this long drop off the list.
const FRESH: Duration = Duration::from_secs(4);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HostDraft>()
        .init_resource::<JoinDraft>()
        .add_systems(OnEnter(Overlay::LanJoin), start_browsing)
        .add_systems(OnExit(Overlay::LanJoin), stop_browsing)
        .add_systems(Update, (to_the_board_when_seated, leave_when_asked))
        .add_systems(
            EguiPrimaryContextPass,
            (
                host_screen.run_if(in_state(Overlay::LanHost)),
                join_screen.run_if(in_state(Overlay::LanJoin)),
            ),
        );
}

/// A name to start with: the one the player gave for Black last time, else
/// the account's name.
fn default_name(settings: &Settings) -> String {
    let given = settings.player_names[0].trim();
    if !given.is_empty() {
        return given.to_string();
    }
    ["USER", "USERNAME"]
        .into_iter()
        .find_map(|var| std::env::var(var).ok().filter(|n| !n.trim().is_empty()))
        .unwrap_or_else(|| "Player".to_string())
}

/// The host's choices.
#[derive(Resource)]
struct HostDraft {
    name: String,
    rule: Rule,
    host_color: StoneColor,
    timed: bool,
    minutes: u32,
    increment_secs: u32,
    port: u16,
    announce: bool,
    error: Option<String>,
}

impl Default for HostDraft {
    fn default() -> Self {
        HostDraft {
            name: String::new(),
            rule: Rule::Renju,
            host_color: StoneColor::Black,
            timed: false,
            minutes: 10,
            increment_secs: 5,
            port: DEFAULT_PORT,
            announce: true,
            error: None,
        }
    }
}

impl HostDraft {
    fn config(&self) -> HostConfig {
        HostConfig {
            bind: SocketAddr::from(([0, 0, 0, 0], self.port)),
            name: self.name.trim().to_string(),
            code: None,
            settings: GameSettings {
                rule: self.rule,
                host_color: self.host_color,
                clock: self.timed.then(|| ClockSettings {
                    initial_ms: u64::from(self.minutes.max(1)) * 60_000,
                    increment_ms: u64::from(self.increment_secs) * 1000,
                }),
                ..GameSettings::default()
            },
            timing: Timing::default(),
        }
    }
}

/// The joiner's choices.
#[derive(Resource, Default)]
struct JoinDraft {
    name: String,
    address: String,
    code: String,
    error: Option<String>,
}

/// Listens for announced games while the Join screen is open.
#[derive(Resource)]
struct Discovery(Result<Browser, String>);

fn start_browsing(mut commands: Commands) {
    let listen = SocketAddr::from(([0, 0, 0, 0], discovery::DEFAULT_PORT));
    commands.insert_resource(Discovery(Browser::start(listen).map_err(|e| e.to_string())));
}

fn stop_browsing(mut commands: Commands) {
    commands.remove_resource::<Discovery>();
}

/// The game is on the board once the opponent sat down.
fn to_the_board_when_seated(
    lan: Option<Res<Lan>>,
    overlay: Res<State<Overlay>>,
    mut next: ResMut<NextState<Overlay>>,
) {
    let waiting = matches!(overlay.get(), Overlay::LanHost | Overlay::LanJoin);
    if waiting && lan.is_some_and(|lan| lan.is_changed() && lan.started) {
        next.set(Overlay::None);
    }
}

/// The panel's Leave button: the link closes, the main menu opens.
fn leave_when_asked(
    lan: Option<Res<Lan>>,
    mut next: ResMut<NextState<Overlay>>,
    mut commands: Commands,
) {
    if lan.is_some_and(|lan| lan.leave) {
        commands.remove_resource::<Lan>();
        next.set(Overlay::Main);
    }
}

/// Host or Join: the two screens of "Network game", one click apart.
fn tabs(ui: &mut egui::Ui, lang: Language, current: Overlay, next: &mut NextState<Overlay>) {
    ui.horizontal(|ui| {
        for (screen, key) in [
            (Overlay::LanHost, "lan.host_title"),
            (Overlay::LanJoin, "lan.join_title"),
        ] {
            if ui
                .selectable_label(current == screen, RichText::new(t(lang, key)).size(18.0))
                .clicked()
                && current != screen
            {
                next.set(screen);
            }
        }
    });
    ui.add_space(6.0);
}

fn name_field(ui: &mut egui::Ui, lang: Language, name: &mut String) {
    ui.label(t(lang, "lan.your_name"));
    ui.add(
        egui::TextEdit::singleline(name)
            .char_limit(gomoku_net::message::MAX_NAME)
            .desired_width(220.0),
    );
    ui.end_row();
}

fn start_button(ui: &mut egui::Ui, text: &str, enabled: bool) -> bool {
    ui.add_enabled(
        enabled,
        egui::Button::new(RichText::new(text).size(19.0).strong()).min_size([180.0, 40.0].into()),
    )
    .clicked()
}

fn host_screen(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut draft: ResMut<HostDraft>,
    mut lan: Option<ResMut<Lan>>,
    mut next: ResMut<NextState<Overlay>>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    if draft.name.is_empty() {
        draft.name = default_name(&settings);
    }
    let mut back = false;
    widgets::screen(ctx, "lan-host", 640.0, |ui| {
        back = widgets::title_bar(ui, lang, t(lang, "lan.title"));
        tabs(ui, lang, Overlay::LanHost, &mut next);
        match lan.as_deref_mut() {
            Some(lan) if lan.is_host() => {
                if waiting_room(ui, lang, lan) {
                    commands.remove_resource::<Lan>();
                }
            }
            _ => {
                host_form(ui, lang, &mut draft);
                ui.add_space(14.0);
                let ready = !draft.name.trim().is_empty();
                if start_button(ui, t(lang, "lan.start_hosting"), ready) {
                    let announce = draft.announce.then(broadcast_target);
                    match Lan::host(draft.config(), announce) {
                        Ok(hosting) => {
                            draft.error = None;
                            commands.insert_resource(hosting);
                        }
                        Err(e) => draft.error = Some(tf(lang, "lan.cannot_host", &[&e])),
                    }
                }
                if let Some(error) = &draft.error {
                    ui.label(RichText::new(error).color(ERROR));
                }
            }
        }
    });
    if back {
        // Back while waiting: nobody is hosted any more.
        if lan.is_some_and(|lan| !lan.started) {
            commands.remove_resource::<Lan>();
        }
        next.set(Overlay::Main);
    }
    Ok(())
}

fn host_form(ui: &mut egui::Ui, lang: Language, d: &mut HostDraft) {
    egui::Grid::new("lan-host-form")
        .num_columns(2)
        .spacing([18.0, 12.0])
        .show(ui, |ui| {
            name_field(ui, lang, &mut d.name);
            ui.label(t(lang, "new.rule"));
            ui.horizontal(|ui| {
                for rule in Rule::ALL {
                    ui.radio_value(&mut d.rule, rule, rule_name(lang, rule));
                }
            });
            ui.end_row();
            ui.label(t(lang, "lan.opening"));
            ui.vertical(|ui| {
                ui.add(egui::RadioButton::new(true, t(lang, "lan.opening_free")));
                ui.label(RichText::new(t(lang, "lan.opening_later")).small().weak());
            });
            ui.end_row();
            ui.label(t(lang, "new.you_play"));
            ui.horizontal(|ui| {
                ui.radio_value(
                    &mut d.host_color,
                    StoneColor::Black,
                    t(lang, "new.black_first"),
                );
                ui.radio_value(
                    &mut d.host_color,
                    StoneColor::White,
                    color_name(lang, StoneColor::White),
                );
            });
            ui.end_row();
            ui.label(t(lang, "new.clock"));
            ui.vertical(|ui| {
                ui.horizontal(|ui| {
                    ui.radio_value(&mut d.timed, false, t(lang, "clock.none"));
                    ui.radio_value(&mut d.timed, true, t(lang, "clock.per_game"));
                });
                if d.timed {
                    ui.horizontal(|ui| {
                        ui.label(t(lang, "clock.minutes"));
                        ui.add(egui::DragValue::new(&mut d.minutes).range(1..=180));
                        ui.label(t(lang, "clock.increment"));
                        ui.add(egui::DragValue::new(&mut d.increment_secs).range(0..=120));
                    });
                }
                ui.label(RichText::new(t(lang, "lan.clock_host")).small().weak());
            });
            ui.end_row();
            ui.label(t(lang, "lan.port"));
            ui.add(egui::DragValue::new(&mut d.port).range(1024..=65535));
            ui.end_row();
            ui.label("");
            ui.checkbox(&mut d.announce, t(lang, "lan.announce"));
            ui.end_row();
        });
}

/// The host's waiting room: where to join, the code, who knocked. True when
/// the host gives up.
fn waiting_room(ui: &mut egui::Ui, lang: Language, lan: &mut Lan) -> bool {
    let Role::Host { addr } = lan.role else {
        return false;
    };
    let code = lan.code();
    ui.label(RichText::new(t(lang, "lan.waiting")).size(18.0));
    ui.add_space(8.0);
    egui::Grid::new("lan-host-where")
        .num_columns(2)
        .spacing([18.0, 8.0])
        .show(ui, |ui| {
            ui.label(t(lang, "lan.code"));
            ui.label(
                RichText::new(&code)
                    .monospace()
                    .size(30.0)
                    .strong()
                    .color(ACCENT),
            );
            ui.end_row();
            ui.label(t(lang, "lan.port"));
            ui.label(
                RichText::new(addr.port().to_string())
                    .monospace()
                    .size(18.0),
            );
            ui.end_row();
            ui.label(t(lang, "lan.addresses"));
            ui.vertical(|ui| {
                let addresses = gomoku_net::local_addresses();
                if addresses.is_empty() {
                    ui.label(RichText::new(t(lang, "lan.no_addresses")).color(ERROR));
                }
                for ip in addresses {
                    ui.label(
                        RichText::new(SocketAddr::new(ip, addr.port()).to_string())
                            .monospace()
                            .size(16.0),
                    );
                }
            });
            ui.end_row();
        });
    ui.add_space(8.0);
    ui.label(RichText::new(t(lang, "lan.tell_joiner")).weak());
    log_lines(ui, lang, &lan.log);
    ui.add_space(10.0);
    ui.button(t(lang, "lan.stop_hosting")).clicked()
}

/// The session's log as the screens and the board panel show it.
pub fn log_lines(ui: &mut egui::Ui, lang: Language, log: &[LogLine]) {
    for line in log {
        let (text, warning) = match line {
            LogLine::Chat { from, text } => (format!("{from}: {text}"), false),
            LogLine::Joined(name) => (tf(lang, "lan.joined", &[name]), false),
            LogLine::Lost(reason) => (tf(lang, "lan.lost", &[reason]), true),
            LogLine::TurnedAway { peer, reason } => {
                (tf(lang, "lan.turned_away", &[peer, reason]), true)
            }
            LogLine::Refused(why) => (why.clone(), true),
            LogLine::UndoDeclined => (t(lang, "lan.undo_declined").to_string(), false),
            LogLine::DrawDeclined => (t(lang, "lan.draw_declined").to_string(), false),
        };
        let text = RichText::new(text);
        ui.label(if warning { text.color(ERROR) } else { text });
    }
}

/// `192.168.1.5`, `192.168.1.5:7878` or `host.lan:7878` as an address; the
/// port defaults to [`DEFAULT_PORT`].
pub fn parse_address(text: &str) -> Option<SocketAddr> {
    let text = text.trim();
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Some(SocketAddr::new(ip, DEFAULT_PORT));
    }
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Some(addr);
    }
    let with_port = if text.contains(':') {
        text.to_string()
    } else {
        format!("{text}:{DEFAULT_PORT}")
    };
    // A name is looked up once, when Join is pressed.
    with_port.to_socket_addrs().ok()?.next()
}

fn join_screen(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut draft: ResMut<JoinDraft>,
    discovery: Option<Res<Discovery>>,
    lan: Option<Res<Lan>>,
    mut next: ResMut<NextState<Overlay>>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    if draft.name.is_empty() {
        draft.name = default_name(&settings);
    }
    // A join that failed before the game began (wrong code, nobody there):
    // say why and let the player try again.
    let joining = lan.as_deref().filter(|lan| !lan.is_host() && !lan.started);
    if let Some(reason) = joining.and_then(|lan| lan.down.clone()) {
        draft.error = Some(reason);
        commands.remove_resource::<Lan>();
    }
    let mut back = false;
    widgets::screen(ctx, "lan-join", 640.0, |ui| {
        back = widgets::title_bar(ui, lang, t(lang, "lan.title"));
        tabs(ui, lang, Overlay::LanJoin, &mut next);
        widgets::section(ui, t(lang, "lan.found"));
        match discovery.as_deref().map(|d| &d.0) {
            Some(Ok(browser)) => {
                let games = browser.games(FRESH);
                if games.is_empty() {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(RichText::new(t(lang, "lan.searching")).weak());
                    });
                }
                for found in games {
                    let a = &found.announcement;
                    let text = format!("{} · {} · {}", a.name, rule_name(lang, a.rule), found.addr);
                    if ui
                        .selectable_label(draft.address == found.addr.to_string(), text)
                        .clicked()
                    {
                        draft.address = found.addr.to_string();
                    }
                }
            }
            Some(Err(e)) => {
                ui.label(RichText::new(tf(lang, "lan.cannot_listen", &[e])).color(ERROR));
            }
            None => {}
        }
        widgets::section(ui, t(lang, "lan.by_hand"));
        egui::Grid::new("lan-join-form")
            .num_columns(2)
            .spacing([18.0, 12.0])
            .show(ui, |ui| {
                name_field(ui, lang, &mut draft.name);
                ui.label(t(lang, "lan.address"));
                ui.add(
                    egui::TextEdit::singleline(&mut draft.address)
                        .hint_text("192.168.1.5:7878")
                        .desired_width(220.0),
                );
                ui.end_row();
                ui.label(t(lang, "lan.code"));
                ui.add(
                    egui::TextEdit::singleline(&mut draft.code)
                        .hint_text("K7M2QX")
                        .char_limit(16)
                        .desired_width(120.0),
                );
                ui.end_row();
            });
        ui.add_space(14.0);
        if let Some(lan) = joining {
            let Role::Joiner { addr } = lan.role else {
                return;
            };
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(tf(lang, "lan.connecting", &[&addr]));
            });
            if ui.button(t(lang, "new.cancel")).clicked() {
                commands.remove_resource::<Lan>();
            }
            return;
        }
        let ready = [&draft.name, &draft.address, &draft.code]
            .iter()
            .all(|field| !field.trim().is_empty());
        if start_button(ui, t(lang, "lan.join"), ready) {
            match parse_address(&draft.address) {
                None => draft.error = Some(tf(lang, "lan.bad_address", &[&draft.address])),
                Some(addr) => {
                    let config = JoinConfig {
                        addr,
                        name: draft.name.trim().to_string(),
                        code: draft.code.trim().to_string(),
                        timing: Timing::default(),
                    };
                    match Lan::join(config) {
                        Ok(joining) => {
                            draft.error = None;
                            commands.insert_resource(joining);
                        }
                        Err(e) => draft.error = Some(e.to_string()),
                    }
                }
            }
        }
        if let Some(error) = &draft.error {
            ui.label(RichText::new(error).color(ERROR));
        }
    });
    if back {
        if joining.is_some() {
            commands.remove_resource::<Lan>();
        }
        next.set(Overlay::Main);
    }
    Ok(())
}
