//! A variant's edits of the inherited reinforcement schedule: keep or drop
//! by unit and by time window, then shift in time.

use super::super::issue::{Issue, IssueKind};
use super::super::select::{off_track, shifted};
use super::super::window::{Bounds, bounds, moment};
use super::super::{Arrival, ArrivalWindow, SideChanges};
use super::{Item, SideCtx};

impl SideCtx<'_> {
    pub(super) fn edit_arrivals(
        &mut self,
        items: &mut Vec<Item<Arrival>>,
        c: &SideChanges,
    ) {
        if let Some(keep) = &c.keep_arrivals {
            let select = self.select(keep);
            items.retain_mut(|i| select.split(&mut i.value, true));
        }
        if let Some(drop) = &c.drop_arrivals {
            let select = self.select(drop);
            items.retain_mut(|i| select.split(&mut i.value, false));
        }
        self.windows(items, c);
        for (s, shift) in c.shift_arrivals.iter().enumerate() {
            let pointer = self.written(&format!("shift_arrivals/{s}/minutes"));
            for item in items.iter_mut() {
                if !self.select(&shift.units).any(&item.value) {
                    continue;
                }
                match shifted(self.turns, &item.value.at, shift.minutes) {
                    Some(at) => {
                        item.value.at = at;
                        item.shifted = Some(pointer.clone());
                    }
                    None => self.issues.push(Issue {
                        pointer: pointer.clone(),
                        kind: off_track(&item.value, shift.minutes, self.turns),
                    }),
                }
            }
        }
    }

    /// `keep_arrivals_within`, then `drop_arrivals_within`. A window whose
    /// bounds do not read is an issue and changes nothing.
    fn windows(&mut self, items: &mut Vec<Item<Arrival>>, c: &SideChanges) {
        let track = self.base_turns;
        if let Some(w) = &c.keep_arrivals_within
            && let Some(b) = self.window(w, "keep_arrivals_within")
        {
            let select = self.select(&w.units);
            items.retain_mut(|i| {
                b.contains(track, &i.value)
                    && (select.all() || select.split(&mut i.value, true))
            });
        }
        for (d, w) in c.drop_arrivals_within.iter().enumerate() {
            let Some(b) = self.window(w, &format!("drop_arrivals_within/{d}"))
            else {
                continue;
            };
            let select = self.select(&w.units);
            items.retain_mut(|i| {
                !b.contains(track, &i.value)
                    || !select.all() && select.split(&mut i.value, false)
            });
        }
    }

    fn window(&mut self, w: &ArrivalWindow, field: &str) -> Option<Bounds> {
        let kind = match bounds(self.base_turns, w) {
            Ok(b) => return Some(b),
            Err(kind) => kind,
        };
        let from_reads = w
            .from
            .as_ref()
            .is_none_or(|f| moment(self.base_turns, f).is_some());
        let bound = match kind {
            IssueKind::WindowOffTrack { .. } if !from_reads => "from",
            _ => "until",
        };
        self.issues.push(Issue {
            pointer: self.written(&format!("{field}/{bound}")),
            kind,
        });
        None
    }
}
