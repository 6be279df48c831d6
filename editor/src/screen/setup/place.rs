//! Placing, moving, turning, restacking and removing units: each action
//! builds the sides' new setup lists and hands them to the document as
//! one undo step.

use berthier_schema::HexId;
use berthier_schema::scenario::Placed;
use iced::Point;

use super::{LayerKey, SetupScreen};
use berthier_tools::setup::Setups;

impl SetupScreen {
    /// The printed hex under a scan pixel, if it is on the map.
    fn hex_at_px(&self, px: [f64; 2]) -> Option<HexId> {
        let map = &self.doc.opened.map;
        map.geometry()
            .hex_at_px(px, None)
            .filter(|h| map.contains(*h))
    }

    /// The left button went down on the map (`shift`: to turn the
    /// selected unit by dragging toward its new front).
    pub(super) fn press(&mut self, px: [f64; 2], shift: bool) {
        let Some(hex) = self.hex_at_px(px) else {
            return;
        };
        if self.zone_click(hex)
            || self.objective_click(hex)
            || self.leave_out_click(hex)
        {
            return;
        }
        if shift && self.start_turning(hex) {
            return;
        }
        self.hex = Some(hex);
        if self.armed
            && let Some(unit) = self.unit.clone()
        {
            self.armed = false;
            self.put(&unit, hex);
            return;
        }
        let on: Vec<String> = self
            .doc
            .stack_at(hex)
            .iter()
            .map(|p| p.unit.clone())
            .collect();
        let keep = self.unit.as_ref().is_some_and(|u| on.contains(u));
        if !keep {
            self.unit = on.first().cloned();
        }
        // A counter pressed can be dragged to another hex.
        if !on.is_empty() && self.doc.is_editable() {
            self.dragging = Some(hex);
        }
    }

    /// The left button came up; `at` is where over the map, in canvas
    /// points. Ends a drag from the roster or of a counter.
    pub(super) fn released(&mut self, at: Option<Point>) {
        if let Some(hex) = self.turning.take() {
            if let Some(p) = at {
                self.face_toward(hex, self.map.view.to_scan(p));
            }
            return;
        }
        let to = at.and_then(|p| self.hex_at_px(self.map.view.to_scan(p)));
        let from = self.dragging.take();
        let grabbed = std::mem::take(&mut self.grabbed);
        let (Some(to), Some(unit)) = (to, self.unit.clone()) else {
            return;
        };
        if grabbed || from.is_some_and(|from| from != to) {
            self.armed = false;
            self.hex = Some(to);
            self.put(&unit, to);
        }
    }

    /// A key pressed over the map.
    pub(super) fn key(&mut self, key: LayerKey) {
        match key {
            LayerKey::Turn(step) => self.turn(step),
            LayerKey::Remove => self.remove(),
            LayerKey::Cancel => {
                self.armed = false;
                self.instruction = None;
                self.counters_cache.clear();
            }
        }
    }

    /// Sets `unit` up on `hex`: placed if it was not, moved if it was
    /// (it then leaves its old place in any stack order).
    fn put(&mut self, unit: &str, hex: HexId) {
        let Some(side) = self.doc.side_of(unit) else {
            self.notice = Some(format!("{unit} belongs to no side here"));
            return;
        };
        let placed = self.doc.placed(unit);
        self.edit(|setups| match placed {
            Some((i, j)) => {
                let entry = &mut setups[i][j];
                entry.hex = hex;
                entry.stack = None;
            }
            None => setups[side].push(Placed {
                unit: unit.to_owned(),
                hex,
                facing: None,
                formation: None,
                state: None,
                stack: None,
                on_hexside: None,
            }),
        });
    }

    /// Turns the selected unit by `step` hexsides (or vertices) clockwise.
    fn turn(&mut self, step: i8) {
        let Some((i, j)) = self.faceable() else {
            return;
        };
        self.edit(|setups| {
            let entry = &mut setups[i][j];
            entry.facing = Some(match entry.facing {
                None => 0,
                Some(f) => (i16::from(f) + i16::from(step)).rem_euclid(6) as u8,
            });
        });
    }

    /// Sets `unit`'s formation or state at setup (`change` writes it on
    /// its setup entry), one undo step.
    pub(super) fn set_posture(
        &mut self,
        unit: &str,
        change: impl FnOnce(&mut Placed),
    ) {
        let Some((i, j)) = self.doc.placed(unit) else {
            return;
        };
        self.unit = Some(unit.to_owned());
        self.armed = false;
        self.edit(|setups| change(&mut setups[i][j]));
    }

    /// Takes the selected unit off the map.
    pub(super) fn remove(&mut self) {
        let Some((i, j)) =
            self.unit.as_deref().and_then(|u| self.doc.placed(u))
        else {
            return;
        };
        self.edit(|setups| {
            setups[i].remove(j);
        });
    }

    /// Moves `unit` `delta` places in its stack (negative: toward the
    /// top); every unit of the hex then gets its place written.
    pub(super) fn restack(&mut self, unit: &str, delta: i32) {
        let Some((i, j)) = self.doc.placed(unit) else {
            return;
        };
        let hex = self.doc.scenario().sides[i].setup[j].hex;
        let mut order: Vec<String> = self
            .doc
            .stack_at(hex)
            .iter()
            .map(|p| p.unit.clone())
            .collect();
        let Some(at) = order.iter().position(|u| u == unit) else {
            return;
        };
        let to = at as i32 + delta;
        if to < 0 || to as usize >= order.len() {
            return;
        }
        order.swap(at, to as usize);
        self.edit(|setups| {
            for entry in setups.iter_mut().flatten() {
                if entry.hex != hex {
                    continue;
                }
                if let Some(k) = order.iter().position(|u| *u == entry.unit) {
                    entry.stack = u8::try_from(k).ok();
                }
            }
        });
    }

    /// Applies `change` to a copy of the setups as one undo step.
    pub(super) fn edit(&mut self, change: impl FnOnce(&mut Setups)) {
        if !self.doc.is_editable() {
            self.notice = Some(
                "A variant's setup is its base's: open the base to edit it."
                    .to_owned(),
            );
            return;
        }
        let mut setups = self.doc.setups();
        change(&mut setups);
        self.doc.apply(setups);
        self.refresh();
    }
}
