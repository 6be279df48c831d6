//! The inputs shared by the New map and map Properties forms: text fields
//! read into the model's values, with one clear message per field
//! ("last column must be ≥ first"), the series files offered, and the
//! starting grid of a new map.

use std::path::{Path, PathBuf};

use berthier_schema::{Extent, Grid, HexId, Orientation, Shift};
use iced::widget::{column, row, text};
use iced::{Element, Length};

/// A field of the forms, to show its problem beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// The map's id.
    Id,
    /// The map's name.
    Name,
    /// The series file.
    Series,
    /// The scan.
    Scan,
    /// First and last column.
    Cols,
    /// First and last row.
    Rows,
    /// The sheet letter.
    Sheet,
    /// Where the map file goes.
    File,
    /// A new scenario's map.
    Map,
    /// A new scenario's order of battle.
    Counters,
    /// A new scenario's turn track.
    Turns,
    /// A new game's first day.
    Day,
    /// A new game's battles.
    Battles,
    /// A new game's transfer routes.
    Transfers,
}

/// What is wrong with the inputs, field by field.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Problems(Vec<(Field, String)>);

impl Problems {
    /// Records a problem of `field` (the first one per field is shown).
    pub fn add(&mut self, field: Field, message: impl Into<String>) {
        self.0.push((field, message.into()));
    }

    /// The problem shown beside `field`.
    pub fn of(&self, field: Field) -> Option<&str> {
        self.0
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, m)| m.as_str())
    }

    /// Forgets `field`'s problems: the author is correcting it, and a
    /// stale message (which also moves the buttons under it) would mislead.
    pub fn clear(&mut self, field: Field) {
        self.0.retain(|(f, _)| *f != field);
    }

    /// Whether every field is right.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The extent as typed: columns and rows, first and last.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExtentInput {
    /// First and last column.
    pub cols: [String; 2],
    /// First and last row.
    pub rows: [String; 2],
}

/// Which bound of the extent a field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// First column.
    FirstCol,
    /// Last column.
    LastCol,
    /// First row.
    FirstRow,
    /// Last row.
    LastRow,
}

impl ExtentInput {
    /// The fields of `extent`.
    pub fn of(extent: &Extent) -> Self {
        let [c0, c1] = extent.cols.map(|c| c.to_string());
        let [r0, r1] = extent.rows.map(|r| r.to_string());
        Self {
            cols: [c0, c1],
            rows: [r0, r1],
        }
    }

    /// Sets one bound's text.
    pub fn set(&mut self, bound: Bound, value: String) {
        match bound {
            Bound::FirstCol => self.cols[0] = value,
            Bound::LastCol => self.cols[1] = value,
            Bound::FirstRow => self.rows[0] = value,
            Bound::LastRow => self.rows[1] = value,
        }
    }

    /// Columns and rows, when both read; columns above `max_col` do not
    /// fit the numbering, nor rows above 99 (hex numbers end in two row
    /// digits).
    pub fn read(
        &self,
        max_col: u16,
        problems: &mut Problems,
    ) -> Option<([u16; 2], [u16; 2])> {
        let cols = span(&self.cols, "column", max_col, Field::Cols, problems);
        let rows = span(&self.rows, "row", 99, Field::Rows, problems);
        Some((cols?, rows?))
    }
}

fn span(
    texts: &[String; 2],
    what: &str,
    max: u16,
    field: Field,
    problems: &mut Problems,
) -> Option<[u16; 2]> {
    let read = |text: &str, which: &str| match text.trim().parse::<u16>() {
        Ok(n) if n <= max => Ok(n),
        Ok(_) => Err(format!(
            "{which} {what} must be at most {max} with this numbering"
        )),
        Err(_) => Err(format!("{which} {what}: type a whole number")),
    };
    match (read(&texts[0], "first"), read(&texts[1], "last")) {
        (Ok(a), Ok(b)) if b >= a => Some([a, b]),
        (Ok(_), Ok(_)) => {
            problems.add(field, format!("last {what} must be ≥ first"));
            None
        }
        (Err(e), _) | (_, Err(e)) => {
            problems.add(field, e);
            None
        }
    }
}

/// The name typed into a form whose id follows the name until the id is
/// typed itself ("Combat de la Vère" gives `combat-de-la-vere`); the
/// name's and id's problems go as soon as they are typed again.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NameAndId {
    /// The name as typed.
    pub name: String,
    /// The id, made from the name or typed.
    pub id: String,
    /// The id was typed (it no longer follows the name).
    pub id_typed: bool,
}

