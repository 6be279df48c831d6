//! How a series' counters look in print, as data: where each rating is
//! printed, which counter side is the front, the band a side carries
//! instead of its formation's, and the background of each nationality.
//! The editor draws counters from this (its print-and-play sheet, the
//! order-of-battle tree, the map); a series without it still draws, with
//! the defaults each field states.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A place on a counter side where a rating is printed: a cell of a three
/// by three grid below the formation band. Jours de Gloire: "Bottom left
/// is the strength point number ... Bottom middle is the Cohesion rating
/// ... Bottom right is the movement allowance ... The top right is the
/// Engagement Test number" (seed 000 l. 1007-1013).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum CounterSlot {
    /// Upper row, left.
    TopLeft,
    /// Upper row, middle.
    Top,
    /// Upper row, right.
    TopRight,
    /// Middle row, left.
    Left,
    /// The middle, where the unit-type symbol is otherwise drawn.
    Centre,
    /// Middle row, right.
    Right,
    /// Lower row, left.
    BottomLeft,
    /// Lower row, middle.
    Bottom,
    /// Lower row, right.
    BottomRight,
}

impl CounterSlot {
    /// Every slot, in the order ratings without a position fill the free
    /// ones: the lower row first (where both series print most values),
    /// then the upper corners, the sides, the upper middle; the centre
    /// last, as it holds the unit-type symbol.
    pub const FILL_ORDER: [CounterSlot; 9] = [
        Self::BottomLeft,
        Self::Bottom,
        Self::BottomRight,
        Self::TopLeft,
        Self::TopRight,
        Self::Left,
        Self::Right,
        Self::Top,
        Self::Centre,
    ];

    /// Column (0 left to 2 right) and row (0 top to 2 bottom).
    pub fn cell(self) -> (u8, u8) {
        match self {
            Self::TopLeft => (0, 0),
            Self::Top => (1, 0),
            Self::TopRight => (2, 0),
            Self::Left => (0, 1),
            Self::Centre => (1, 1),
            Self::Right => (2, 1),
            Self::BottomLeft => (0, 2),
            Self::Bottom => (1, 2),
            Self::BottomRight => (2, 2),
        }
    }
}

/// How a series' counters are printed.
#[derive(
    Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct CounterArt {
    /// Counter sides in print order. Of the sides a unit class carries
    /// ratings for (`unit_classes[].ratings`), the first one listed here
    /// is the counter's front and the next its back; sides not listed
    /// come after, by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<CounterSideArt>,
    /// Counter background per nationality id (the ids of counters files'
    /// `sides[].nationalities`), `#rrggbb`. A nationality not listed gets
    /// a neutral colour of the editor's.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub nationality_colours: BTreeMap<String, String>,
    /// Where this was read, and what was chosen for the drawing because
    /// the rulebook does not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// How one counter side is printed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CounterSideArt {
    /// Counter side id (as in `unit_classes[].ratings`, `states` and
    /// `formations`).
    pub id: String,
    /// Band colour on this side in place of the formation's, `#rrggbb`:
    /// Jours de Gloire's disordered back "has a white band" (seed 000
    /// l. 30).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub band: Option<String>,
    /// The side is read turned a quarter: Vive l'Empereur's column and
    /// limbered sides are "read vertically" (seed 001 l. 115); the
    /// unit-type symbol is drawn upright instead of across.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub vertical: bool,
}

impl CounterArt {
    /// The print style of a counter side, if the series gives one.
    pub fn side(&self, id: &str) -> Option<&CounterSideArt> {
        self.sides.iter().find(|s| s.id == id)
    }

    /// `sides` ordered for print: listed sides first in their order, the
    /// others after by id.
    pub fn print_order<'a>(
        &self,
        sides: impl IntoIterator<Item = &'a str>,
    ) -> Vec<&'a str> {
        let mut sides: Vec<&str> = sides.into_iter().collect();
        let rank = |s: &str| {
            self.sides
                .iter()
                .position(|a| a.id == s)
                .unwrap_or(self.sides.len())
        };
        sides.sort_by(|a, b| rank(a).cmp(&rank(b)).then(a.cmp(b)));
        sides.dedup();
        sides
    }
}
