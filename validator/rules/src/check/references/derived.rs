//! The references inside locations built from others (road stretches,
//! crossings, offsets), inside the placements measured from whole
//! locations, and inside an instruction's counts; REF018 for a location
//! whose parts exist but which resolves to no hex.

use berthier_schema::map::Map;
use berthier_schema::placement::{Count, Location};
use berthier_schema::zone::{NoSetup, Zone};

use super::Out;
use super::placement::World;
use crate::code::Code;
use crate::pointer::Pointer;

impl World<'_> {
    /// `RoadStretch`, `Crossing`, `Offset`.
    pub(super) fn derived_location(
        &self,
        ctx: &mut Out,
        map: &Map,
        pointer: &Pointer,
        at: &Location,
    ) {
        match at {
            Location::RoadStretch { road, from, to } => {
                let p = pointer.field("RoadStretch");
                self.road(ctx, &p.field("road"), road);
                self.location(ctx, &p.field("from"), from);
                self.location(ctx, &p.field("to"), to);
            }
            Location::Crossing { road, with } => {
                let p = pointer.field("Crossing");
                self.road(ctx, &p.field("road"), road);
                self.road(ctx, &p.field("with"), with);
                if let (Some(a), Some(b)) = (map.road(road), map.road(with))
                    && !a.hexes.iter().any(|h| b.hexes.contains(h))
                {
                    ctx.report(
                        Code::Ref018,
                        &p,
                        format!(
                            "roads `{road}` and `{with}` share no hex, so \
                             they have no crossing on the map {}",
                            map.id
                        ),
                    );
                }
            }
            Location::Offset { from, .. } => {
                let p = pointer.field("Offset");
                self.location(ctx, &p.field("from"), from);
                let zone = Zone::new(map, &NoSetup);
                if !depends_on_setup(from)
                    && zone.location_hexes(from).is_ok()
                    && let Err(why) = zone.location_hexes(at)
                {
                    ctx.report(Code::Ref018, &p, why.to_string());
                }
            }
            Location::Part { of, only } => {
                let p = pointer.field("Part");
                self.location(ctx, &p.field("of"), of);
                self.placement(ctx, &p.field("only"), only);
                self.no_hexes(ctx, map, &p, at);
            }
            Location::Squares { .. } => {
                self.no_hexes(ctx, map, &pointer.field("Squares"), at);
            }
            _ => {}
        }
    }

    /// REF018 when a location that needs no setup resolves to no hex (a
    /// part nothing satisfies, a square outside the division). Errors of
    /// unknown ids are REF006 elsewhere; setup-dependent ones wait for a
    /// setup.
    fn no_hexes(&self, ctx: &mut Out, map: &Map, p: &Pointer, at: &Location) {
        use berthier_schema::zone::ZoneError;
        if let Err(why @ (ZoneError::Empty(_) | ZoneError::NoSquare { .. })) =
            Zone::new(map, &NoSetup).location_hexes(at)
        {
            ctx.report(Code::Ref018, p, why.to_string());
        }
    }

    /// Every reference inside an instruction's counts.
    pub fn counts(&self, ctx: &mut Out, pointer: &Pointer, counts: &[Count]) {
        for (k, count) in counts.iter().enumerate() {
            let p = pointer.index(k);
            match count {
                Count::PerHex { .. } => {}
                Count::PerFormation { formations, .. } => {
                    let p = p.field("PerFormation").field("formations");
                    for (i, f) in formations.iter().enumerate() {
                        self.formation(ctx, &p.index(i), f);
                    }
                }
                Count::OneEach(all) => {
                    self.locations(ctx, &p.field("OneEach"), all);
                }
                Count::InZone { zone, units, .. } => {
                    let p = p.field("InZone");
                    self.placement(ctx, &p.field("zone"), zone);
                    if let Some(units) = units {
                        self.units(ctx, &p.field("units"), units);
                    }
                }
            }
        }
    }
}

/// Whether a location's hexes come from the setup (a formation's units).
fn depends_on_setup(at: &Location) -> bool {
    match at {
        Location::Formation(_) => true,
        Location::Offset { from, .. } => depends_on_setup(from),
        Location::RoadStretch { from, to, .. } => {
            depends_on_setup(from) || depends_on_setup(to)
        }
        _ => false,
    }
}
