//! The set-up counters as shapes in scan pixels: each stack on its hex,
//! the bottom counter first and each one above it shifted up and right
//! (as stacked cardboard shows its edges), and each faced unit's facing as
//! an arrow toward the hexside or the vertex its formation faces.
//!
//! Facing: "0-5 clockwise from north (vertex or hexside by formation)"
//! (`Placed::facing`); a vertex facing `f` fronts hexsides `f` and `f+1`,
//! as the validator's FAC001 reads it; which kind a formation faces is
//! the series' data (Vive l'Empereur: "The formation greatly influences
//! the exposed side and the facing of the counter", seed 001 l. 207).

use berthier_schema::HexId;
use berthier_schema::battle::Battle;
use berthier_schema::scenario::Placed;
use berthier_schema::series::FacingKind;

use crate::counter_art::{Art, Face, draw};
use crate::scene::Shape;

/// A counter's side as a share of the hex radius.
const COUNTER: f64 = 1.05;
/// Each counter above the bottom one is shifted by this share of its side.
const SHIFT: f64 = 0.1;
/// Facing arrow colour.
const ARROW: [u8; 3] = [0xb0, 0x10, 0x10];

/// Every set-up counter and facing arrow of the battle.
pub fn shapes(b: &Battle<'_>) -> Vec<Shape> {
    let art = Art::new(b.counters, &b.series);
    let font = crate::render::raster::font();
    let geometry = b.map.geometry();
    let radius = b.map.grid.hex_radius_px;
    let side = radius * COUNTER;
    let mut out = Vec::new();
    for (hex, stack) in b.occupancy() {
        if !b.map.contains(hex) {
            continue;
        }
        let [cx, cy] = geometry.center_px(hex);
        // Top of the stack is first: draw from the bottom up.
        for (depth, placed) in stack.iter().enumerate().rev() {
            let Some(unit) = b.unit(&placed.unit) else {
                continue;
            };
            let counter = art.counter(unit);
            let face = face_for(b, placed, &counter.front, &counter.back);
            let lift = (stack.len() - 1 - depth) as f64 * SHIFT * side;
            let origin = [cx - side / 2.0 + lift, cy - side / 2.0 - lift];
            let drawn = draw::shapes(face, &font, origin, side);
            // iced paints a frame's text over all its fills, so a covered
            // counter's words would show through the one above it: only
            // the top counter is lettered, the others show their edges.
            out.extend(
                drawn
                    .into_iter()
                    .filter(|s| depth == 0 || matches!(s, Shape::Fill { .. })),
            );
            let centre = [cx + lift, cy - lift];
            out.extend(arrow(b, hex, placed, centre, radius));
        }
    }
    out
}

/// The face a placed unit shows: the side its state or formation turns
/// up (seed 001 l. 207, quoted above), else the front.
fn face_for<'c>(
    b: &Battle<'_>,
    placed: &Placed,
    front: &'c Face,
    back: &'c Face,
) -> &'c Face {
    let by_state = placed.state.as_deref().and_then(|s| {
        b.series
            .states
            .iter()
            .find(|d| d.id == s)?
            .counter_side
            .clone()
    });
    let by_formation = placed.formation.as_deref().and_then(|f| {
        b.series
            .formations
            .iter()
            .find(|d| d.id == f)?
            .counter_side
            .clone()
    });
    match by_state.or(by_formation) {
        Some(side) if side == back.side && side != front.side => back,
        _ => front,
    }
}

/// How `placed` faces: its formation's kind, a vertex when it names
/// none (as FAC001 reads it).
pub fn facing_kind(b: &Battle<'_>, placed: &Placed) -> FacingKind {
    placed
        .formation
        .as_deref()
        .and_then(|f| b.series.formations.iter().find(|d| d.id == f))
        .map_or(FacingKind::Vertex, |d| d.facing)
}

/// The facing arrow of a faced unit, from `centre` toward its front.
fn arrow(
    b: &Battle<'_>,
    hex: HexId,
    placed: &Placed,
    centre: [f64; 2],
    radius: f64,
) -> Vec<Shape> {
    let Some(facing) = placed.facing else {
        return Vec::new();
    };
    let Some([dx, dy]) =
        facing_direction(b, hex, facing, facing_kind(b, placed))
    else {
        return Vec::new();
    };
    let tip = [
        centre[0] + dx * radius * 0.95,
        centre[1] + dy * radius * 0.95,
    ];
    let base = [centre[0] + dx * radius * 0.6, centre[1] + dy * radius * 0.6];
    let (nx, ny) = (-dy * radius * 0.18, dx * radius * 0.18);
    vec![Shape::Fill {
        points: vec![
            tip,
            [base[0] + nx, base[1] + ny],
            [base[0] - nx, base[1] - ny],
        ],
        colour: ARROW,
        alpha: 1.0,
    }]
}

/// The unit direction from a hex's centre toward hexside `facing` (or,
/// for a vertex, toward the corner between hexsides `facing` and
/// `facing + 1`); `None` for a unit facing all around.
pub fn facing_direction(
    b: &Battle<'_>,
    hex: HexId,
    facing: u8,
    kind: FacingKind,
) -> Option<[f64; 2]> {
    let geometry = b.map.geometry();
    let centre = geometry.center_px(hex);
    let toward = |side: u8| {
        let n = b.map.grid.across(hex, side % 6)?;
        let [x, y] = geometry.center_px(n);
        Some([x - centre[0], y - centre[1]])
    };
    let [x, y] = match kind {
        FacingKind::AllAround => return None,
        FacingKind::Hexside => toward(facing)?,
        FacingKind::Vertex => {
            let (a, c) = (toward(facing)?, toward(facing + 1)?);
            [a[0] + c[0], a[1] + c[1]]
        }
    };
    let length = x.hypot(y);
    (length > 0.0).then(|| [x / length, y / length])
}
