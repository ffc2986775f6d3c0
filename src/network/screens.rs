//! The Host and Join screens (egui overlays chosen by [`Overlay`]): the
//! host picks the game and waits, showing its addresses, port and code;
//! the joiner picks a game found on the network or types an address and
//! the code. Once someone sits down the board comes back.

use super::reasons::{
    cannot_host_text, disconnect_text, net_error_text, refusal_text, violation_text,
};
use super::session::{Lan, LogLine, Role, broadcast_target};
use crate::i18n::opening as opening_text;
use crate::i18n::{Language, rule_name, t, tf};
use crate::settings::Settings;
use crate::ui_core::colours::colours;
use crate::ui_core::widgets;
use crate::ui_core::{Overlay, pickers};
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use gomoku_engine::opening::OpeningRule;
use gomoku_engine::{Color as StoneColor, Rule};
use gomoku_net::discovery::{self, Browser, Found};
use gomoku_net::{
    ClockSettings, Disconnect, GameSettings, HostConfig, JoinConfig, NetError, Timing,
};
use std::net::SocketAddr;
use std::time::Duration;

/// Games not heard from for this long drop off the list.
const FRESH: Duration = Duration::from_secs(4);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HostDraft>()
        .init_resource::<JoinDraft>()
        .init_resource::<DiscoveryListen>()
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
/// the account's name, else "Player" in the player's language.
pub(super) fn default_name(settings: &Settings) -> String {
    let given = settings.player_names[0].trim();
    if !given.is_empty() {
        return given.to_string();
    }
    ["USER", "USERNAME"]
        .into_iter()
        .find_map(|var| std::env::var(var).ok().filter(|n| !n.trim().is_empty()))
        .unwrap_or_else(|| t(settings.language, "lan.default_name").to_string())
}

/// The host's choices.
#[derive(Resource)]
pub(super) struct HostDraft {
    name: String,
    rule: Rule,
    opening: OpeningRule,
    host_color: StoneColor,
    timed: bool,
    minutes: u32,
    increment_secs: u32,
    port: u16,
    announce: bool,
    pub(super) error: Option<String>,
}

impl Default for HostDraft {
    fn default() -> Self {
        HostDraft {
            name: String::new(),
            rule: Rule::Renju,
            opening: OpeningRule::Free,
            host_color: StoneColor::Black,
            timed: false,
            minutes: 10,
            increment_secs: 5,
            port: gomoku_net::DEFAULT_PORT,
            announce: true,
            error: None,
        }
    }
}

impl HostDraft {
    /// The choices that make `config` (to try again after it failed).
    pub(super) fn from_config(config: &HostConfig) -> HostDraft {
        let game = &config.settings;
        let defaults = HostDraft::default();
        HostDraft {
            name: config.name.clone(),
            rule: game.rule,
            opening: game.opening,
            host_color: game.host_color,
            timed: game.clock.is_some(),
            minutes: game
                .clock
                .map_or(defaults.minutes, |c| (c.initial_ms / 60_000).max(1) as u32),
            increment_secs: game
                .clock
                .map_or(defaults.increment_secs, |c| (c.increment_ms / 1000) as u32),
            port: config.bind.port(),
            ..defaults
        }
    }

    fn config(&self) -> HostConfig {
        HostConfig {
            bind: SocketAddr::from(([0, 0, 0, 0], self.port)),
            name: self.name.trim().to_string(),
            code: None,
            settings: GameSettings {
                rule: self.rule,
                opening: self.opening,
                host_color: self.host_color,
                clock: self.timed.then(|| ClockSettings {
                    initial_ms: u64::from(self.minutes.max(1)) * 60_000,
                    increment_ms: u64::from(self.increment_secs) * 1000,
                }),
            },
            timing: Timing::default(),
        }
    }
}

/// The joiner's choices.
#[derive(Resource, Default)]
pub(super) struct JoinDraft {
    pub(super) name: String,
    pub(super) address: String,
    pub(super) code: String,
    pub(super) error: Option<String>,
}

/// Where the Join screen listens for announced games: the discovery port
/// on every interface (a test listens elsewhere).
#[derive(Resource, Clone, Copy, Debug)]
pub struct DiscoveryListen(pub SocketAddr);

