//! The order of battle screen's file: saving (keeping comments, or
//! rewriting the whole file when asked).

use super::{Event, OobScreen};
use crate::oob::SaveOutcome;

impl OobScreen {
    pub(super) fn save(&mut self) -> Option<Event> {
        match self.doc.save() {
            Ok(SaveOutcome::Saved) => {
                self.notice = Some("Saved.".to_owned());
                self.rewrite = None;
                Some(Event::Saved(self.doc.path.clone()))
            }
            Ok(SaveOutcome::NeedsRewrite { comments }) => {
                self.rewrite = Some(comments);
                None
            }
            Err(e) => {
                self.notice = Some(e);
                None
            }
        }
    }

    pub(super) fn answer_rewrite(&mut self, yes: bool) -> Option<Event> {
        self.rewrite = None;
        if !yes {
            self.notice = Some("Not saved.".to_owned());
            return None;
        }
        match self.doc.rewrite() {
            Ok(()) => {
                self.notice = Some("Saved (file rewritten whole).".to_owned());
                Some(Event::Saved(self.doc.path.clone()))
            }
            Err(e) => {
                self.notice = Some(e);
                None
            }
        }
    }
}
