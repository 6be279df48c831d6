//! Another program changing the scenario while Setup shows it: every
//! two seconds the file is compared with what was read, and a banner says
//! so, with **Reload** (read it again, dropping the edits made here) and
//! **Keep mine** (go on; a save patches the file as it now is, keeping
//! the other program's change where it does not touch the same values).

use iced::widget::{button, container, row, text};
use iced::{Color, Element};

use super::{Event, Message, SetupScreen};

impl SetupScreen {
    /// Looks whether the file changed on disk (the banner then shows).
    pub(super) fn check_disk(&mut self) {
        if !self.disk_changed {
            self.disk_changed = self.doc.changed_on_disk();
        }
    }

    /// The author's answer to the banner: Reload asks the application to
    /// open the file again; Keep mine takes the file as now read.
    pub(super) fn answer_disk(&mut self, reload: bool) -> Option<Event> {
        self.disk_changed = false;
        if reload {
            return Some(Event::Reload(self.doc.path().to_owned()));
        }
        self.doc.accept_disk();
        None
    }

    /// Whether the banner shows.
    pub fn disk_changed(&self) -> bool {
        self.disk_changed
    }

    /// The banner, while the file changed on disk.
    pub(super) fn disk_banner(&self) -> Option<Element<'_, Message>> {
        if !self.disk_changed {
            return None;
        }
        let lost = if self.doc.is_dirty() {
            " Reload drops the changes made here."
        } else {
            ""
        };
        let bar = row![
            text(format!(
                "Another program changed this scenario's file.{lost}"
            ))
            .size(14),
            button("Reload").on_press(Message::DiskAnswer(true)),
            button("Keep mine")
                .style(button::secondary)
                .on_press(Message::DiskAnswer(false)),
        ]
        .spacing(10)
        .align_y(iced::Center);
        Some(
            container(bar)
                .padding(6)
                .style(|_| {
                    container::background(Color::from_rgb8(0xff, 0xf1, 0xc4))
                })
                .into(),
        )
    }
}