impl Default for DiscoveryListen {
    fn default() -> Self {
        DiscoveryListen(SocketAddr::from(([0, 0, 0, 0], discovery::DEFAULT_PORT)))
    }
}

/// Listens for announced games while the Join screen is open; why not,
/// when the port cannot be listened on.
#[derive(Resource)]
pub struct Discovery(Result<Browser, NetError>);

impl Discovery {
    /// The games heard lately, as the Join screen lists them.
    pub fn games(&self) -> Result<Vec<Found>, &NetError> {
        match &self.0 {
            Ok(browser) => Ok(browser.games(FRESH)),
            Err(e) => Err(e),
        }
    }

    /// Where the announcements are listened for.
    pub fn local_addr(&self) -> Option<SocketAddr> {
        self.0.as_ref().ok().map(Browser::local_addr)
    }
}

fn start_browsing(mut commands: Commands, listen: Res<DiscoveryListen>) {
    let browser = Browser::start(listen.0).map_err(|e| NetError::from(&e));
    commands.insert_resource(Discovery(browser));
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

/// A screen of "Network game": the title, the Host and Join tabs, then
/// `add`. True when the player pressed Back.
fn network_screen(
    ctx: &egui::Context,
    lang: Language,
    current: Overlay,
    next: &mut NextState<Overlay>,
    add: impl FnOnce(&mut egui::Ui),
) -> bool {
    let mut back = false;
    widgets::screen(ctx, &format!("{current:?}"), 640.0, |ui| {
        back = widgets::title_bar(ui, lang, t(lang, "lan.title"));
        tabs(ui, lang, current, next);
        add(ui);
    });
    back
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
                .on_hover_text(t(lang, "tip.lan_screen"))
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
    )
    .on_hover_text(t(lang, "tip.lan_name"));
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
    let back = network_screen(ctx, lang, Overlay::LanHost, &mut next, |ui| {
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
                        Err(e) => draft.error = Some(cannot_host_text(lang, &e)),
                    }
                }
                if let Some(error) = &draft.error {
                    ui.label(RichText::new(error).color(colours(ui.ctx()).warning));
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
            pickers::rule_row(ui, lang, &mut d.rule);
            ui.end_row();
            ui.label(t(lang, "new.opening"));
            pickers::opening_picker(ui, lang, d.rule, &mut d.opening);
            ui.end_row();
            ui.label(t(lang, "new.you_play"));
            pickers::colour_row(ui, lang, d.opening, &mut d.host_color);
            ui.end_row();
            ui.label(t(lang, "new.clock"));
            ui.vertical(|ui| {
                ui.horizontal(|ui| {
                    let tip = t(lang, "tip.lan_timed");
                    ui.radio_value(&mut d.timed, false, t(lang, "clock.none"))
                        .on_hover_text(tip);
                    ui.radio_value(&mut d.timed, true, t(lang, "clock.per_game"))
                        .on_hover_text(tip);
                });
                if d.timed {
                    pickers::game_clock_fields(ui, lang, &mut d.minutes, &mut d.increment_secs);
                }
                ui.label(RichText::new(t(lang, "lan.clock_host")).small().weak());
            });
            ui.end_row();
            ui.label(t(lang, "lan.port"));
            ui.add(egui::DragValue::new(&mut d.port).range(1024..=65535))
                .on_hover_text(t(lang, "tip.lan_port"));
            ui.end_row();
            ui.label("");
            ui.checkbox(&mut d.announce, t(lang, "lan.announce"))
                .on_hover_text(t(lang, "tip.lan_announce"));
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
                    .color(colours(ui.ctx()).accent),
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
                    ui.label(
                        RichText::new(t(lang, "lan.no_addresses")).color(colours(ui.ctx()).warning),
                    );
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
    ui.button(t(lang, "lan.stop_hosting"))
        .on_hover_text(t(lang, "lan.stop_hosting_tip"))
        .clicked()
}

/// The session's log as the screens and the board panel show it.
pub fn log_lines(ui: &mut egui::Ui, lang: Language, log: &[LogLine]) {
    for line in log {
        let (text, warning) = log_line_text(lang, line);
        let text = RichText::new(text);
        ui.label(if warning {
            text.color(colours(ui.ctx()).warning)
        } else {
            text
        });
    }
}

/// A line of the log in `lang`, and whether it is a warning.
pub fn log_line_text(lang: Language, line: &LogLine) -> (String, bool) {
    match line {
        LogLine::Chat { from, text } => (format!("{from}: {text}"), false),
        LogLine::Joined(name) => (tf(lang, "lan.joined", &[name]), false),
        LogLine::Lost(why) => (tf(lang, "lan.lost", &[&disconnect_text(lang, why)]), true),
        LogLine::TurnedAway { peer, why } => match why {
            Disconnect::Violation(v) => (
                tf(lang, "lan.turned_away", &[peer, &violation_text(lang, v)]),
                true,
            ),
            _ => (
                tf(lang, "lan.left_early", &[peer, &disconnect_text(lang, why)]),
                true,
            ),
        },
        LogLine::Refused(why) => (refusal_text(lang, why), true),
        LogLine::UndoDeclined => (t(lang, "lan.undo_declined").to_string(), false),
        LogLine::DrawDeclined => (t(lang, "lan.draw_declined").to_string(), false),
    }
}

/// A game on the Join list: who, the rule (with the opening rule when
/// there is one) and where.
pub fn found_line(lang: Language, found: &Found) -> String {
    let a = &found.announcement;
    let mut rule = rule_name(lang, a.rule).to_string();
    match a.opening_rule() {
        Some(OpeningRule::Free) => {}
        Some(opening) => rule = format!("{rule} {}", opening_text::rule_name(lang, opening)),
        None => rule = format!("{rule} {}", a.opening),
    }
    format!("{} · {rule} · {}", a.name, found.addr)
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
    if let Some(why) = joining.and_then(|lan| lan.down.as_ref()) {
        draft.error = Some(disconnect_text(lang, why));
        commands.remove_resource::<Lan>();
    }
    let back = network_screen(ctx, lang, Overlay::LanJoin, &mut next, |ui| {
        widgets::section(ui, t(lang, "lan.found"));
        match discovery.as_deref().map(Discovery::games) {
            Some(Ok(games)) => {
                if games.is_empty() {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(RichText::new(t(lang, "lan.searching")).weak());
                    });
                }
                for found in games {
                    let text = found_line(lang, &found);
                    if ui
                        .selectable_label(draft.address == found.addr.to_string(), text)
                        .on_hover_text(t(lang, "tip.lan_found"))
                        .clicked()
                    {
                        draft.address = found.addr.to_string();
                    }
                }
            }
            Some(Err(e)) => {
                let why = net_error_text(lang, e);
                ui.label(
                    RichText::new(tf(lang, "lan.cannot_listen", &[&why]))
                        .color(colours(ui.ctx()).warning),
                );
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
                )
                .on_hover_text(t(lang, "tip.lan_address"));
                ui.end_row();
                ui.label(t(lang, "lan.code"));
                ui.add(
                    egui::TextEdit::singleline(&mut draft.code)
                        .hint_text("K7M2QX")
                        .char_limit(16)
                        .desired_width(120.0),
                )
                .on_hover_text(t(lang, "tip.lan_code"));
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
            if ui
                .button(t(lang, "new.cancel"))
                .on_hover_text(t(lang, "tip.lan_cancel"))
                .clicked()
            {
                commands.remove_resource::<Lan>();
            }
            return;
        }
        let ready = [&draft.name, &draft.address, &draft.code]
            .iter()
            .all(|field| !field.trim().is_empty());
        if start_button(ui, t(lang, "lan.join"), ready) {
            // A name is looked up once, when Join is pressed.
            match gomoku_net::join_address(&draft.address) {
                // The resolver's words would be English: the address says it.
                Err(_) => {
                    let typed = draft.address.trim().to_string();
                    draft.error = Some(tf(lang, "lan.bad_address", &[&typed]));
                }
                Ok(addr) => {
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
            ui.label(RichText::new(error).color(colours(ui.ctx()).warning));
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
