//! The menu bar's actions: each item does what the screens' buttons and
//! the shortcuts do (the same messages), and is offered only where it
//! applies to the screen shown. Help > About shows the versions.

use iced::widget::{button, column, container, opaque, stack, text};
use iced::{Color, Element, Fill, Task};

use super::export::{Export, Kind as ExportKind};
use super::{App, Message, Screen, open_dialog};
use crate::screen::map;
use crate::screen::menu::{self, Action};
use crate::screen::unsaved::Pending;

impl App {
    /// The menu bar: the menu open, for tests.
    pub fn menu_bar(&self) -> &menu::MenuBar {
        &self.menu
    }

    pub(super) fn menu_message(
        &mut self,
        message: menu::Message,
    ) -> Task<Message> {
        match self.menu.update(message) {
            Some(action) if self.can(action) => self.act(action),
            _ => Task::none(),
        }
    }

    /// Whether `action` applies to the screen shown.
    pub fn can(&self, action: Action) -> bool {
        let on_map = matches!(self.screen, Screen::Map(_));
        let editing = matches!(
            self.screen,
            Screen::Map(_)
                | Screen::Oob(_)
                | Screen::Setup(_)
                | Screen::Timeline(_)
        );
        let in_pack = self.pack.root().is_some();
        match action {
            Action::NewPack | Action::RuleCodes | Action::About => true,
            Action::NewMap | Action::NewOob => {
                on_map || matches!(self.screen, Screen::Pack | Screen::Error(_))
            }
            Action::NewScenario | Action::NewGame => {
                in_pack && editing || matches!(self.screen, Screen::Pack)
            }
            Action::Open => {
                editing
                    || matches!(self.screen, Screen::Error(_) | Screen::Pack)
            }
            Action::Save | Action::Undo | Action::Redo => editing,
            Action::SaveAs | Action::Reload | Action::FitToWindow => on_map,
            Action::ImportVassal
            | Action::RegisterGrid
            | Action::SuggestTerrain => on_map,
            Action::PackPanel => in_pack && self.pack.is_hidden(),
            Action::ExportPng | Action::ExportTiled => {
                on_map && self.export_source(ExportKind::MapPng).is_some()
            }
            Action::ExportCounterSheet => {
                editing
                    && self.export_source(ExportKind::CounterSheet).is_some()
            }
            Action::ExportVassal => {
                editing
                    && self.export_source(ExportKind::VassalModule).is_some()
            }
            Action::OrderOfBattle => on_map && self.scenario_counters.is_some(),
            Action::Setup | Action::Timeline => {
                self.scenario_of_screen().is_some()
            }
        }
    }

    /// The scenario the Battle menu acts on: the Setup's or Timeline's,
    /// or the one the map was opened through.
    fn scenario_of_screen(&self) -> Option<std::path::PathBuf> {
        match &self.screen {
            Screen::Setup(s) => Some(s.doc().path().to_owned()),
            Screen::Timeline(s) => Some(s.doc().path().to_owned()),
            Screen::Map(_) => self.scenario.clone(),
            _ => None,
        }
    }

    /// Does `action`, as its button or shortcut does.
    fn act(&mut self, action: Action) -> Task<Message> {
        let on_map = |m: map::Message| Message::Map(m);
        match action {
            Action::NewPack => self.request(Pending::NewPack),
            Action::NewMap => self.request(Pending::NewMap),
            Action::NewOob => self.request(Pending::NewOob),
            Action::NewScenario => self.request(Pending::NewScenario),
            Action::NewGame => self.request(Pending::NewGame),
            Action::Open => open_dialog(self.folder()),
            Action::Save => self.route_edit(map::Message::Save),
            Action::SaveAs => self.route_edit(map::Message::SaveAs),
            Action::Undo => self.route_edit(map::Message::Undo),
            Action::Redo => self.route_edit(map::Message::Redo),
            Action::Reload => self.update(on_map(map::Message::Reload)),
            Action::FitToWindow => {
                self.update(on_map(map::Message::FitToWindow))
            }
            Action::ImportVassal => {
                self.update(on_map(map::Message::ImportVassal))
            }
            Action::RegisterGrid => {
                self.update(on_map(map::Message::RegisterGrid))
            }
            Action::SuggestTerrain => {
                self.update(on_map(map::Message::SuggestTerrain))
            }
            Action::PackPanel => self.update(Message::ShowPackPanel),
            Action::ExportPng => self.export(Export::Ask(ExportKind::MapPng)),
            Action::ExportCounterSheet => {
                self.export(Export::Ask(ExportKind::CounterSheet))
            }
            Action::ExportVassal => {
                self.export(Export::Ask(ExportKind::VassalModule))
            }
            Action::ExportTiled => {
                self.export(Export::Ask(ExportKind::TiledMap))
            }
            Action::OrderOfBattle => match self.scenario_counters.clone() {
                Some(c) => self.update(Message::OpenCounters(c)),
                None => Task::none(),
            },
            Action::Setup => match self.scenario_of_screen() {
                Some(s) => self.update(Message::OpenSetup(s)),
                None => Task::none(),
            },
            Action::Timeline => match self.scenario_of_screen() {
                Some(s) => self.update(Message::OpenTimeline(s)),
                None => Task::none(),
            },
            Action::RuleCodes => {
                let first = berthier_rules::Code::ALL[0];
                self.rule_codes.get_or_insert_with(|| {
                    crate::screen::rule_codes::RuleCodes::new(first)
                });
                Task::none()
            }
            Action::About => {
                self.about = true;
                Task::none()
            }
        }
    }
}

/// Help > About over `behind`: the editor's and its libraries' versions.
pub(super) fn about<'a>(behind: Element<'a, Message>) -> Element<'a, Message> {
    let card = container(
        column![
            text("Berthier").size(24),
            text(format!("Editor {}", env!("CARGO_PKG_VERSION"))),
            text(format!(
                "Files: format version {}",
                berthier_schema::FORMAT_VERSION
            )),
            text(
                "Hex-and-counter wargames: maps, orders of battle, scenarios."
            ),
            button("Close").on_press(Message::CloseAbout),
        ]
        .spacing(8),
    )
    .padding(16)
    .style(container::rounded_box);
    let dim = container(card)
        .center(Fill)
        .style(|_| container::background(Color::from_rgba(0., 0., 0., 0.3)));
    stack![behind, opaque(dim)].into()
}
