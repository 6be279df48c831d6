//! The pack: its documents listed by kind (maps, orders of battle,
//! scenarios, games, series) under their names, each opened with a click,
//! and the buttons that start a new one. Shown as a side panel beside
//! every screen of a document in a pack, and as the whole window when the
//! pack is open with no document yet (just made by New pack, or given to
//! the editor as a folder).

use std::path::{Path, PathBuf};

use iced::widget::{
    Column, button, column, container, row, rule, scrollable, text,
};
use iced::{Element, Fill, Length};

use berthier_schema::DocKind;
use berthier_tools::pack::{Pack, PackFile};

/// How wide the side panel is: names of 25 characters fit.
const PANEL_WIDTH: f32 = 230.0;

/// The listed pack.
#[derive(Debug, Clone)]
pub struct PackPanel {
    pack: Pack,
    /// The document shown, canonical (marked in the list).
    current: Option<PathBuf>,
}

/// What the panel handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// Open this document.
    Open(PathBuf),
    /// List the pack's files again (after files were added outside).
    Refresh,
    /// Start a new map in the pack.
    NewMap,
    /// Start a new order of battle in the pack.
    NewOob,
    /// Start a new scenario in the pack.
    NewScenario,
    /// Start a new game on several maps of the pack.
    NewGame,
    /// Start another pack.
    NewPack,
    /// Open a file with the Open dialog.
    OpenOther,
    /// Hide the side panel.
    Hide,
}

/// What the panel asks of the application.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Open this document (once unsaved changes are dealt with).
    Open(PathBuf),
    /// Start a new map.
    NewMap,
    /// Start a new order of battle.
    NewOob,
    /// Start a new scenario.
    NewScenario,
    /// Start a new game.
    NewGame,
    /// Start another pack.
    NewPack,
    /// Ask for a file with the Open dialog, starting in the pack.
    OpenDialog,
    /// Hide the side panel.
    Hide,
}

impl PackPanel {
    /// Lists the pack rooted at `root`.
    pub fn list(root: &Path) -> Self {
        Self {
            pack: Pack::list(root),
            current: None,
        }
    }

    /// Marks `path` as the document shown (`None`: none is).
    pub fn set_current(&mut self, path: Option<&Path>) {
        self.current = path.map(|p| p.canonicalize().unwrap_or(p.to_owned()));
    }

    /// The pack's folder.
    pub fn root(&self) -> &Path {
        &self.pack.root
    }

    /// The pack listed.
    pub fn pack(&self) -> &Pack {
        &self.pack
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Open(path) => Some(Event::Open(path)),
            Message::Refresh => {
                self.pack = Pack::list(&self.pack.root);
                None
            }
            Message::NewMap => Some(Event::NewMap),
            Message::NewOob => Some(Event::NewOob),
            Message::NewScenario => Some(Event::NewScenario),
            Message::NewGame => Some(Event::NewGame),
            Message::NewPack => Some(Event::NewPack),
            Message::OpenOther => Some(Event::OpenDialog),
            Message::Hide => Some(Event::Hide),
        }
    }

    /// The side panel, the document shown marked.
    pub fn view_panel(&self) -> Element<'_, Message> {
        let head = row![
            text(self.pack.title()).size(16).width(Fill),
            button(text("↻").size(13))
                .style(button::text)
                .on_press(Message::Refresh),
            button(text("«").size(13))
                .style(button::text)
                .on_press(Message::Hide),
        ]
        .align_y(iced::Center);
        let new = column![
            button(text("New scenario…").size(13))
                .style(button::secondary)
                .on_press(Message::NewScenario),
            button(text("New game…").size(13))
                .style(button::secondary)
                .on_press(Message::NewGame),
        ];
        let body = column![head, self.lists(13.0), new].spacing(8);
        container(scrollable(body.padding([8, 8])))
            .width(Length::Fixed(PANEL_WIDTH))
            .height(Fill)
            .style(container::bordered_box)
            .into()
    }

    /// The whole window, when no document of the pack is open.
    pub fn view_home(&self) -> Element<'_, Message> {
        let empty = self.pack.files.is_empty();
        let hint = if empty {
            "Nothing here yet. A battle starts with its map (from a scan), \
             then its order of battle, then a scenario on both."
        } else {
            "Open a document, or start a new one."
        };
        let page = column![
            text(format!("Pack: {}", self.pack.title())).size(24),
            text(self.pack.root.display().to_string()).size(13),
            text(hint).size(14),
            row![
                button("New map…").on_press(Message::NewMap),
                button("New order of battle…").on_press(Message::NewOob),
                button("New scenario…").on_press(Message::NewScenario),
                button("New game…").on_press(Message::NewGame),
                button("Open…")
                    .style(button::secondary)
                    .on_press(Message::OpenOther),
                button("New pack…")
                    .style(button::secondary)
                    .on_press(Message::NewPack),
                button("Refresh")
                    .style(button::secondary)
                    .on_press(Message::Refresh),
            ]
            .spacing(10),
            rule::horizontal(1),
            self.lists(15.0),
        ]
        .spacing(12)
        .padding(20)
        .max_width(820);
        scrollable(container(page).center_x(Fill)).into()
    }

    /// The documents under a heading per kind; kinds with none say so,
    /// so a new pack shows what it will hold.
    fn lists(&self, size: f32) -> Element<'_, Message> {
        let mut col = Column::new().spacing(4);
        for (kind, heading) in HEADINGS {
            col = col.push(text(heading).size(size + 1.0));
            let mut any = false;
            for file in self.pack.of_kind(kind) {
                any = true;
                col = col.push(entry(file, self.current.as_deref(), size));
            }
            if !any {
                col = col.push(
                    text("none yet").size(size - 1.0).style(text::secondary),
                );
            }
        }
        col.into()
    }
}

/// The kinds listed, in order, with their headings.
const HEADINGS: [(DocKind, &str); 5] = [
    (DocKind::Map, "Maps"),
    (DocKind::Counters, "Orders of battle"),
    (DocKind::Scenario, "Scenarios"),
    (DocKind::Game, "Games"),
    (DocKind::Series, "Series"),
];

fn entry<'a>(
    file: &'a PackFile,
    current: Option<&Path>,
    size: f32,
) -> Element<'a, Message> {
    let shown = current == Some(file.path.as_path());
    let style = if shown { button::primary } else { button::text };
    button(text(file.name.as_str()).size(size))
        .style(style)
        .width(Fill)
        .padding([2, 6])
        .on_press(Message::Open(file.path.clone()))
        .into()
}
