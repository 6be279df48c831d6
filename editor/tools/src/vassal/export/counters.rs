//! The counters of an exported battle as palette pieces: both faces of
//! each drawn by [`crate::counter_art`] (as `berthier-editor counters`
//! draws them) at one and a half hex radii, written to the module's
//! `images/`, and a slot per counter, listed by side.

use std::collections::BTreeMap;
use std::path::Path;

use berthier_schema::Counters;
use berthier_schema::counters::Unit;
use berthier_schema::series::Series;

use super::battle::{VmodError, file_stem, png};
use super::build_file::Slot;
use super::piece::{self, PieceSpec, RATING_IDS};
use crate::counter_art::{self, Art};
use crate::render::raster;
use crate::vassal::sequence::encode;

/// The counters as palette slots, by side.
pub(super) struct Pieces {
    pub palette: Vec<(String, Vec<Slot>)>,
    /// Each unit's slot (for the stacks).
    pub by_unit: BTreeMap<String, Slot>,
    /// Each unit's piece (for the predefined setups).
    pub specs: BTreeMap<String, PieceSpec>,
    pub count: usize,
}

/// Draws every counter's faces into `files` and makes its slot.
pub(super) fn pieces(
    counters_path: &Path,
    radius: f64,
    files: &mut Vec<(String, Vec<u8>)>,
) -> Result<Pieces, VmodError> {
    let (counters, series) =
        counter_art::sheet::load(counters_path).map_err(VmodError::Counters)?;
    let px = ((1.5 * radius).round() as u32).clamp(24, 256);
    let font = raster::font();
    let art = Art::new(&counters, &series);
    let mut by_unit = BTreeMap::new();
    let mut specs = BTreeMap::new();
    for (gpid, unit) in (1..).zip(&counters.units) {
        let faces = art.counter(unit);
        let stem = file_stem(&unit.id);
        let mut face = |f: &counter_art::Face, name: String| {
            let img = counter_art::draw::image(f, &font, px);
            let bytes =
                png(&image::DynamicImage::ImageRgba8(img), counters_path)?;
            files.push((format!("images/{name}"), bytes));
            Ok::<_, VmodError>(name)
        };
        let spec = PieceSpec {
            id: unit.id.clone(),
            name: unit.name.clone(),
            properties: properties(unit, &counters, &series),
            front: face(&faces.front, format!("{stem}.png"))?,
            back: Some(face(&faces.back, format!("{stem}-back.png"))?),
        };
        let slot = Slot {
            name: unit.name.clone(),
            gpid,
            definition: piece::definition(&spec),
            px,
        };
        by_unit.insert(unit.id.clone(), slot);
        specs.insert(unit.id.clone(), spec);
    }
    Ok(Pieces {
        palette: palette_lists(&counters, &by_unit),
        count: by_unit.len(),
        by_unit,
        specs,
    })
}

/// A unit's `Marker` properties after its id: its side by its printed
/// name (the id in `Side ID`, for the import), nationality, formation,
/// class, printed number, designation and tags, then each known rating under the series' name for it (`Attack`
/// on the front, `Attack (back)` on another face; unknown ratings are
/// left out, not written as 0), and `Rating IDs` (`id=name;..`) so the
/// import maps the names back to the series' ids.
fn properties(
    unit: &Unit,
    counters: &Counters,
    series: &Series,
) -> Vec<(String, String)> {
    let side = counters.sides.iter().find(|s| s.id == unit.side);
    let mut out = vec![
        (
            "Side".to_owned(),
            side.map_or(unit.side.clone(), |s| s.name.clone()),
        ),
        ("Side ID".to_owned(), unit.side.clone()),
    ];
    if let Some(n) = &unit.nationality {
        out.push(("Nationality".to_owned(), n.clone()));
    }
    if let Some(f) = &unit.formation {
        // By its name, its id and level beside it (as `Side`, `Side ID`),
        // so an import gives the formation back as it was.
        let formation = counters.formations.iter().find(|x| &x.id == f);
        let name = formation.map_or(f.clone(), |x| x.name.clone());
        out.push(("Formation".to_owned(), name));
        out.push(("Formation ID".to_owned(), f.clone()));
        if let Some(x) = formation {
            out.push(("Formation Level".to_owned(), x.level.clone()));
        }
    }
    out.push(("Class".to_owned(), unit.class.clone()));
    out.extend(printed_fields(unit));
    let name = |id: &str| {
        series
            .ratings
            .iter()
            .find(|r| r.id == id)
            .map_or(id.to_owned(), |r| r.name.clone())
    };
    let mut ids = BTreeMap::new();
    for (face, ratings) in &unit.ratings {
        for (id, value) in ratings {
            let Some(value) = value else { continue };
            let rating = name(id);
            let key = if face == "front" {
                rating.clone()
            } else {
                format!("{rating} ({face})")
            };
            out.push((key, value.to_string()));
            ids.insert(id.clone(), rating);
        }
    }
    if !ids.is_empty() {
        let pairs: Vec<String> =
            ids.iter().map(|(id, n)| format!("{id}={n}")).collect();
        out.push((RATING_IDS.to_owned(), encode(&pairs, ';')));
    }
    out
}

/// The counter's printed number, designation and tags, as `Printed`,
/// `Designation` and `Tags` (`;`-separated), so an import gives them back:
/// a pack's setups and morale groups name counters by what they print.
fn printed_fields(unit: &Unit) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Some(printed) = &unit.printed {
        out.push(("Printed".to_owned(), printed.clone()));
    }
    if let Some(designation) = &unit.designation {
        out.push(("Designation".to_owned(), designation.clone()));
    }
    if !unit.tags.is_empty() {
        out.push(("Tags".to_owned(), encode(&unit.tags, ';')));
    }
    out
}

/// One palette list per side (in the counters' order), then the units of
/// sides the file does not declare.
fn palette_lists(
    counters: &Counters,
    by_unit: &BTreeMap<String, Slot>,
) -> Vec<(String, Vec<Slot>)> {
    let mut lists: Vec<(String, Vec<Slot>)> = Vec::new();
    let declared = |id: &str| counters.sides.iter().any(|s| s.id == id);
    for side in &counters.sides {
        let slots: Vec<Slot> = counters
            .units
            .iter()
            .filter(|u| u.side == side.id)
            .filter_map(|u| by_unit.get(&u.id).cloned())
            .collect();
        lists.push((side.name.clone(), slots));
    }
    let other: Vec<Slot> = counters
        .units
        .iter()
        .filter(|u| !declared(&u.side))
        .filter_map(|u| by_unit.get(&u.id).cloned())
        .collect();
    if !other.is_empty() {
        lists.push(("Other".to_owned(), other));
    }
    lists.retain(|(_, s)| !s.is_empty());
    lists
}
