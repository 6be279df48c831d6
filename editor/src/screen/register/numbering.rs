//! The register screen's automatic proposal and its numbering. The lattice
//! found from lines can be numbered a whole hex off with residuals as good
//! as the right answer, so a proposal made without a read hex is not
//! accepted until the designer anchors it (clicks a hex and types its
//! printed number) or ticks "Numbering checked" after comparing the drawn
//! numbers with the printed ones.

use std::sync::Arc;

use berthier_schema::HexId;
use hexx::Hex;

use super::RegisterScreen;
use super::task::Found;
use crate::job::JobError;
use berthier_tools::registration::{self, anchor};

/// Status line while a proposal's numbering is unconfirmed.
pub const NOT_ANCHORED: &str = "Numbering not anchored: click a hex whose printed number you can read and type it";

/// An automatic proposal in use.
#[derive(Debug)]
pub struct Proposal {
    /// The scan and the refined fit (numbered as the grid now is).
    pub found: Found,
    /// The screen's undo depth once the proposal was applied: undoing
    /// below it drops the proposal.
    depth: usize,
    /// Renumberings by read hexes: the undo depth once applied and the
    /// shift (undoing below the depth takes the shift back).
    anchors: Vec<(usize, Hex)>,
    /// The designer ticked "Numbering checked".
    checked: bool,
}

impl Proposal {
    fn anchored(&self) -> bool {
        !self.anchors.is_empty()
    }

    /// Renumbers the measured centres and the fit with the grid.
    fn renumber(&mut self, delta: Hex) {
        let (_, refined) = Arc::make_mut(&mut self.found);
        refined.landmarks = anchor::renumber_marks(
            &refined.fit.grid,
            &refined.landmarks,
            delta,
        );
        refined.fit.grid = anchor::renumber(&refined.fit.grid, delta);
    }
}

impl RegisterScreen {
    /// The extent's hexes.
    pub(super) fn hexes(&self) -> Vec<HexId> {
        berthier_tools::scene::all_hexes(&self.opened.map).collect()
    }

    /// Whether Accept may keep the grid: not while an automatic proposal's
    /// numbering is unconfirmed.
    pub fn can_accept(&self) -> bool {
        self.auto.as_ref().is_none_or(|p| p.anchored() || p.checked)
            && self.contradicting().is_empty()
    }

    /// The landmarks the grid shown puts more than half a hex radius from
    /// the hex they name: a number typed wrong or a click on the wrong
    /// hex, which a fit would bend the whole grid toward. A click a few
    /// pixels off a centre stays well under it; the neighbouring hex is
    /// at least 1.7 radii away.
    pub fn contradicting(&self) -> Vec<(HexId, f64)> {
        let limit = self.grid().hex_radius_px / 2.0;
        self.landmarks
            .iter()
            .zip(&self.residuals)
            .filter(|(_, r)| **r > limit)
            .map(|(l, r)| (l.hex, *r))
            .collect()
    }

    /// Whether the proposal waits for a read hex (the panel then shows the
    /// printed-number field and "Numbering checked").
    pub fn needs_anchor(&self) -> bool {
        self.auto.as_ref().is_some_and(|p| !p.anchored())
    }

    /// Whether "Numbering checked" is ticked.
    pub fn numbering_checked(&self) -> bool {
        self.auto.as_ref().is_some_and(|p| p.checked)
    }

    /// Warnings about the proposal (hexes unmeasured or off the scan).
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// Residuals and warnings against the grid now shown.
    pub(super) fn refresh_checks(&mut self) {
        self.residuals = anchor::residuals(self.grid(), &self.landmarks);
        let mut warnings = match &self.auto {
            Some(p) => {
                let (gray, refined) = &*p.found;
                anchor::Coverage::new(
                    self.grid(),
                    &self.hexes(),
                    &refined.landmarks,
                    [gray.width, gray.height],
                )
                .warnings()
            }
            None => Vec::new(),
        };
        let mut off = self.contradicting();
        if !off.is_empty() {
            off.sort_by(|a, b| b.1.total_cmp(&a.1));
            let list: Vec<String> = off
                .iter()
                .map(|(h, r)| format!("{h} by {r:.1} px"))
                .collect();
            warnings.push(format!(
                "Landmarks disagree with the grid ({}, the worst first): a \
                 number typed wrong or a click on the wrong hex. Remove it \
                 (×) or click it again; Accept waits.",
                list.join(", ")
            ));
        }
        self.warnings = warnings;
    }

