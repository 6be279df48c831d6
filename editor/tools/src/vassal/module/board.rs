//! Reading a `Board` element: its image and size, its hex grids (zones
//! included) and notes on what the import leaves out.

use std::io::{Read, Seek};

use zip::ZipArchive;

use super::super::grid::HexGrid;
use super::super::numbering;
use super::archive::entry;
use super::image_size::image_size;
use super::{Board, BoardGrid, Limits, ModuleError, Zone, class};

/// Reads one `Board` element.
pub(super) fn board<R: Read + Seek>(
    zip: &mut ZipArchive<R>,
    limits: Limits,
    node: roxmltree::Node<'_, '_>,
) -> Result<Board, ModuleError> {
    let map = node
        .ancestors()
        .find_map(|a| a.attribute("mapName"))
        .unwrap_or("")
        .to_owned();
    let name = node.attribute("name").unwrap_or("").to_owned();
    let image = node.attribute("image").filter(|i| !i.is_empty());
    let mut unshown = Vec::new();
    let (image, size) = match image {
        Some(file) => {
            let entry_name = format!("images/{file}");
            if zip.index_for_name(&entry_name).is_none() {
                return Err(ModuleError::MissingImage {
                    map,
                    board: name,
                    image: file.to_owned(),
                });
            }
            let bytes = entry(zip, &entry_name, limits)?;
            let (size, format) =
                image_size(&bytes).map_err(|reason| ModuleError::Image {
                    board: name.clone(),
                    image: file.to_owned(),
                    reason,
                })?;
            if let Some(format) = format {
                unshown.push(format!(
                    "image `{file}` is {format}: Berthier shows PNG, JPEG and \
                     TIFF scans; convert it and point the map's `scan` at the copy"
                ));
            }
            (Some(entry_name), size)
        }
        None => {
            let dim = |key: &str| {
                node.attribute(key)
                    .map_or(Ok(500), |v| v.trim().parse::<u32>())
                    .map_err(|_| ModuleError::Attribute {
                        board: name.clone(),
                        element: "Board".into(),
                        attr: key.into(),
                    })
            };
            (None, [dim("width")?, dim("height")?])
        }
    };
    let mut grids = Vec::new();
    let mut zones = Vec::new();
    for child in node.children().filter(|c| c.is_element()) {
        match class(&child) {
            Some("HexGrid") => {
                grids.push(board_grid(&map, &name, child, None)?)
            }
            Some("ZonedGrid") => {
                for part in child.children().filter(|c| c.is_element()) {
                    match class(&part) {
                        Some("HexGrid") => {
                            grids.push(board_grid(&map, &name, part, None)?)
                        }
                        Some("Zone") => {
                            let zone = zone(&name, part)?;
                            zones.push(zone.name.clone());
                            let hex = part
                                .children()
                                .find(|g| class(g) == Some("HexGrid"));
                            if let Some(hex) = hex {
                                grids.push(board_grid(
                                    &map,
                                    &name,
                                    hex,
                                    Some(zone),
                                )?);
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    let notes = node
        .descendants()
        .filter_map(|d| {
            let c = class(&d)?;
            let grid =
                c.ends_with("Grid") && !matches!(c, "HexGrid" | "ZonedGrid");
            let numbering = c.ends_with("Numbering") && c != "HexGridNumbering";
            if !grid && !numbering {
                return None;
            }
            let zone = d
                .ancestors()
                .find(|a| class(a) == Some("Zone"))
                .map_or(String::new(), |z| {
                    format!(" in zone `{}`", z.attribute("name").unwrap_or(""))
                });
            Some(if grid {
                format!("{c}{zone} is not a hex grid: not imported")
            } else {
                format!(
                    "{c}{zone} is not read: its hexes are numbered from 0101"
                )
            })
        })
        .chain(unshown)
        .collect();
    Ok(Board {
        zones,
        map,
        name,
        image,
        size,
        grids,
        notes,
    })
}

/// Most points a zone's outline may have. VASSAL zones are drawn point
/// by point on the board (a few dozen); every hex of the board is tested
/// against every point, so a 200,000-point outline took minutes.
pub const MAX_ZONE_POINTS: usize = 1000;

/// Reads a `Zone`'s name and outline.
fn zone(
    board: &str,
    node: roxmltree::Node<'_, '_>,
) -> Result<Zone, ModuleError> {
    let bad = || ModuleError::Attribute {
        board: board.to_owned(),
        element: "Zone".into(),
        attr: format!("path=\"{}\"", node.attribute("path").unwrap_or("")),
    };
    let written = node.attribute("path").unwrap_or("");
    let points = written.split(';').filter(|p| !p.trim().is_empty()).count();
    if points > MAX_ZONE_POINTS {
        return Err(ModuleError::ZoneTooLong {
            board: board.to_owned(),
            zone: node.attribute("name").unwrap_or("").to_owned(),
            points,
            limit: MAX_ZONE_POINTS,
        });
    }
    let mut path = Vec::new();
    for point in written.split(';') {
        if point.trim().is_empty() {
            continue;
        }
        let (x, y) = point.split_once(',').ok_or_else(bad)?;
        let x = x.trim().parse().map_err(|_| bad())?;
        let y = y.trim().parse().map_err(|_| bad())?;
        path.push([x, y]);
    }
    Ok(Zone {
        name: node.attribute("name").unwrap_or("").to_owned(),
        path,
    })
}

/// Reads a `HexGrid` element and its numbering.
fn board_grid(
    map: &str,
    board: &str,
    node: roxmltree::Node<'_, '_>,
    zone: Option<Zone>,
) -> Result<BoardGrid, ModuleError> {
    let bad = |attr: &str| ModuleError::Attribute {
        board: board.to_owned(),
        element: "HexGrid".into(),
        attr: format!("{attr}=\"{}\"", node.attribute(attr).unwrap_or("")),
    };
    let d = HexGrid::default();
    let float = |key: &str| {
        node.attribute(key)
            .map(|v| v.trim().parse::<f64>().map_err(|_| bad(key)))
            .transpose()
    };
    // A grid origin further than a million pixels off the board places
    // no hex on it, and near i32's ends the cell arithmetic overflows.
    let int = |key: &str, default: i32| {
        node.attribute(key).map_or(Ok(default), |v| {
            v.trim()
                .parse::<i32>()
                .ok()
                .filter(|n| n.unsigned_abs() <= 1_000_000)
                .ok_or_else(|| bad(key))
        })
    };
    let flag = |key: &str| node.attribute(key) == Some("true");
    let dy = float("dy")?.unwrap_or(d.dy);
    // HexGrid.setAttribute: without its own dx, the width follows the
    // height in a regular hexagon's ratio.
    let dx = float("dx")?.unwrap_or(dy * 3f64.sqrt() / 2.0);
    if !(dx.is_finite() && dy.is_finite() && dx > 0.0 && dy > 0.0) {
        return Err(ModuleError::ZeroSizeGrid {
            map: map.to_owned(),
            board: board.to_owned(),
            dx,
            dy,
        });
    }
    let grid = HexGrid {
        dx,
        dy,
        x0: int("x0", d.x0)?,
        y0: int("y0", d.y0)?,
        sideways: flag("sideways"),
        edges_legal: flag("edgesLegal"),
        corners_legal: flag("cornersLegal"),
    };
    let numbering = node
        .children()
        .find(|c| class(c) == Some("HexGridNumbering"))
        .map(|n| {
            numbering::from_attrs(|k| n.attribute(k)).map_err(|attr| {
                ModuleError::Attribute {
                    board: board.to_owned(),
                    element: "HexGridNumbering".into(),
                    attr: attr.to_string(),
                }
            })
        })
        .transpose()?;
    Ok(BoardGrid {
        zone,
        grid,
        numbering,
    })
}
