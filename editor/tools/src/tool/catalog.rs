//! What the palette offers: the terrain, hexside and road types of the
//! map's series, with their colours. Without a series, the ids the map
//! already uses (so a map can still be touched up).

use std::collections::BTreeSet;

use berthier_schema::{Map, Series};

use crate::palette::{Palette, Rgb};

/// One paintable type.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// Type id written in the map.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Swatch colour.
    pub colour: Rgb,
    /// Hexside types: records a high side.
    pub directed: bool,
    /// Hexside types: blocks movement (roads crossing it get a bridge).
    pub impassable: bool,
    /// Hexside types: a crossing (bridge, ford) over another feature.
    pub crossing: bool,
}

/// The palette's types.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Catalog {
    /// Terrain types.
    pub terrain: Vec<Entry>,
    /// Hexside types.
    pub hexsides: Vec<Entry>,
    /// Road types.
    pub roads: Vec<Entry>,
}

impl Catalog {
    /// From the series, or from what the map uses when there is none.
    pub fn new(series: Option<&Series>, map: &Map, palette: &Palette) -> Self {
        match series {
            Some(s) => Self::from_series(s, palette),
            None => Self::from_map(map, palette),
        }
    }

    fn from_series(series: &Series, palette: &Palette) -> Self {
        let entry = |id: &str, name: &str, colour| Entry {
            id: id.to_owned(),
            name: name.to_owned(),
            colour,
            directed: false,
            impassable: false,
            crossing: false,
        };
        Self {
            terrain: series
                .terrain
                .iter()
                .map(|t| entry(&t.id, &t.name, palette.terrain(&t.id)))
                .collect(),
            hexsides: series
                .hexside_types
                .iter()
                .map(|t| Entry {
                    directed: t.directed,
                    impassable: t.impassable,
                    crossing: t.crossing,
                    ..entry(&t.id, &t.name, palette.hexside(&t.id))
                })
                .collect(),
            roads: series
                .road_types
                .iter()
                .map(|t| entry(&t.id, &t.name, palette.road(&t.id)))
                .collect(),
        }
    }

    fn from_map(map: &Map, palette: &Palette) -> Self {
        let terrain: BTreeSet<&str> = map
            .hexes
            .values()
            .filter_map(|d| d.terrain.as_deref())
            .collect();
        let sides: BTreeSet<&str> =
            map.hexsides.iter().map(|f| f.feature.as_str()).collect();
        let roads: BTreeSet<&str> =
            map.roads.iter().map(|r| r.class.as_str()).collect();
        let plain = |id: &str, colour| Entry {
            id: id.to_owned(),
            name: id.to_owned(),
            colour,
            directed: false,
            impassable: false,
            crossing: false,
        };
        Self {
            terrain: terrain
                .into_iter()
                .map(|id| plain(id, palette.terrain(id)))
                .collect(),
            hexsides: sides
                .into_iter()
                .map(|id| Entry {
                    directed: map
                        .hexsides
                        .iter()
                        .any(|f| f.feature == id && f.high.is_some()),
                    impassable: id == "river",
                    crossing: matches!(id, "bridge" | "ford"),
                    ..plain(id, palette.hexside(id))
                })
                .collect(),
            roads: roads
                .into_iter()
                .map(|id| plain(id, palette.road(id)))
                .collect(),
        }
    }

    /// The hexside type `id`.
    pub fn hexside(&self, id: &str) -> Option<&Entry> {
        self.hexsides.iter().find(|e| e.id == id)
    }

    /// Whether hexside type `id` blocks movement (rivers); unknown ids
    /// count as impassable only if called `river`.
    pub fn is_impassable(&self, id: &str) -> bool {
        self.hexside(id).map_or(id == "river", |e| e.impassable)
    }

    /// Whether hexside type `id` is a crossing (bridge, ford).
    pub fn is_crossing(&self, id: &str) -> bool {
        self.hexside(id)
            .map_or(matches!(id, "bridge" | "ford"), |e| e.crossing)
    }

    /// Display name of a terrain id.
    pub fn terrain_name<'a>(&'a self, id: &'a str) -> &'a str {
        self.terrain
            .iter()
            .find(|e| e.id == id)
            .map_or(id, |e| e.name.as_str())
    }
}
