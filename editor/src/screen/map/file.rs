//! Saving the map screen's map (asking before a save would rewrite the
//! whole file and lose its comments), and its autosave: written every minute
//! while there are changes, removed on save, offered for recovery when a
//! map is opened and its autosave is newer than the file.

use std::path::PathBuf;
use std::sync::Arc;

use berthier_schema::edit::{Edit, Properties};
use iced::Task;
use iced::widget::{button, container, row, text};

use super::{Event, MapScreen, Message};
use berthier_tools::files::{self, SaveOutcome};
use berthier_tools::history::History;

impl MapScreen {
    /// Saves to the map's own file, keeping its comments and layout; when
    /// that is not possible nothing is written and the screen asks (see
    /// [`Self::rewrite_banner`]).
    pub(super) fn save(&mut self) -> Option<Event> {
        self.release();
        if self.changed_since_read() {
            return None;
        }
        let path = self.opened.path.clone();
        let result = files::save_map(&self.opened.map, &path);
        self.saved(path, result)
    }

    /// Saves by rewriting the whole file: the author agreed to lose its
    /// comments and layout.
    pub(super) fn rewrite_whole(&mut self) -> Option<Event> {
        self.release();
        if self.changed_since_read() {
            return None;
        }
        self.write_whole()
    }

    fn write_whole(&mut self) -> Option<Event> {
        let path = self.opened.path.clone();
        let result = files::rewrite_map(&self.opened.map, &path)
            .map(|()| SaveOutcome::Saved);
        self.saved(path, result)
    }

    fn saved(
        &mut self,
        path: PathBuf,
        result: Result<SaveOutcome, files::FileError>,
    ) -> Option<Event> {
        self.file.rewrite = None;
        match result {
            Ok(SaveOutcome::Saved) => {
                self.paint.history.mark_saved();
                self.stamp_disk();
                files::remove_autosave(&path);
                self.file.recovery = None;
                self.file.autosave_due = false;
                self.notice = Some(format!("Saved {}", path.display()));
                Some(Event::Saved(path))
            }
            Ok(SaveOutcome::NeedsRewrite { comments }) => {
                self.file.rewrite = Some(comments);
                self.notice = Some("Not saved".to_owned());
                None
            }
            Err(e) => {
                self.notice = Some(e.to_string());
                None
            }
        }
    }

    /// A save refused because it would lose the file's comments.
    pub fn rewrite_pending(&self) -> Option<usize> {
        self.file.rewrite
    }

