//! The autosave of an order of battle, a setup or a schedule offered back
//! when the document opens (after a crash, or a close without saving):
//! "Recover unsaved changes from …?" [Recover] [Discard], and the
//! periodic autosave itself. The document does the work
//! ([`berthier_tools::edited::Recoverable`]); this is the question.

use iced::Element;
use iced::widget::{button, container, row, text};

use berthier_tools::edited::Recoverable;
use berthier_tools::files::{self, Recovery};

/// What the question handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// Take the autosave's changes (one undo step over the file).
    Recover,
    /// Delete the autosave.
    Discard,
    /// Time to write the autosave (unsaved changes only).
    Autosave,
}

/// The autosave found when the document opened, until answered.
#[derive(Debug, Clone, Default)]
pub struct Offer(Option<Recovery>);

impl Offer {
    /// The autosave `doc` left, if any.
    pub fn of(doc: &impl Recoverable) -> Self {
        Self(doc.recovery())
    }

    /// Whether the question shows.
    pub fn is_open(&self) -> bool {
        self.0.is_some()
    }

    /// Handles a message for `doc`; what to tell the author, if anything.
    pub fn update(
        &mut self,
        doc: &mut impl Recoverable,
        message: Message,
    ) -> Option<String> {
        match message {
            Message::Recover => {
                let rec = self.0.take()?;
                match doc.recover(&rec) {
                    Ok(()) => Some("Recovered the autosaved changes".into()),
                    Err(e) => Some(e.to_string()),
                }
            }
            Message::Discard => {
                let rec = self.0.take()?;
                let _ = std::fs::remove_file(rec.path);
                None
            }
            // Not while the question is open: the autosave it offers
            // would be written over.
            Message::Autosave if self.is_open() => None,
            Message::Autosave => doc.autosave().err().map(|e| e.to_string()),
        }
    }

    /// The question, while it is open.
    pub fn view<'a, M: Clone + 'a>(
        &self,
        message: impl Fn(Message) -> M,
    ) -> Option<Element<'a, M>> {
        let rec = self.0.as_ref()?;
        let when = files::describe_time(rec.written);
        let line = row![
            text(format!("Recover unsaved changes from {when}?")),
            button("Recover").on_press(message(Message::Recover)),
            button("Discard").on_press(message(Message::Discard)),
        ]
        .spacing(12)
        .align_y(iced::Center);
        Some(
            container(line)
                .padding(6)
                .style(container::rounded_box)
                .into(),
        )
    }
}
