//! The register screen's drag handles: the origin (moves `origin_px`), the
//! rotation handle at the end of an arm along the grid's x axis (turns
//! `rotation_deg` about the origin) and the size handle on a corner of the
//! origin hex (scales `hex_radius_px`). Positions depend on the zoom so the
//! handles keep their screen distance from the origin.

use berthier_schema::Grid;
use iced::Color;

use crate::map_canvas::geometry::Viewport;
use crate::screen::overlay::{HandleShape, Mark};

/// A drag handle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handle {
    /// The origin hex's centre.
    Origin,
    /// Turns the grid about the origin.
    Rotation,
    /// Scales the hexes about the origin.
    Size,
}

/// Screen distance from the origin to the rotation handle.
const ARM_PX: f64 = 150.0;
/// Smallest screen distance from the origin to the size handle.
const SIZE_MIN_PX: f64 = 40.0;
/// How near (screen pixels) a press must be to grab a handle.
pub const GRAB_PX: f32 = 12.0;

/// A drag in progress: the handle, the grid when it started and where the
/// press was (scan pixels).
#[derive(Debug, Clone, PartialEq)]
pub struct Drag {
    /// The handle held.
    pub handle: Handle,
    /// The grid at the press.
    pub start: Grid,
    /// Where the press was.
    pub from: [f64; 2],
}

/// The three handles of `grid` under `view`, in scan pixels.
pub fn positions(grid: &Grid, view: &Viewport) -> [(Handle, [f64; 2]); 3] {
    let o = grid.origin_px;
    let zoom = f64::from(view.zoom).max(1e-3);
    let (s, c) = grid.rotation_deg.to_radians().sin_cos();
    let arm = ARM_PX / zoom;
    let rotation = [o[0] + arm * c, o[1] + arm * s];
    let d = size_corner(grid);
    let on_screen = d[0].hypot(d[1]) * zoom;
    // Far enough from the origin to grab: a whole multiple of the corner.
    let k = if on_screen > 1e-9 {
        (SIZE_MIN_PX / on_screen).ceil().max(1.0)
    } else {
        1.0
    };
    let size = [o[0] + k * d[0], o[1] + k * d[1]];
    [
        (Handle::Origin, o),
        (Handle::Rotation, rotation),
        (Handle::Size, size),
    ]
}

/// The origin hex's lower-right corner, relative to the origin (without
/// corrections: the handle works on the regular grid).
fn size_corner(grid: &Grid) -> [f64; 2] {
    let regular = Grid {
        corrections: Vec::new(),
        ..grid.clone()
    };
    let o = regular.center_px(regular.origin_hex);
    regular
        .corners_px(regular.origin_hex)
        .into_iter()
        .map(|p| [p[0] - o[0], p[1] - o[1]])
        .max_by(|a, b| (a[0] + a[1]).total_cmp(&(b[0] + b[1])))
        .unwrap_or([grid.hex_radius_px, 0.0])
}

/// The handle within [`GRAB_PX`] of the scan pixel `px`, nearest first.
pub fn grab(grid: &Grid, view: &Viewport, px: [f64; 2]) -> Option<Handle> {
    let at = view.to_screen(px);
    positions(grid, view)
        .into_iter()
        .map(|(h, p)| (h, view.to_screen(p).distance(at)))
        .filter(|(_, d)| *d <= GRAB_PX)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(h, _)| h)
}

/// The grid while `drag` is at `px`.
pub fn dragged(drag: &Drag, px: [f64; 2]) -> Grid {
    let g = &drag.start;
    let o = g.origin_px;
    let (a, b) = (drag.from, px);
    let mut out = g.clone();
    match drag.handle {
        Handle::Origin => {
            out.origin_px = [o[0] + b[0] - a[0], o[1] + b[1] - a[1]];
        }
        Handle::Rotation => {
            let angle = |p: [f64; 2]| (p[1] - o[1]).atan2(p[0] - o[0]);
            let mut turn = (angle(b) - angle(a)).to_degrees();
            turn = (turn + 180.0).rem_euclid(360.0) - 180.0;
            out.rotation_deg = (g.rotation_deg + turn).clamp(-45.0, 45.0);
        }
        Handle::Size => {
            let dist = |p: [f64; 2]| (p[0] - o[0]).hypot(p[1] - o[1]);
            if dist(a) > 1e-9 {
                let r = g.hex_radius_px * dist(b) / dist(a);
                out.hex_radius_px = r.clamp(0.5, 1e5);
            }
        }
    }
    out
}

/// The handles as marks, with the rotation arm.
pub fn marks(grid: &Grid, view: &Viewport) -> Vec<Mark> {
    let [(_, o), (_, rot), (_, size)] = positions(grid, view);
    let red = Color::from_rgb8(0xd0, 0x20, 0x20);
    let purple = Color::from_rgb8(0x7a, 0x2d, 0x9c);
    let teal = Color::from_rgb8(0x00, 0x7a, 0x80);
    vec![
        Mark::Line {
            from: o,
            to: rot,
            colour: purple,
        },
        Mark::Handle {
            at: o,
            shape: HandleShape::Disc,
            colour: red,
            label: format!("origin {}", grid.origin_hex),
        },
        Mark::Handle {
            at: rot,
            shape: HandleShape::Ring,
            colour: purple,
            label: format!("turn {:.2}°", grid.rotation_deg),
        },
        Mark::Handle {
            at: size,
            shape: HandleShape::Square,
            colour: teal,
            label: format!("size {:.2} px", grid.hex_radius_px),
        },
    ]
}
