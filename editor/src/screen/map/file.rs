//! Saving the map screen's map, and its autosave: written every minute
//! while there are changes, removed on save, offered for recovery when a
//! map is opened and its autosave is newer than the file.

use std::path::PathBuf;
use std::sync::Arc;

use iced::Task;
use iced::widget::{button, container, row, text};

use super::{Event, MapScreen, Message};
use crate::files;
use crate::history::History;

impl MapScreen {
    /// Saves to the map's own file.
    pub(super) fn save(&mut self) -> Option<Event> {
        self.release();
        let path = self.opened.path.clone();
        match files::save_map(&self.opened.map, &path) {
            Ok(()) => {
                self.history.mark_saved();
                files::remove_autosave(&path);
                self.recovery = None;
                self.autosave_due = false;
                self.notice = Some(format!("Saved {}", path.display()));
                Some(Event::Saved(path))
            }
            Err(e) => {
                self.notice = Some(e);
                None
            }
        }
    }

    /// Opens the native Save As dialog; a machine with no dialog service
    /// answers `None`, which does nothing.
    pub(super) fn save_as_dialog(&self) -> Task<Message> {
        let path = &self.opened.path;
        let mut dialog = rfd::AsyncFileDialog::new()
            .set_title("Save map as")
            .add_filter("Map (RON)", &["ron"])
            .add_filter("Map (JSON)", &["json"]);
        if let Some(dir) = path.parent() {
            dialog = dialog.set_directory(dir);
        }
        if let Some(name) = path.file_name() {
            dialog = dialog.set_file_name(name.to_string_lossy());
        }
        Task::perform(dialog.save_file(), |handle| {
            Message::SaveTo(handle.map(|h| h.path().to_owned()))
        })
    }

    /// Saves to `path` and makes it the map's file; the map's relative
    /// paths (series, scan) are rewritten to keep pointing at the same
    /// files.
    pub(super) fn save_to(&mut self, path: PathBuf) -> Option<Event> {
        if let Err(e) = files::map_text(&self.opened.map, &path) {
            self.notice = Some(e);
            return None;
        }
        let old = std::mem::replace(&mut self.opened.path, path.clone());
        let map = Arc::make_mut(&mut self.opened.map);
        map.series = files::rebase(&map.series, &old, &path);
        map.scan = map.scan.as_deref().map(|s| files::rebase(s, &old, &path));
        let event = self.save();
        if event.is_none() {
            self.opened.path = old;
        }
        event
    }

    /// Writes the autosave when something changed since the last one.
    pub(super) fn autosave(&mut self) {
        if !self.autosave_due || !self.is_dirty() {
            return;
        }
        match files::autosave(&self.opened.map, &self.opened.path) {
            Ok(()) => self.autosave_due = false,
            Err(e) => self.notice = Some(e),
        }
    }

    /// Writes the autosave now if the map has unsaved changes (before the
    /// window closes or another file replaces it).
    pub fn autosave_if_dirty(&mut self) {
        self.release();
        self.autosave_due = true;
        self.autosave();
    }

    /// Replaces the map with the autosave's; the result is unsaved.
    pub(super) fn recover(&mut self) {
        let Some(rec) = self.recovery.take() else {
            return;
        };
        match files::load_recovery(&self.opened.path, &rec.path) {
            Ok(map) => {
                self.opened.map = Arc::new(map);
                self.history = History::unsaved();
                self.gesture = None;
                self.form = None;
                self.caches.clear();
                self.recheck();
                self.notice = Some("Recovered the autosaved changes".into());
            }
            Err(e) => self.notice = Some(e),
        }
    }

    /// Deletes the autosave.
    pub(super) fn discard_recovery(&mut self) {
        if let Some(rec) = self.recovery.take() {
            let _ = std::fs::remove_file(rec.path);
        }
    }

    /// "Recover unsaved changes from …?" [Recover] [Discard].
    pub(super) fn recovery_banner(&self) -> Option<iced::Element<'_, Message>> {
        let rec = self.recovery.as_ref()?;
        let when = files::describe_time(rec.written);
        Some(
            container(
                row![
                    text(format!("Recover unsaved changes from {when}?")),
                    button("Recover").on_press(Message::Recover),
                    button("Discard").on_press(Message::DiscardRecovery),
                ]
                .spacing(12)
                .align_y(iced::Center),
            )
            .padding(6)
            .style(container::rounded_box)
            .into(),
        )
    }
}
