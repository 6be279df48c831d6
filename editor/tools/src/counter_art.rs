//! Counters as the printed ones look, without a GUI: for each unit the
//! two faces of its counter (background of its nationality, band of its
//! formation, ratings where the series prints them, the symbol of its
//! arm), worked out from the counters and series files. `draw` turns a
//! face into shapes or a small picture; `sheet` lays every counter of a
//! file out for print and play.
//!
//! Jours de Gloire: "Combat units are identified by a background color for
//! nationality and with a band of color indicating their formation ...
//! the back the same unit disordered with lower values (this side has a
//! white band)" (seed 000 l. 30). Vive l'Empereur: "Each counter has two
//! sides, the exposed side shows the current unit's formation" (seed 001
//! l. 108).

pub mod draw;
pub mod pdf;
pub mod sheet;

use std::collections::{BTreeSet, HashMap};

use berthier_schema::Counters;
use berthier_schema::counters::{ActivationMarker, Formation, Unit};
use berthier_schema::series::{CounterArt, CounterSlot, Series, UnitClass};

use crate::palette::{Rgb, parse_hex};

/// What a rating with no known value shows.
pub const UNKNOWN: &str = "?";

/// The symbol printed for a unit's arm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symbol {
    /// A box with a cross.
    Infantry,
    /// A box with a diagonal.
    Cavalry,
    /// A box with a dot.
    Artillery,
    /// A star: a leader or commander.
    Leader,
    /// An empty box: a class the series does not define.
    Other,
    /// Nothing: a marker.
    Blank,
}

/// A rating as printed on one face.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printed {
    /// Where on the face.
    pub slot: CounterSlot,
    /// Rating id.
    pub rating: String,
    /// The value, or [`UNKNOWN`].
    pub text: String,
}

/// One side of a counter, ready to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct Face {
    /// The counter side id whose ratings and style it shows ("" when the
    /// unit's class names none).
    pub side: String,
    /// Nationality colour.
    pub background: Rgb,
    /// Formation band colour (or the side's own band, e.g. white).
    pub band: Rgb,
    /// The name printed in the band.
    pub name: String,
    /// The unit's number as its counter prints it ("18"), at the left of
    /// the band; `None` when the file gives none.
    pub number: Option<String>,
    /// The arm's symbol.
    pub symbol: Symbol,
    /// The symbol stands upright (a side "read vertically").
    pub vertical: bool,
    /// The ratings, each in its place.
    pub ratings: Vec<Printed>,
}

/// Both faces of one unit's counter.
#[derive(Debug, Clone, PartialEq)]
pub struct Counter {
    /// Unit id.
    pub unit: String,
    /// The front.
    pub front: Face,
    /// The back.
    pub back: Face,
}

/// Band colours given to formations that name none, in turn (muted, and
/// far enough apart to tell neighbouring formations from each other).
const BANDS: [Rgb; 10] = [
    [0xd9, 0x3a, 0x3a],
    [0xf2, 0xc1, 0x2e],
    [0x3c, 0x9d, 0x4e],
    [0x2f, 0x6f, 0xc9],
    [0x8e, 0x4c, 0xb8],
    [0xe8, 0x7d, 0x1e],
    [0x1f, 0xa5, 0xa0],
    [0xc4, 0x4d, 0x8c],
    [0x7a, 0x5a, 0x3a],
    [0x55, 0x55, 0x55],
];

/// Backgrounds for nationalities the series gives no colour, by side.
const BACKGROUNDS: [Rgb; 4] = [
    [0xcf, 0xd8, 0xe3],
    [0xe6, 0xdc, 0xc4],
    [0xd5, 0xe4, 0xd0],
    [0xe4, 0xd2, 0xd8],
];

/// A band for a unit with no formation.
const NO_BAND: Rgb = [0x9a, 0x9a, 0x9a];

/// The faces of every counter of one counters file under one series.
pub struct Art<'a> {
    counters: &'a Counters,
    series: &'a Series,
    style: CounterArt,
    bands: HashMap<&'a str, Rgb>,
}

impl<'a> Art<'a> {
    /// The art of `counters` (its effective counters, includes merged)
    /// under `series` (resolved).
    pub fn new(counters: &'a Counters, series: &'a Series) -> Self {
        let mut bands = HashMap::new();
        let mut next = 0;
        for f in &counters.formations {
            let own = f.colour.as_deref().and_then(parse_hex);
            let colour = own.unwrap_or_else(|| {
                next += 1;
                BANDS[(next - 1) % BANDS.len()]
            });
            bands.insert(f.id.as_str(), colour);
        }
        Self {
            counters,
            series,
            style: series.counter_art.clone().unwrap_or_default(),
            bands,
        }
    }