    /// "This save cannot keep the file's comments and layout (N comments
    /// would be lost)." [Rewrite the whole file] [Save As…] [Cancel].
    pub(super) fn rewrite_banner(&self) -> Option<iced::Element<'_, Message>> {
        let comments = self.file.rewrite?;
        let lost = crate::screen::rewrite::lost(comments);
        Some(banner(
            row![
                text(format!(
                    "This save cannot keep the file's comments and layout \
                     ({lost})."
                )),
                button("Rewrite the whole file")
                    .on_press(Message::RewriteWhole),
                button("Save As…").on_press(Message::SaveAs),
                button("Cancel").on_press(Message::CancelRewrite),
            ]
            .spacing(12)
            .align_y(iced::Center),
        ))
    }

    /// Opens the native Save As dialog on `file_name` in the map's folder;
    /// a machine with no dialog service answers `None`, which does nothing.
    pub(super) fn save_as_dialog(&self, file_name: &str) -> Task<Message> {
        let path = &self.opened.path;
        let mut dialog = rfd::AsyncFileDialog::new()
            .set_title("Save map as")
            .add_filter("Map (RON)", &["ron"])
            .add_filter("Map (JSON)", &["json"]);
        if let Some(dir) = path.parent() {
            dialog = dialog.set_directory(dir);
        }
        dialog = dialog.set_file_name(file_name);
        Task::perform(dialog.save_file(), |handle| {
            Message::SaveTo(handle.map(|h| h.path().to_owned()))
        })
    }

    /// Saves to `path` and makes it the map's file; the map's relative
    /// paths (series, scan) are rewritten to keep pointing at the same
    /// files, and `names` (the copy's id and name, asked first) are applied
    /// as one undo step. The copy keeps the file's comments and layout
    /// where the patch holds ([`files::save_map_as`]); another file there
    /// is replaced (the dialog asked about replacing it). A failed save
    /// leaves the map as it was.
    pub(super) fn save_to(
        &mut self,
        path: PathBuf,
        names: Option<(String, String)>,
    ) -> Option<Event> {
        if path == self.opened.path {
            self.rename(names);
            return self.save();
        }
        if let Err(e) = files::map_text(&self.opened.map, &path) {
            self.notice = Some(e.to_string());
            return None;
        }
        let old = std::mem::replace(&mut self.opened.path, path.clone());
        let map = Arc::make_mut(&mut self.opened.map);
        let before = (map.series.clone(), map.scan.clone());
        // A standard series' name is the same from any folder.
        if !berthier_schema::standard::is_name(&map.series) {
            map.series = files::rebase(&map.series, &old, &path);
        }
        map.scan = map.scan.as_deref().map(|s| files::rebase(s, &old, &path));
        let renamed = self.rename(names);
        self.release();
        let result = files::save_map_as(&self.opened.map, &old, &path)
            .map(|_| SaveOutcome::Saved);
        let event = self.saved(path, result);
        if event.is_none() {
            if renamed {
                let _ = self.undo();
            }
            self.opened.path = old;
            let map = Arc::make_mut(&mut self.opened.map);
            (map.series, map.scan) = before;
        }
        event
    }

    /// Gives the map a new id and name as one undo step; returns whether
    /// anything changed.
    fn rename(&mut self, names: Option<(String, String)>) -> bool {
        let Some((id, name)) = names else {
            return false;
        };
        let mut header = Properties::of(&self.opened.map);
        header.id = id;
        header.name = name;
        let edit = Edit::Properties(Box::new(header));
        if edit.is_noop(&self.opened.map) {
            return false;
        }
        self.apply_edit(edit);
        true
    }

    /// Writes the autosave when something changed since the last one.
    pub(super) fn autosave(&mut self) {
        if !self.file.autosave_due || !self.is_dirty() {
            return;
        }
        match files::autosave(&self.opened.map, &self.opened.path) {
            Ok(()) => self.file.autosave_due = false,
            Err(e) => self.notice = Some(e.to_string()),
        }
    }

    /// Writes the autosave now if the map has unsaved changes (before the
    /// window closes or another file replaces it).
    pub fn autosave_if_dirty(&mut self) {
        self.release();
        self.file.autosave_due = true;
        self.autosave();
    }

    /// Replaces the map with the autosave's; the result is unsaved.
    pub(super) fn recover(&mut self) {
        let Some(rec) = self.file.recovery.take() else {
            return;
        };
        match files::load_recovery(&self.opened.path, &rec.path) {
            Ok(map) => {
                self.paint.gesture = None;
                self.paint.form = None;
                // One undo step over the file, when edits can say the
                // change: undo then goes back to the file on disk.
                match files::map_diff::diff(&self.opened.map, &map) {
                    Some(step) => self.apply_step(step),
                    None => {
                        self.opened.map = Arc::new(map);
                        self.paint.history = History::unsaved();
                    }
                }
                self.caches.clear();
                self.recheck();
                self.notice = Some("Recovered the autosaved changes".into());
            }
            Err(e) => self.notice = Some(e.to_string()),
        }
    }

    /// Deletes the autosave.
    pub(super) fn discard_recovery(&mut self) {
        if let Some(rec) = self.file.recovery.take() {
            let _ = std::fs::remove_file(rec.path);
        }
    }

    /// "Recover unsaved changes from …?" [Recover] [Discard].
    pub(super) fn recovery_banner(&self) -> Option<iced::Element<'_, Message>> {
        let rec = self.file.recovery.as_ref()?;
        let when = files::describe_time(rec.written);
        Some(banner(
            row![
                text(format!("Recover unsaved changes from {when}?")),
                button("Recover").on_press(Message::Recover),
                button("Discard").on_press(Message::DiscardRecovery),
            ]
            .spacing(12)
            .align_y(iced::Center),
        ))
    }
}

/// A question across the top of the map screen.
pub(super) fn banner<'a>(
    content: impl Into<iced::Element<'a, Message>>,
) -> iced::Element<'a, Message> {
    container(content)
        .padding(6)
        .style(container::rounded_box)
        .into()
}
