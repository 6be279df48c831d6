//! The tab bar of a game on several maps ([`berthier_tools::game`]): one tab per
//! map, the battle the tab's map is opened through (its setup, timeline
//! and order of battle are on the bar below), and the battles that did
//! not open. The screens inside the tabs are the editor's usual ones; the
//! application keeps those of the tabs not shown.

use std::path::PathBuf;

use iced::widget::{button, column, container, pick_list, row, text};
use iced::{Center, Color, Element};

use berthier_tools::game::{BattleFile, GameDoc, marks};

/// The tabs' state.
#[derive(Debug, Clone)]
pub struct GameTabs {
    doc: GameDoc,
    active: usize,
}

/// What the bar handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// Show this tab.
    Tab(usize),
    /// Open the active tab's map through this battle's scenario.
    Battle(BattleChoice),
}

/// What the bar asks of the application.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// Show tab `to` in place of tab `from`.
    Switch {
        /// The tab shown until now.
        from: usize,
        /// The tab to show.
        to: usize,
    },
    /// Open this scenario's map in the active tab.
    Open(PathBuf),
}

/// A battle in the picker: its scenario's name.
#[derive(Debug, Clone, PartialEq)]
pub struct BattleChoice(pub BattleFile);

impl std::fmt::Display for BattleChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.0.name, self.0.id)
    }
}

impl GameTabs {
    /// The tabs of `doc`, the first shown.
    pub fn new(doc: GameDoc) -> Self {
        Self { doc, active: 0 }
    }

    /// The game.
    pub fn doc(&self) -> &GameDoc {
        &self.doc
    }

    /// The tab shown.
    pub fn active(&self) -> usize {
        self.active
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Tab(to)
                if to < self.doc.maps.len() && to != self.active =>
            {
                let from = std::mem::replace(&mut self.active, to);
                Some(Event::Switch { from, to })
            }
            Message::Tab(_) => None,
            Message::Battle(choice) => Some(Event::Open(choice.0.scenario)),
        }
    }

    /// The bar: the game's name, a button per map (the shown one
    /// highlighted), and the battle its map is opened through
    /// (`scenario`, when the tab shows one of its battles).
    pub fn view(
        &self,
        scenario: Option<&std::path::Path>,
    ) -> Element<'_, Message> {
        let mut tabs = row![text(&self.doc.name).size(15)]
            .spacing(6)
            .align_y(Center);
        for (i, map) in self.doc.maps.iter().enumerate() {
            let style = if i == self.active {
                button::primary
            } else {
                button::secondary
            };
            let label =
                format!("{} ({})", marks::short(&map.name), map.battles.len());
            tabs = tabs.push(
                button(text(label).size(14))
                    .padding([3, 12])
                    .style(style)
                    .on_press(Message::Tab(i)),
            );
        }
        tabs = tabs.push(self.battle_picker(scenario));
        let mut bar = column![tabs].spacing(2);
        for w in &self.doc.warnings {
            bar = bar.push(
                text(format!("Not opened: {w}"))
                    .size(12)
                    .color(Color::from_rgb8(0xa0, 0x20, 0x20)),
            );
        }
        container(bar).padding([4, 8]).into()
    }

    fn battle_picker(
        &self,
        scenario: Option<&std::path::Path>,
    ) -> Element<'_, Message> {
        let Some(map) = self.doc.maps.get(self.active) else {
            return row![].into();
        };
        let shown = scenario.map(berthier_tools::game::normal);
        let current = map
            .battles
            .iter()
            .find(|b| Some(berthier_tools::game::normal(&b.scenario)) == shown)
            .cloned()
            .map(BattleChoice);
        let choices: Vec<BattleChoice> =
            map.battles.iter().cloned().map(BattleChoice).collect();
        row![
            text("   Battle:").size(14),
            pick_list(choices, current, Message::Battle)
                .placeholder("pick a battle")
                .text_size(14),
        ]
        .spacing(6)
        .align_y(Center)
        .into()
    }
}