    /// Both faces of `unit`'s counter.
    pub fn counter(&self, unit: &Unit) -> Counter {
        let class = self.series.class(&unit.class);
        let sides = self.sides(unit, class);
        let front_side = sides.first().cloned().unwrap_or_default();
        let front = self.face(unit, class, &front_side, &front_side);
        let back = match sides.get(1) {
            Some(side) => self.face(unit, class, side, side),
            // One printed side (a Jours de Gloire commander): the back is
            // the front's values on the side of the series' own band
            // ("flipped to the white-banded side", seed 000 l. 1037).
            None => {
                let styled = self
                    .style
                    .sides
                    .iter()
                    .find(|s| s.band.is_some() && s.id != front_side)
                    .map_or(front_side.clone(), |s| s.id.clone());
                self.face(unit, class, &front_side, &styled)
            }
        };
        Counter {
            unit: unit.id.clone(),
            front,
            back,
        }
    }

    /// An activation marker: its formation's band and name, its code
    /// in the middle and its initiative number bottom right ("C is
    /// special ... O is normal. The number on the bottom right is the die
    /// roll needed for the commander to put himself under orders", seed
    /// 000 l. 1041-1045). Its back, drawn from the cup unseen, is the
    /// same counter without code and number (the seed does not show it).
    pub fn activation_marker(
        &self,
        formation: &Formation,
        marker: &ActivationMarker,
    ) -> Counter {
        let back = Face {
            side: String::new(),
            background: self.side_background(&formation.side, None),
            band: self
                .bands
                .get(formation.id.as_str())
                .copied()
                .unwrap_or(NO_BAND),
            name: formation.name.clone(),
            number: None,
            symbol: Symbol::Blank,
            vertical: false,
            ratings: Vec::new(),
        };
        let mut front = back.clone();
        let printed = |slot, rating: &str, text: String| Printed {
            slot,
            rating: rating.to_owned(),
            text,
        };
        let code = marker.code.clone().unwrap_or_else(|| UNKNOWN.to_owned());
        let initiative = marker
            .initiative
            .map_or_else(|| UNKNOWN.to_owned(), |v| v.to_string());
        front.ratings = vec![
            printed(CounterSlot::Centre, "code", code),
            printed(CounterSlot::BottomRight, "initiative", initiative),
        ];
        Counter {
            unit: marker.id.clone(),
            front,
            back,
        }
    }

    /// The counter sides `unit` has ratings for, front first.
    fn sides(&self, unit: &Unit, class: Option<&UnitClass>) -> Vec<String> {
        let mut ids: BTreeSet<&str> =
            unit.ratings.keys().map(|s| s.as_str()).collect();
        if let Some(class) = class {
            ids.extend(class.ratings.keys().map(String::as_str));
        }
        self.style
            .print_order(ids)
            .into_iter()
            .map(str::to_owned)
            .collect()
    }

    /// One face: the ratings of counter side `values`, drawn in the style
    /// of counter side `styled`.
    fn face(
        &self,
        unit: &Unit,
        class: Option<&UnitClass>,
        values: &str,
        styled: &str,
    ) -> Face {
        let style = self.style.side(styled);
        let band = style
            .and_then(|s| s.band.as_deref())
            .and_then(parse_hex)
            .unwrap_or_else(|| self.band(unit));
        Face {
            side: styled.to_owned(),
            background: self.background(unit),
            band,
            name: unit.name.clone(),
            number: unit.printed.clone().filter(|n| !n.trim().is_empty()),
            symbol: symbol(class),
            vertical: style.is_some_and(|s| s.vertical),
            ratings: self.printed(unit, class, values),
        }
    }

    /// The ratings of counter side `side`, each given its place: the
    /// series' position when it is free, else the first free one.
    fn printed(
        &self,
        unit: &Unit,
        class: Option<&UnitClass>,
        side: &str,
    ) -> Vec<Printed> {
        let mut ids: Vec<&str> = class
            .and_then(|c| c.ratings.get(side))
            .map(|r| r.iter().map(String::as_str).collect())
            .unwrap_or_default();
        if let Some(own) = unit.ratings.get(side) {
            for id in own.keys() {
                if !ids.contains(&id.as_str()) {
                    ids.push(id);
                }
            }
        }
        let mut taken: Vec<CounterSlot> = Vec::new();
        let mut out = Vec::new();
        for id in ids {
            let wanted = self
                .series
                .ratings
                .iter()
                .find(|r| r.id == id)
                .and_then(|r| r.position)
                .filter(|p| !taken.contains(p));
            let free = CounterSlot::FILL_ORDER
                .into_iter()
                .find(|p| !taken.contains(p));
            let Some(slot) = wanted.or(free) else {
                break; // nine values already: the face is full
            };
            taken.push(slot);
            let text = unit
                .rating(side, id)
                .map_or_else(|| UNKNOWN.to_owned(), |v| v.to_string());
            out.push(Printed {
                slot,
                rating: id.to_owned(),
                text,
            });
        }
        out
    }