impl NameAndId {
    /// The name typed.
    pub fn name_typed(&mut self, typed: String, problems: &mut Problems) {
        problems.clear(Field::Name);
        if !self.id_typed {
            problems.clear(Field::Id);
            self.id = id_from_name(&typed);
        }
        self.name = typed;
    }

    /// The id typed (emptied, it follows the name again).
    pub fn id_typed(&mut self, typed: String, problems: &mut Problems) {
        problems.clear(Field::Id);
        self.id_typed = !typed.is_empty();
        self.id = typed;
    }
}

/// Whether `id` is one: lowercase letters, digits and `-`, not empty.
pub fn is_id(id: &str) -> bool {
    let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit();
    !id.is_empty() && id.chars().all(|c| allowed(c) || c == '-')
}

/// The id as typed, if it is one: lowercase letters, digits and `-`.
pub fn read_id(text: &str, problems: &mut Problems) -> Option<String> {
    let id = text.trim();
    if id.is_empty() {
        problems.add(Field::Id, "type an id, e.g. rivoli-1797");
    } else if !is_id(id) {
        problems.add(Field::Id, "use lowercase letters, digits and -");
    } else {
        return Some(id.to_owned());
    }
    None
}

/// The name as typed, if not empty.
pub fn read_name(text: &str, problems: &mut Problems) -> Option<String> {
    let name = berthier_tools::tool::name_of(text);
    if name.is_none() {
        problems.add(Field::Name, "type the map's name");
    }
    name
}

/// The sheet letter as typed: `None` when empty, else one capital letter.
pub fn read_sheet(text: &str, problems: &mut Problems) -> Option<Option<char>> {
    let mut chars = text.trim().chars();
    match (chars.next(), chars.next()) {
        (None, _) => Some(None),
        (Some(c), None) if c.is_ascii_uppercase() => Some(Some(c)),
        _ => {
            problems.add(Field::Sheet, "one capital letter (A–Z), or empty");
            None
        }
    }
}

pub use berthier_tools::tool::id_from_name;

/// Series files offered: those in a `schema/series` folder beside the map
/// folder or one of its parents, and in the data folder's (where the demo
/// puts the bundled ones), sorted by name, each once.
pub fn find_series(near: Option<&Path>, data: Option<&Path>) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = near
        .into_iter()
        .flat_map(Path::ancestors)
        .take(5)
        .map(|a| a.join("schema/series"))
        .collect();
    if let Some(data) = data {
        folders
            .push(berthier_tools::demo::folder_in(data).join("schema/series"));
        folders.push(data.join("schema/series"));
    }
    let mut found: Vec<PathBuf> = folders
        .iter()
        .filter_map(|f| std::fs::read_dir(f).ok())
        .flatten()
        .filter_map(|e| e.ok()?.path().canonicalize().ok())
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy());
            name.is_some_and(|n| {
                n.ends_with(".series.ron") || n.ends_with(".series.json")
            })
        })
        .collect();
    found.sort_by(|a, b| a.file_name().cmp(&b.file_name()).then(a.cmp(b)));
    found.dedup();
    found
}

/// The share of a scan's width or height a new map's hexes fill: a printed
/// map usually leaves a margin of a few per cent, and a starting grid that
/// is off by more than about half a hex at the first column leads the
/// automatic registration to number the grid one column off.
pub const SCAN_FILL: f64 = 0.94;

/// The grid a new map starts with: over a scan of `scan` pixels, hexes
/// large enough for the extent to fill [`SCAN_FILL`] of it, centred; with
/// no scan, hexes of 40 px with the map's top-left corner near the origin.
/// Registering the grid on the scan does the exact fit afterwards.
pub fn starting_grid(
    orientation: Orientation,
    shift: Shift,
    extent: &Extent,
    scan: Option<(u32, u32)>,
) -> Grid {
    let sheet = extent.sheet.and_then(|c| u8::try_from(c).ok());
    let first = HexId {
        sheet,
        col: extent.cols[0],
        row: extent.rows[0],
    };
    let unit = Grid {
        orientation,
        shift,
        origin_hex: first,
        hex_radius_px: 1.0,
        ..Grid::default()
    };
    let mut low = [f64::MAX; 2];
    let mut high = [f64::MIN; 2];
    for c in extent.hexes().flat_map(|h| unit.corners_px(h)) {
        for i in 0..2 {
            low[i] = low[i].min(c[i]);
            high[i] = high[i].max(c[i]);
        }
    }
    let size = [high[0] - low[0], high[1] - low[1]];
    let (radius, origin_px) = match scan {
        Some((w, h)) => {
            let (w, h) = (f64::from(w), f64::from(h));
            let r = (w / size[0]).min(h / size[1]) * SCAN_FILL;
            let left = (w - size[0] * r) / 2.0;
            let top = (h - size[1] * r) / 2.0;
            (r, [left - low[0] * r, top - low[1] * r])
        }
        None => {
            let r = 40.0;
            let margin = r / 2.0;
            (r, [margin - low[0] * r, margin - low[1] * r])
        }
    };
    Grid {
        hex_radius_px: radius.max(0.5),
        origin_px,
        ..unit
    }
}

