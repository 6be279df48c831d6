//! The work bar above the screen: what long work runs (a VASSAL import,
//! an export) and how the last one ended, until dismissed.

use iced::widget::{button, column, container, row, text};
use iced::{Element, Fill};

use super::{App, Message};

/// What the bar says.
#[derive(Debug, Clone, PartialEq)]
pub enum Status {
    /// Work is running: what, and its last step.
    Running(String),
    /// The last work's outcome.
    Ended(String),
}

impl App {
    /// The bar, if work runs or ended.
    pub fn work_status(&self) -> Option<&Status> {
        self.work_status.as_ref()
    }
}

/// `screen` under the bar.
pub(super) fn with_bar<'a>(
    screen: Element<'a, Message>,
    status: Option<&'a Status>,
) -> Element<'a, Message> {
    let bar: Element<'a, Message> = match status {
        None => return screen,
        Some(Status::Running(s)) => text(s).into(),
        Some(Status::Ended(s)) => row![
            text(s).width(Fill),
            button("Dismiss").on_press(Message::DismissStatus),
        ]
        .spacing(8)
        .align_y(iced::Center)
        .into(),
    };
    column![
        container(bar).padding([4, 8]).style(container::rounded_box),
        screen
    ]
    .into()
}
