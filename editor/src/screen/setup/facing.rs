//! Facing set on the map: `[` and `]` turn the selected unit (in
//! `place`), and a Shift-drag from its hex toward a hexside (or vertex)
//! turns it to face there, as the series defines its formation's facing
//! (Vive l'Empereur: a line faces a vertex, a column a hexside, §IV.1-2;
//! general order and square face all around and have no facing, §IV.3-4).

use berthier_schema::HexId;
use berthier_schema::series::FacingKind;

use super::SetupScreen;
use berthier_tools::setup::art::{facing_direction, facing_kind};

impl SetupScreen {
    /// The setup entry of the selected unit when it can face; otherwise
    /// `None`, and the notice says why for a unit facing all around.
    pub(super) fn faceable(&mut self) -> Option<(usize, usize)> {
        let (i, j) = self.unit.as_deref().and_then(|u| self.doc.placed(u))?;
        let placed = &self.doc.scenario().sides[i].setup[j];
        let battle = self.doc.battle();
        if facing_kind(&battle, placed) != FacingKind::AllAround {
            return Some((i, j));
        }
        let formation = placed.formation.as_deref().unwrap_or_default();
        let name = battle
            .series
            .formations
            .iter()
            .find(|d| d.id == formation)
            .map_or(formation, |d| d.name.as_str());
        self.notice = Some(format!(
            "{} is in {name}, which faces all around: it has no facing to \
             turn",
            placed.unit
        ));
        None
    }

    /// A Shift-press on `hex`: when the selected unit is there, the
    /// release will turn it. Returns whether the press was taken.
    pub(super) fn start_turning(&mut self, hex: HexId) -> bool {
        let on_hex = self
            .unit
            .as_deref()
            .and_then(|u| self.doc.placed(u))
            .is_some_and(|(i, j)| {
                self.doc.scenario().sides[i].setup[j].hex == hex
            });
        if on_hex && self.doc.is_editable() {
            self.hex = Some(hex);
            self.turning = Some(hex);
        }
        on_hex
    }

    /// Turns the selected unit on `hex` to face the hexside or vertex
    /// nearest the direction of `px` (scan pixels) from the hex's centre,
    /// one undo step; a release on the centre turns nothing.
    pub(super) fn face_toward(&mut self, hex: HexId, px: [f64; 2]) {
        let Some((i, j)) = self.faceable() else {
            return;
        };
        let battle = self.doc.battle();
        let placed = &self.doc.scenario().sides[i].setup[j];
        let kind = facing_kind(&battle, placed);
        let centre = battle.map.geometry().center_px(hex);
        let (dx, dy) = (px[0] - centre[0], px[1] - centre[1]);
        let length = dx.hypot(dy);
        if length < 1.0 {
            return;
        }
        let score = |f: u8| {
            facing_direction(&battle, hex, f, kind)
                .map_or(f64::NEG_INFINITY, |[x, y]| (x * dx + y * dy) / length)
        };
        let best = (0..6u8).max_by(|a, b| score(*a).total_cmp(&score(*b)));
        let Some(facing) = best.filter(|f| score(*f).is_finite()) else {
            return;
        };
        if placed.facing == Some(facing) {
            return;
        }
        self.edit(|setups| setups[i][j].facing = Some(facing));
    }
}