    /// After an undo: a proposal undone is forgotten, a renumbering
    /// undone is taken back (the numbering is unanchored again).
    pub(super) fn forget_undone_proposal(&mut self) {
        let depth = self.undo.len();
        if self.auto.as_ref().is_some_and(|p| depth < p.depth) {
            self.auto = None;
        }
        if let Some(p) = &mut self.auto {
            while let Some(&(at, delta)) = p.anchors.last()
                && at > depth
            {
                p.anchors.pop();
                p.renumber(Hex::ZERO - delta);
            }
        }
        self.refresh_checks();
        if self.needs_anchor() && !self.numbering_checked() {
            self.status = format!("Undone. {NOT_ANCHORED}");
        }
    }

    pub(super) fn set_checked(&mut self, on: bool) {
        if let Some(p) = &mut self.auto {
            p.checked = on;
            self.status = if on {
                "Numbering checked by eye. Accept, correct, or Bend for drift."
                    .to_owned()
            } else {
                NOT_ANCHORED.to_owned()
            };
        }
    }

    /// The landmarks changed: with a proposal they renumber it, without
    /// one they are fitted.
    pub(super) fn landmarks_changed(&mut self) {
        if self.auto.is_some() {
            self.anchor_numbering();
        } else {
            self.fit();
        }
    }

    pub(super) fn proposed(&mut self, result: Result<Found, JobError>) {
        self.busy = false;
        let found = match result {
            Ok(found) => found,
            Err(e) => {
                self.status = format!("Automatic registration failed: {e}");
                return;
            }
        };
        let refined = &found.1;
        let summary = format!(
            "Proposed: {} hexes measured, RMS {:.2} px.",
            refined.landmarks.len(),
            refined.rms()
        );
        let grid =
            registration::rebase(&refined.fit.grid, self.original.origin_hex);
        self.change(None, grid);
        self.auto = Some(Proposal {
            found,
            depth: self.undo.len(),
            anchors: Vec::new(),
            checked: false,
        });
        if self.landmarks.is_empty() {
            self.refresh_checks();
            self.status = format!("{summary} {NOT_ANCHORED}");
        } else {
            // The proposal started from the first read hex; the others
            // confirm it (or renumber it, if one was added meanwhile).
            self.anchor_numbering();
            self.status = format!("{summary} {}", self.status);
        }
    }

    /// Renumbers the proposal onto the landmarks, its lattice kept.
    fn anchor_numbering(&mut self) {
        let Some(a) = anchor::anchor(self.grid(), &self.landmarks) else {
            self.refresh_checks();
            return;
        };
        let read = self.landmarks[0].hex;
        self.change(None, a.grid);
        let depth = self.undo.len();
        if let Some(p) = &mut self.auto {
            p.renumber(a.delta);
            p.anchors.push((depth, a.delta));
        }
        self.refresh_checks();
        let moved = match a.was {
            Some(was) if was != read => format!(
                "Numbering anchored on {read}: the grid had {was} there, every number moved."
            ),
            _ => format!("Numbering anchored: {read} confirmed."),
        };
        let next = if self.warnings.is_empty() {
            "Accept, correct, or Bend for drift.".to_owned()
        } else {
            format!(
                "{}: Propose automatically again to measure with the new numbering.",
                self.warnings.join("; ")
            )
        };
        self.status = format!("{moved} {next}");
    }
}
