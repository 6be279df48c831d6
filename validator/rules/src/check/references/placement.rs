//! The scenario vocabulary that names things on the map or in the order of
//! battle: unit sets, locations and placements, checked against the map
//! and counters the scenario names.

use berthier_schema::counters::Counters;
use berthier_schema::map::Map;
use berthier_schema::placement::{Location, Placement};
use berthier_schema::scenario::UnitSet;

use super::Out;
use crate::code::Code;
use crate::pointer::Pointer;

/// What a scenario's references resolve against (each may be missing when
/// its file is broken; the checks needing it are then skipped).
pub(super) struct World<'w> {
    pub map: Option<&'w Map>,
    pub counters: Option<&'w Counters>,
}

impl World<'_> {
    pub fn unit(&self, ctx: &mut Out, pointer: &Pointer, id: &str) {
        if let Some(c) = self.counters
            && c.unit(id).is_none()
        {
            ctx.report(
                Code::Ref004,
                pointer,
                format!("unit `{id}` is not in the counters file"),
            );
        }
    }

    pub fn formation(&self, ctx: &mut Out, pointer: &Pointer, id: &str) {
        if let Some(c) = self.counters
            && c.formation(id).is_none()
        {
            ctx.report(
                Code::Ref005,
                pointer,
                format!("formation `{id}` is not in the counters file"),
            );
        }
    }

    pub fn side(&self, ctx: &mut Out, pointer: &Pointer, id: &str) {
        if let Some(c) = self.counters
            && !c.sides.iter().any(|s| s.id == id)
        {
            ctx.report(
                Code::Ref011,
                pointer,
                format!("side `{id}` is not a side of the counters file"),
            );
        }
    }

    pub fn units(&self, ctx: &mut Out, pointer: &Pointer, set: &UnitSet) {
        for (i, id) in set.units.iter().enumerate() {
            self.unit(ctx, &pointer.field("units").index(i), id);
        }
        for (i, id) in set.formations.iter().enumerate() {
            self.formation(ctx, &pointer.field("formations").index(i), id);
        }
        if let Some(except) = &set.except {
            self.units(ctx, &pointer.field("except"), except);
        }
    }

    pub fn location(&self, ctx: &mut Out, pointer: &Pointer, at: &Location) {
        let Some(map) = self.map else { return };
        let (what, variant, id, found) = match at {
            Location::Hex(hex) => {
                ctx.hex_on_map(map, *hex, &pointer.field("Hex"));
                return;
            }
            Location::Place(id) => {
                ("place", "Place", id, map.place(id).is_some())
            }
            Location::Entry(id) => {
                let found = map.entry_points.iter().any(|e| &e.id == id);
                ("entry point", "Entry", id, found)
            }
            Location::Edge(id) => {
                ("edge", "Edge", id, map.edges.iter().any(|e| &e.id == id))
            }
            Location::Road(id) => ("road", "Road", id, map.road(id).is_some()),
            Location::Hexsides(name) => {
                let found =
                    map.hexsides.iter().any(|f| f.name.as_ref() == Some(name));
                ("hexside feature", "Hexsides", name, found)
            }
            Location::Formation(id) => {
                self.formation(ctx, &pointer.field("Formation"), id);
                return;
            }
            Location::RoadStretch { .. }
            | Location::Crossing { .. }
            | Location::Offset { .. }
            | Location::Part { .. }
            | Location::Squares { .. } => {
                self.derived_location(ctx, map, pointer, at);
                return;
            }
        };
        if !found {
            ctx.report(
                Code::Ref006,
                &pointer.field(variant),
                format!("{what} `{id}` is not on the map {}", map.id),
            );
        }
    }

    pub fn locations(
        &self,
        ctx: &mut Out,
        pointer: &Pointer,
        all: &[Location],
    ) {
        for (i, at) in all.iter().enumerate() {
            self.location(ctx, &pointer.index(i), at);
        }
    }

    /// Every reference inside a placement, recursively.
    pub fn placement(&self, ctx: &mut Out, ptr: &Pointer, p: &Placement) {
        match p {
            Placement::Hex(h) => self.hex(ctx, &ptr.field("Hex"), *h),
            Placement::HexOrAdjacent(h) => {
                self.hex(ctx, &ptr.field("HexOrAdjacent"), *h);
            }
            Placement::At(at) => self.location(ctx, &ptr.field("At"), at),
            Placement::Within { of, .. } => {
                self.location(ctx, &ptr.field("Within").field("of"), of);
            }
            Placement::Region(hexes) => {
                for (i, h) in hexes.iter().enumerate() {
                    self.hex(ctx, &ptr.field("Region").index(i), *h);
                }
            }
            Placement::SideOfLine { line, .. } => {
                self.locations(
                    ctx,
                    &ptr.field("SideOfLine").field("line"),
                    line,
                );
            }
            Placement::OnRoad { road, from, to, .. } => {
                self.road(ctx, &ptr.field("OnRoad").field("road"), road);
                self.location(ctx, &ptr.field("OnRoad").field("from"), from);
                self.location(ctx, &ptr.field("OnRoad").field("to"), to);
            }
            Placement::HalfwayBetween { a, b, .. } => {
                self.location(ctx, &ptr.field("HalfwayBetween").field("a"), a);
                self.location(ctx, &ptr.field("HalfwayBetween").field("b"), b);
            }
            Placement::LineBetween { a, b } => {
                self.location(ctx, &ptr.field("LineBetween").field("a"), a);
                self.location(ctx, &ptr.field("LineBetween").field("b"), b);
            }
            Placement::StackedWith(u) => {
                self.unit(ctx, &ptr.field("StackedWith"), u);
            }
            Placement::AdjacentTo(u) => {
                self.unit(ctx, &ptr.field("AdjacentTo"), u);
            }
            Placement::WithAnyUnitOf(Some(f)) => {
                self.formation(ctx, &ptr.field("WithAnyUnitOf"), f);
            }
            Placement::WithAnyUnitOf(None) | Placement::Anywhere => {}
            Placement::SideOf { of, .. } => {
                self.location(ctx, &ptr.field("SideOf").field("of"), of);
            }
            Placement::Band { a, b, .. } => {
                self.location(ctx, &ptr.field("Band").field("a"), a);
                self.location(ctx, &ptr.field("Band").field("b"), b);
            }
            Placement::RegionOf(corners) => {
                self.locations(ctx, &ptr.field("RegionOf"), corners);
            }
            Placement::AdjacentToAnyUnitOf(f) => {
                self.formation(ctx, &ptr.field("AdjacentToAnyUnitOf"), f);
            }
            Placement::All(all) | Placement::AnyOf(all) => {
                let variant = if matches!(p, Placement::All(_)) {
                    "All"
                } else {
                    "AnyOf"
                };
                for (i, inner) in all.iter().enumerate() {
                    self.placement(ctx, &ptr.field(variant).index(i), inner);
                }
            }
            Placement::Not(inner) => {
                self.placement(ctx, &ptr.field("Not"), inner);
            }
            Placement::DeploymentOf { units, .. } => {
                if let Some(units) = units {
                    let at = ptr.field("DeploymentOf").field("units");
                    self.units(ctx, &at, units);
                }
            }
            Placement::Unstructured(text) => {
                ctx.report(
                    Code::Ref014,
                    &ptr.field("Unstructured"),
                    format!("placement kept as text, not checked: \"{text}\""),
                );
            }
        }
    }

    pub fn hex(
        &self,
        ctx: &mut Out,
        pointer: &Pointer,
        hex: berthier_schema::HexId,
    ) {
        if let Some(map) = self.map {
            ctx.hex_on_map(map, hex, pointer);
        }
    }

    pub(super) fn road(&self, ctx: &mut Out, pointer: &Pointer, id: &str) {
        if let Some(map) = self.map
            && map.road(id).is_none()
        {
            ctx.report(
                Code::Ref006,
                pointer,
                format!("road `{id}` is not on the map {}", map.id),
            );
        }
    }
}
