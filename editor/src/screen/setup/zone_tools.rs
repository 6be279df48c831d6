//! Editing the selected instruction's zone: its kind chosen from a list
//! (a hex or place, a region, a map edge, a road or a river by name, a
//! unit to stand next to or stack with, anywhere: `zone_kind`), "Pick on
//! map" (the next click sets the place or hex it is measured from), the
//! radius ("within N", for every kind measured from something), and
//! "Draw region" (each click adds a corner of the region's polygon, the
//! first replacing the zone; a corner clicked again is taken out). A zone
//! on one side of a line ("north of 0104-1009-1904") gets "Add line
//! points" (each click adds a point, a place where one is, or takes it
//! out), its side and whether the line's own hexes count. Each change is
//! one undo step of the instructions, saved with the setup keeping
//! comments; the words follow the zone.

use berthier_schema::HexId;
use berthier_schema::placement::{Location, Placement};
use iced::widget::{Column, button, checkbox, pick_list, row, text};
use iced::{Element, Fill};

use super::{Message, SetupScreen};
use berthier_tools::setup::zone_kind::{self, Target, ZoneKind};
use berthier_tools::setup::{zone, zone_edit};

/// What the next click on the map does to the selected instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZoneTool {
    /// Sets where the zone is measured from.
    Pick,
    /// Adds or takes out a corner of the region.
    Draw,
    /// Sets one end of a road stretch, or one side of a band.
    FirstEnd,
    /// Sets the other end, or the other side.
    SecondEnd,
    /// Adds or takes out a point of a line ("north of 0104-1009-1904").
    Line,
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

    /// The selected instruction's side id.
    fn instruction_side(&self) -> Option<&str> {
        let ((side, _), _) = self.instruction.as_ref()?;
        let s = self.doc.scenario().sides.get(*side)?;
        Some(s.side.as_str())
    }

    /// What a zone of `kind` can name for the selected instruction.
    fn zone_targets(&self, kind: ZoneKind) -> Vec<Target> {
        if kind == ZoneKind::DeploymentOf {
            let found = self.doc.deployments().iter();
            return found
                .map(|(path, name)| Target {
                    id: path.clone(),
                    name: name.clone(),
                })
                .collect();
        }
        let side = self.instruction_side().unwrap_or_default();
        let map = &self.doc.opened.map;
        zone_kind::targets(kind, map, &self.doc.counters, side)
    }

    /// The id of the place holding `hex`, if any.
    fn place_at(&self, hex: HexId) -> Option<String> {
        let places = &self.doc.opened.map.places;
        places
            .iter()
            .find(|p| p.hexes.contains(&hex))
            .map(|p| p.id.clone())
    }

    /// Makes the selected instruction's zone of `kind` (naming the first
    /// of what it can name), one undo step; says so when the map or the
    /// side has nothing of that kind to name.
    pub(super) fn set_zone_kind(&mut self, kind: ZoneKind) {
        if kind == ZoneKind::DeploymentOf {
            self.doc.load_deployments();
        }
        let first = self.zone_targets(kind).into_iter().next();
        if kind.has_targets() && first.is_none() {
            self.notice = Some(nothing_to_name(kind).to_owned());
            return;
        }
        let middle = Location::Hex(self.doc.opened.map.middle_hex());
        let id = first.map(|t| t.id);
        self.zone_tool = None;
        self.edit_placement(|p| {
            let centre = zone_kind::centre_of(p, middle);
            zone_kind::set_kind(p, kind, id.as_deref(), centre)
        });
    }

    /// Names `id` (an edge, road, river or unit) in the selected zone.
    pub(super) fn set_zone_target(&mut self, id: &str) {
        self.edit_placement(|p| zone_kind::set_target(p, id));
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
            ZoneTool::Line => {
                let place = self.place_at(hex);
                self.edit_placement(|p| zone_edit::line_point(p, hex, place));
            }
            ZoneTool::FirstEnd | ZoneTool::SecondEnd => {
                let first = tool == ZoneTool::FirstEnd;
                let place = self
                    .doc
                    .opened
                    .map
                    .places
                    .iter()
                    .find(|p| p.hexes.contains(&hex))
                    .map(|p| p.id.clone());
                self.edit_placement(|p| {
                    zone_edit::set_end(p, first, hex, place)
                });
                self.zone_tool = None;
            }
        }
        true
    }

    /// Applies `change` to the selected instruction's placement as one
    /// undo step (nothing when it changes nothing).
    pub(super) fn edit_placement(
        &mut self,
        change: impl FnOnce(&mut Placement) -> bool,
    ) {
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

    /// The tools for the selected instruction's zone, under the list: its
    /// kind, what it names, and the map tools the kind takes.
    pub(super) fn zone_tools(&self) -> Element<'_, Message> {
        let Some(p) = self.placement() else {
            return Column::new().into();
        };
        let editable = self.doc.is_editable();
        let mut tools = Column::new().spacing(4).push(self.kind_row(p));
        let kind = zone_kind::kind(p);
        if kind == ZoneKind::Other {
            tools = tools.push(
                text(
                    "This zone (a combination the list cannot say) is \
                     edited in the file; choosing a kind above replaces it.",
                )
                .size(12),
            );
            return tools.width(Fill).into();
        }
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
        if matches!(kind, ZoneKind::HexOrPlace | ZoneKind::Region) {
            first = first.push(toggle("Draw region", ZoneTool::Draw));
        }
        if let Some(
            Placement::SideOf { side, .. } | Placement::SideOfLine { side, .. },
        ) = zone_edit::target(p)
        {
            tools = tools.push(side_row(*side, editable));
        }
        if kind == ZoneKind::LineSide {
            first = first.push(toggle("Add line points", ZoneTool::Line));
        }
        if let Some(on) = zone_edit::inclusive(p) {
            tools = tools.push(
                checkbox(on)
                    .label("Its own hexes count")
                    .text_size(12)
                    .on_toggle_maybe(
                        editable.then_some(Message::ZoneInclusive),
                    ),
            );
        }
        if kind == ZoneKind::RoadStretch {
            first = first
                .push(toggle("Pick one end", ZoneTool::FirstEnd))
                .push(toggle("Pick the other end", ZoneTool::SecondEnd));
        }
        if kind == ZoneKind::Band {
            first = first
                .push(toggle("Pick one side", ZoneTool::FirstEnd))
                .push(toggle("Pick the other side", ZoneTool::SecondEnd));
        }
        if let Some(only) = zone_edit::setup_hexes(p) {
            tools = tools.push(
                checkbox(only)
                    .label("Only the hexes its setup uses")
                    .text_size(12)
                    .on_toggle_maybe(
                        editable.then_some(Message::ZoneSetupHexes),
                    ),
            );
        }
        tools = tools.push(first);
        if let Some(n) = zone_edit::radius(p) {
            tools = tools.push(radius_row(n, editable));
        }
        tools.width(Fill).into()
    }

    /// The kind list, and the list of what the kind names.
    fn kind_row(&self, p: &Placement) -> Element<'_, Message> {
        let editable = self.doc.is_editable();
        let kind = zone_kind::kind(p);
        let on_kind = move |k| Message::ZoneKind(k);
        let kinds = pick_list(
            ZoneKind::CHOSEN,
            (kind != ZoneKind::Other).then_some(kind),
            on_kind,
        )
        .placeholder(ZoneKind::Other.to_string())
        .text_size(12);
        let mut line = row![text("Zone:").size(12)]
            .spacing(4)
            .align_y(iced::Center);
        if !editable {
            return line.push(text(kind.to_string()).size(12)).into();
        }
        line = line.push(kinds);
        if kind.has_targets() {
            let targets = self.zone_targets(kind);
            let chosen = zone_kind::target_id(p)
                .and_then(|id| targets.iter().find(|t| t.id == id).cloned());
            line = line.push(
                pick_list(targets, chosen, |t: Target| {
                    Message::ZoneTarget(t.id)
                })
                .text_size(12),
            );
        }
        line.wrap().vertical_spacing(4).into()
    }
}