    /// The unit's formation band.
    fn band(&self, unit: &Unit) -> Rgb {
        unit.formation
            .as_deref()
            .and_then(|f| self.bands.get(f))
            .copied()
            .unwrap_or(NO_BAND)
    }

    /// The unit's nationality colour: its own nationality, else its
    /// side's first one.
    fn background(&self, unit: &Unit) -> Rgb {
        self.side_background(&unit.side, unit.nationality.as_deref())
    }

    /// The colour of `nationality`, else of `side`'s first nationality.
    fn side_background(&self, side: &str, nationality: Option<&str>) -> Rgb {
        let side_index = self
            .counters
            .sides
            .iter()
            .position(|s| s.id == side)
            .unwrap_or(0);
        let nationality = nationality.or_else(|| {
            let side = self.counters.sides.get(side_index)?;
            side.nationalities.first().map(|n| n.id.as_str())
        });
        nationality
            .and_then(|n| self.style.nationality_colours.get(n))
            .and_then(|c| parse_hex(c))
            .unwrap_or(BACKGROUNDS[side_index % BACKGROUNDS.len()])
    }
}

/// The symbol of a class's arm.
fn symbol(class: Option<&UnitClass>) -> Symbol {
    let Some(class) = class else {
        return Symbol::Other;
    };
    if class.leader {
        return Symbol::Leader;
    }
    match class.arm.as_str() {
        "infantry" => Symbol::Infantry,
        "cavalry" => Symbol::Cavalry,
        "artillery" => Symbol::Artillery,
        "leader" => Symbol::Leader,
        _ => Symbol::Other,
    }
}

/// Dark or light ink, whichever reads on `background`.
pub fn ink_on(background: Rgb) -> Rgb {
    let [r, g, b] = background.map(f64::from);
    if 0.299 * r + 0.587 * g + 0.114 * b > 140.0 {
        [0x1a, 0x1a, 0x1a]
    } else {
        [0xff, 0xff, 0xff]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture() -> (Counters, Series) {
        let series: Series = berthier_schema::parse(
            r##"(kind: series, format_version: 2, id: "s", name: "S",
                ratings: [(id: "a", name: "A", position: top_left),
                          (id: "b", name: "B", position: top_left),
                          (id: "c", name: "C")],
                unit_classes: [(id: "foot", name: "Foot", arm: "infantry",
                                ratings: {"x": ["a", "b", "c"], "y": ["c"]})],
                counter_art: (sides: [(id: "y"), (id: "x", band: "#ffffff")],
                              nationality_colours: {"n": "#102030"}))"##,
            berthier_schema::Format::Ron,
        )
        .expect("series");
        let counters: Counters = berthier_schema::parse(
            r##"(kind: counters, format_version: 2, id: "c", name: "C",
                series: "s.series.ron",
                sides: [(id: "one", name: "One", nationalities: [(id: "n", name: "N")])],
                formations: [(id: "f", name: "F", side: "one", level: "brigade", colour: "#aa0000")],
                units: [(id: "u", name: "U", side: "one", class: "foot", formation: "f",
                         ratings: {"x": {"a": 4, "b": None}})])"##,
            berthier_schema::Format::Ron,
        )
        .expect("counters");
        (counters, series)
    }

    #[test]
    fn a_face_follows_the_series_order_places_and_colours() {
        let (counters, series) = fixture();
        let unit = counters.unit("u").expect("unit");
        let counter = Art::new(&counters, &series).counter(unit);
        // `y` is listed first: the front, with the one rating `c`.
        assert_eq!(counter.front.side, "y");
        assert_eq!(counter.front.background, [0x10, 0x20, 0x30]);
        assert_eq!(counter.front.band, [0xaa, 0, 0]);
        assert_eq!(counter.back.band, [0xff; 3]);
        assert_eq!(counter.front.symbol, Symbol::Infantry);
        let back: Vec<(CounterSlot, &str, &str)> = counter
            .back
            .ratings
            .iter()
            .map(|p| (p.slot, p.rating.as_str(), p.text.as_str()))
            .collect();
        // `b` wants top_left too, which `a` holds: it takes the first free
        // place; `c` has no position: the next free one. `b` is unknown.
        assert_eq!(
            back,
            [
                (CounterSlot::TopLeft, "a", "4"),
                (CounterSlot::BottomLeft, "b", UNKNOWN),
                (CounterSlot::Bottom, "c", UNKNOWN),
            ]
        );
    }
}
