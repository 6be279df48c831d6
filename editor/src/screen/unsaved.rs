//! The question asked before unsaved changes would be dropped (opening
//! another file, reloading, closing the window, starting a new map): "Unsaved changes to X."
//! Save / Discard / Cancel. It is drawn in the window, across the top of
//! the screen it protects, which stays visible but dimmed and inert below.
//! Also what every screen editing one file shares for it: [`FileScreen`] and
//! the `*` of the window [`title`].

use std::path::{Path, PathBuf};

use iced::widget::{button, column, container, opaque, row, stack, text};
use iced::{Color, Element, Fill, window};

/// A screen editing one file (order of battle, setup, timeline), whose
/// unsaved changes the question protects.
pub trait FileScreen {
    /// The file edited.
    fn file(&self) -> &Path;
    /// Whether it differs from the file.
    fn has_unsaved(&self) -> bool;
    /// Saves it as the screen's Save does; the file when it was written
    /// (a save that fails says why in the screen).
    fn save_file(&mut self) -> Option<PathBuf>;
}

/// The window title of a screen editing `file`: `{kind}{name} — file.ron`,
/// with ` *` while it has unsaved changes.
pub fn title(kind: &str, name: &str, file: &Path, dirty: bool) -> String {
    let file = file.file_name().unwrap_or_default();
    let dirty = if dirty { " *" } else { "" };
    format!(
        "{kind}{name} — {}{dirty} - Berthier",
        file.to_string_lossy()
    )
}

/// What waits for the answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pending {
    /// Open this file in place of the map.
    Open(PathBuf),
    /// Read the map's file again.
    Reload,
    /// Close the window.
    Close(window::Id),
    /// Start a new map.
    NewMap,
    /// Start a new order of battle.
    NewOob,
    /// Start a new pack.
    NewPack,
    /// Start a new scenario.
    NewScenario,
    /// Start a new game on several maps.
    NewGame,
    /// Open this scenario's Setup screen.
    Setup(PathBuf),
    /// Open this scenario's reinforcement timeline.
    Timeline(PathBuf),
}

/// The question's state.
#[derive(Debug, Clone)]
pub struct UnsavedPrompt {
    /// The file name of the map with the changes.
    file: String,
    then: Pending,
}

/// The answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Message {
    /// Save the map, then go on.
    Save,
    /// Drop the changes (and their autosave), then go on.
    Discard,
    /// Stay with the map; nothing happens.
    Cancel,
}

impl UnsavedPrompt {
    /// Asks about the unsaved changes to the map at `file` before `then`.
    pub fn new(file: &Path, then: Pending) -> Self {
        let file = file.file_name().map_or_else(
            || file.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        Self { file, then }
    }

    /// What waits for the answer.
    pub fn pending(&self) -> &Pending {
        &self.then
    }

    /// Gives up the question for what was waiting.
    pub fn into_pending(self) -> Pending {
        self.then
    }

    /// "Unsaved changes to demo.map.ron."
    pub fn question(&self) -> String {
        format!("Unsaved changes to {}.", self.file)
    }

    /// The question across the top of `behind`, which is dimmed and takes
    /// no input while it shows.
    pub fn view<'a, M: Clone + 'a>(
        &'a self,
        behind: Element<'a, M>,
        answer: impl Fn(Message) -> M + 'a,
    ) -> Element<'a, M> {
        let then = match self.then {
            Pending::Open(_) => "Save them before opening the other file?",
            Pending::Reload => "Save them before reading the file again?",
            Pending::Close(_) => "Save them before closing?",
            Pending::NewMap => "Save them before starting a new map?",
            Pending::NewOob => {
                "Save them before starting a new order of battle?"
            }
            Pending::NewPack => "Save them before starting a new pack?",
            Pending::NewScenario => "Save them before starting a new scenario?",
            Pending::NewGame => "Save them before starting a new game?",
            Pending::Setup(_) => "Save them before setting up the scenario?",
            Pending::Timeline(_) => "Save them before opening the timeline?",
        };
        let card = container(
            row![
                column![text(self.question()).size(18), text(then)].spacing(4),
                button("Save first").on_press(answer(Message::Save)),
                button("Discard changes")
                    .style(button::danger)
                    .on_press(answer(Message::Discard)),
                button("Cancel")
                    .style(button::secondary)
                    .on_press(answer(Message::Cancel)),
            ]
            .spacing(14)
            .align_y(iced::Center),
        )
        .padding(12)
        .width(Fill)
        .style(container::rounded_box);
        let dim = container(text("")).width(Fill).height(Fill).style(|_| {
            container::background(Color::from_rgba(0., 0., 0., 0.3))
        });
        // Over the screen rather than above it: the page does not move
        // (moving it left a strip of the old map over the toolbar with the
        // CPU renderer, seen under Xvfb), and the screen below cannot be
        // used.
        stack![behind, opaque(column![card, dim])].into()
    }
}
