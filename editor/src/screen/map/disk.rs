//! Noticing that another program changed the map's file: the application
//! polls (see `app::DISK_CHECK_EVERY`); when the file's bytes
//! differ from what the screen last read or wrote, a banner offers
//! "Reload" (which asks first if there are unsaved changes) or "Keep mine"
//! (the next save writes the map over their version). Every save looks
//! first and writes nothing over a change it finds, so a change made
//! between two polls is never overwritten in silence. The screen's own
//! saves re-stamp the file, so they never raise the banner.

use iced::widget::{button, row, text};

use super::file::banner;
use super::{MapScreen, Message};
use berthier_tools::files::DiskStamp;

impl MapScreen {
    /// Compares the file with what the screen last read or wrote.
    pub(super) fn check_disk(&mut self) {
        if self.file.disk_changed.is_some() {
            return;
        }
        let Some(stamp) = self.file.disk else {
            self.stamp_disk();
            return;
        };
        let Some(now) = stamp.moved(&self.opened.path) else {
            return;
        };
        if now.same_content(&stamp) {
            self.file.disk = Some(now);
        } else {
            self.file.disk_changed = Some(now);
        }
    }

    /// Whether another program changed the file since the screen last read
    /// or wrote it, and the author has not yet said to keep their map
    /// ("Keep mine"): then a save writes nothing, the banner asks, and the
    /// notice says why (the 2-second poll may not have seen the change
    /// yet, so every save looks first).
    pub(super) fn changed_since_read(&mut self) -> bool {
        self.check_disk();
        if self.file.disk_changed.is_none() {
            return false;
        }
        self.notice = Some(
            "Not saved: the file changed on disk since it was read. Reload, \
             or Keep mine and save again."
                .to_owned(),
        );
        true
    }

    /// Records the file as it is now (after the screen wrote it).
    pub(super) fn stamp_disk(&mut self) {
        self.file.disk = DiskStamp::read(&self.opened.path);
        self.file.disk_changed = None;
    }

    /// Keeps the map as it is; only a further change shows the banner.
    pub(super) fn keep_mine(&mut self) {
        if let Some(now) = self.file.disk_changed.take() {
            self.file.disk = Some(now);
        }
    }

    /// Whether the banner says the file changed on disk.
    pub fn changed_on_disk(&self) -> bool {
        self.file.disk_changed.is_some()
    }

    /// "demo.map.ron changed on disk." [Reload] [Keep mine].
    pub(super) fn disk_banner(&self) -> Option<iced::Element<'_, Message>> {
        self.file.disk_changed?;
        let path = &self.opened.path;
        let name = path.file_name().unwrap_or(path.as_os_str());
        let what = if self.is_dirty() {
            "Reload drops your unsaved changes (you will be asked)."
        } else {
            "You have no unsaved changes."
        };
        Some(banner(
            row![
                text(format!(
                    "{} changed on disk. {what}",
                    name.to_string_lossy()
                )),
                button("Reload").on_press(Message::Reload),
                button("Keep mine").on_press(Message::KeepMine),
            ]
            .spacing(12)
            .align_y(iced::Center),
        ))
    }
}