/// Why a kind cannot be chosen: nothing of it to name.
fn nothing_to_name(kind: ZoneKind) -> &'static str {
    match kind {
        ZoneKind::Edge => {
            "This map has no edges yet: add them on the map screen (Edges)."
        }
        ZoneKind::Road => {
            "This map has no roads yet: draw them on the map screen (Roads)."
        }
        ZoneKind::River => {
            "This map has no named river or stream: name its hexsides on \
             the map screen."
        }
        ZoneKind::DeploymentOf => {
            "No other scenario of this pack is on this map: make one with \
             New scenario…."
        }
        _ => "This side has no units yet: add them in the order of battle.",
    }
}

/// − and + around "Radius: within N".
fn radius_row(n: u8, editable: bool) -> Element<'static, Message> {
    let minus = button(text("−").size(12)).on_press_maybe(
        (editable && n > 0).then_some(Message::Radius(n.saturating_sub(1))),
    );
    let plus = button(text("+").size(12)).on_press_maybe(
        (editable && n < u8::MAX).then_some(Message::Radius(n + 1)),
    );
    let label = if n == 0 {
        "Radius: 0 (the place itself)".to_owned()
    } else {
        format!("Radius: within {n}")
    };
    row![minus, plus, text(label).size(12)]
        .spacing(4)
        .align_y(iced::Center)
        .into()
}

/// A compass side as the list says it ("north of").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Side(berthier_schema::map::Compass);

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use berthier_schema::map::Compass;
        f.write_str(match self.0 {
            Compass::North => "north of",
            Compass::South => "south of",
            Compass::East => "east of",
            Compass::West => "west of",
        })
    }
}

/// The list choosing which side of its place a zone is.
fn side_row(
    side: berthier_schema::map::Compass,
    editable: bool,
) -> Element<'static, Message> {
    use berthier_schema::map::Compass;
    let sides = [Compass::North, Compass::South, Compass::East, Compass::West]
        .map(Side);
    let list =
        pick_list(sides, Some(Side(side)), |s: Side| Message::ZoneSide(s.0))
            .text_size(12);
    let line = row![text("Side:").size(12)].spacing(4);
    match editable {
        true => line.push(list),
        false => line.push(text(Side(side).to_string()).size(12)),
    }
    .align_y(iced::Center)
    .into()
}