/// A labelled field with its problem (in red) under it.
pub fn labelled<'a, M: 'a>(
    label: &'a str,
    input: impl Into<Element<'a, M>>,
    problem: Option<&'a str>,
) -> Element<'a, M> {
    let line = row![text(label).width(Length::Fixed(150.0)), input.into()]
        .spacing(8)
        .align_y(iced::Center);
    // Always a column with the field first, so that a problem appearing
    // or going under it keeps the field's state (its focus while typing).
    let mut field = column![line].spacing(2);
    if let Some(p) = problem {
        field = field.push(text(p).style(text::danger));
    }
    field.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn extent(cols: [u16; 2], rows: [u16; 2]) -> Extent {
        Extent {
            cols,
            rows,
            missing: Vec::new(),
            sheet: None,
        }
    }

    #[test]
    fn a_reversed_extent_is_named_beside_its_field() {
        let mut input = ExtentInput::of(&extent([1, 20], [1, 15]));
        input.set(Bound::LastCol, "0".into());
        let mut problems = Problems::default();
        assert_eq!(input.read(99, &mut problems), None);
        assert_eq!(
            problems.of(Field::Cols),
            Some("last column must be ≥ first")
        );
        assert_eq!(problems.of(Field::Rows), None);
        input.set(Bound::LastCol, "120".into());
        let mut problems = Problems::default();
        assert_eq!(input.read(99, &mut problems), None);
        assert!(problems.of(Field::Cols).is_some_and(|p| p.contains("99")));
    }

    #[test]
    fn ids_come_from_names() {
        assert_eq!(id_from_name("Ligny 1815"), "ligny-1815");
        assert_eq!(id_from_name("  Mont-Saint-Jean!"), "mont-saint-jean");
        assert_eq!(id_from_name("Combat de la Vère"), "combat-de-la-vere");
        let mut problems = Problems::default();
        assert_eq!(read_id("Ligny", &mut problems), None);
        assert!(problems.of(Field::Id).is_some());
    }

    #[test]
    fn the_starting_grid_fills_the_scan() {
        let e = extent([1, 20], [1, 15]);
        let g = starting_grid(
            Orientation::Flat,
            Shift::Odd,
            &e,
            Some((2000, 1500)),
        );
        let corners: Vec<_> = e.hexes().flat_map(|h| g.corners_px(h)).collect();
        let min_x = corners.iter().map(|c| c[0]).fold(f64::MAX, f64::min);
        let max_x = corners.iter().map(|c| c[0]).fold(f64::MIN, f64::max);
        let min_y = corners.iter().map(|c| c[1]).fold(f64::MAX, f64::min);
        let max_y = corners.iter().map(|c| c[1]).fold(f64::MIN, f64::max);
        assert!(min_x > -0.5 && min_y > -0.5, "{min_x} {min_y}");
        assert!(max_x < 2000.5 && max_y < 1500.5, "{max_x} {max_y}");
        let fill = (max_x - min_x) / 2000.0;
        let fill = fill.max((max_y - min_y) / 1500.0);
        assert!((fill - SCAN_FILL).abs() < 0.01, "{fill}");
        // Centred.
        assert!((min_x + max_x - 2000.0).abs() < 1.0, "{min_x} {max_x}");
        assert!((min_y + max_y - 1500.0).abs() < 1.0, "{min_y} {max_y}");
        let plain = starting_grid(Orientation::Pointy, Shift::Even, &e, None);
        assert_eq!(plain.hex_radius_px, 40.0);
        assert!(plain.center_px(HexId::new(1, 1))[0] > 0.0);
    }
}
