//! Editing the selected instruction's zone on the map: "Pick on map" (the
//! next click sets the place or hex it is measured from), the radius
//! ("within N"), and "Draw region" (each click adds a corner of the
//! region's polygon, the first replacing the zone; a corner clicked again
//! is taken out). Each change is one undo step
//! of the instructions, saved with the setup keeping comments; the kinds
//! a click cannot say are listed in [`berthier_tools::setup::zone_edit`].

use berthier_schema::HexId;
use berthier_schema::placement::Placement;
use iced::widget::{Column, button, row, text};
use iced::{Element, Fill};

use super::{Message, SetupScreen};
use berthier_tools::setup::{zone, zone_edit};

/// What the next click on the map does to the selected instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZoneTool {
    /// Sets where the zone is measured from.
    Pick,
    /// Adds or takes out a corner of the region.
    Draw,
}

impl SetupScreen {
    /// The selected instruction's placement.
    fn placement(&self) -> Option<&Placement> {
        let ((side, i), _) = self.instruction.as_ref()?;
        let s = self.doc.scenario().sides.get(*side)?;
        s.instructions.get(*i).map(|ins| &ins.placement)
    }

    /// The tool armed for the map, if any.
    pub fn zone_tool(&self) -> Option<ZoneTool> {
        self.zone_tool
    }

    /// Arms or disarms a tool.
    pub(super) fn arm_zone_tool(&mut self, tool: Option<ZoneTool>) {
        self.zone_tool = tool;
        if tool == Some(ZoneTool::Draw)
            && self.placement().is_some_and(|p| !zone_edit::is_region(p))
        {
            self.notice = Some(
                "Click the region's corners in order: the first click \
                 replaces this zone"
                    .to_owned(),
            );
        }
    }

    /// Sets the radius, one undo step.
    pub(super) fn set_radius(&mut self, n: u8) {
        self.edit_placement(|p| zone_edit::set_radius(p, n));
    }

    /// A click on the map with a zone tool armed; whether it was one.
    pub(super) fn zone_click(&mut self, hex: HexId) -> bool {
        let Some(tool) = self.zone_tool else {
            return false;
        };
        match tool {
            ZoneTool::Pick => {
                let map = &self.doc.opened.map;
                let place = map
                    .places
                    .iter()
                    .find(|p| p.hexes.contains(&hex))
                    .map(|p| p.id.clone());
                self.notice = Some(
                    match map.places.iter().find(|p| p.hexes.contains(&hex)) {
                        Some(p) => format!("Zone measured from {}", p.name),
                        None => format!("Zone measured from hex {hex}"),
                    },
                );
                self.edit_placement(|p| zone_edit::pick(p, hex, place));
                self.zone_tool = None;
            }
            ZoneTool::Draw => {
                self.edit_placement(|p| zone_edit::corner(p, hex));
            }
        }
        true
    }

    /// Applies `change` to the selected instruction's placement as one
    /// undo step (nothing when it changes nothing).
    fn edit_placement(&mut self, change: impl FnOnce(&mut Placement) -> bool) {
        let Some(((side, i), _)) = self.instruction.clone() else {
            return;
        };
        if !self.doc.is_editable() {
            self.notice = Some(
                "A variant's instructions are its base's: open the base to \
                 edit them."
                    .to_owned(),
            );
            return;
        }
        let mut all = self.doc.instructions();
        let Some(ins) = all.get_mut(side).and_then(|s| s.get_mut(i)) else {
            return;
        };
        if change(&mut ins.placement) {
            zone::reword(ins, &self.doc.names());
            self.doc.apply_instructions(all);
            self.refresh();
        }
    }

    /// The tools for the selected instruction's zone, under the list.
    pub(super) fn zone_tools(&self) -> Element<'_, Message> {
        let Some(p) = self.placement() else {
            return Column::new().into();
        };
        if zone_edit::target(p).is_none() {
            return text(
                "This zone is not edited on the map (a road, an edge, a \
                 band, a side of a line or other units): edit the file.",
            )
            .size(12)
            .into();
        }
        let editable = self.doc.is_editable();
        let mut tools = Column::new().spacing(4);
        let armed = |t| self.zone_tool == Some(t);
        let toggle = |label: &'static str, t: ZoneTool| {
            let b = button(text(label).size(12)).padding([2, 6]);
            let b = if armed(t) {
                b.style(button::primary)
            } else {
                b.style(button::secondary)
            };
            let next = if armed(t) { None } else { Some(t) };
            b.on_press_maybe(editable.then_some(Message::ZoneTool(next)))
        };
        let mut first = row![].spacing(4);
        if zone_edit::can_pick(p) {
            first = first.push(toggle("Pick on map", ZoneTool::Pick));
        }
        first = first.push(toggle("Draw region", ZoneTool::Draw));
        tools = tools.push(first);
        if let Some(n) = zone_edit::radius(p) {
            let minus = button(text("−").size(12)).on_press_maybe(
                (editable && n > 0)
                    .then_some(Message::Radius(n.saturating_sub(1))),
            );
            let plus = button(text("+").size(12)).on_press_maybe(
                (editable && n < u8::MAX).then_some(Message::Radius(n + 1)),
            );
            let label = if n == 0 {
                "Radius: 0 (the place itself)".to_owned()
            } else {
                format!("Radius: within {n}")
            };
            tools = tools.push(
                row![minus, plus, text(label).size(12)]
                    .spacing(4)
                    .align_y(iced::Center),
            );
        }
        tools.width(Fill).into()
    }
}
