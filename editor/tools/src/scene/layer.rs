//! The layers of a map picture: one list for the window's switches and
//! the PNG renderer's `--layers`, so neither can gain a layer the other
//! lacks.

use berthier_schema::edit::Edit;

/// A drawable layer. Discriminants run from 0 in bottom-to-top order, so a
/// layer indexes per-layer arrays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layer {
    /// The scanned image (not a shape list; drawn by the caller).
    Scan = 0,
    /// Terrain colour per hex.
    Terrain,
    /// Level shading.
    Elevation,
    /// Rivers, slopes, bridges...
    Hexsides,
    /// Roads and tracks.
    Roads,
    /// Hex outlines.
    Grid,
    /// Printed hex numbers.
    Numbers,
    /// The window's one switch for names, edges and entries (with the
    /// outlines of places of several hexes): one checkbox, one cache.
    Places,
    /// Place names.
    Names,
    /// Named map edges.
    Edges,
    /// Entry points.
    Entries,
}

impl Layer {
    /// How many (the size of per-layer arrays).
    pub const COUNT: usize = 11;

    /// Every layer the renderer draws by name, bottom to top. `Places` is
    /// not one: a print names its parts.
    pub const ALL: [Layer; 10] = [
        Self::Scan,
        Self::Terrain,
        Self::Elevation,
        Self::Hexsides,
        Self::Roads,
        Self::Grid,
        Self::Numbers,
        Self::Names,
        Self::Edges,
        Self::Entries,
    ];

    /// The window's layer switches, in the order its layer list shows
    /// them, drawn bottom to top.
    pub const WINDOW: [Layer; 8] = [
        Self::Scan,
        Self::Terrain,
        Self::Elevation,
        Self::Hexsides,
        Self::Roads,
        Self::Grid,
        Self::Numbers,
        Self::Places,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Self::Scan => "scan",
            Self::Terrain => "terrain",
            Self::Elevation => "elevation",
            Self::Hexsides => "hexsides",
            Self::Roads => "roads",
            Self::Grid => "grid",
            Self::Numbers => "numbers",
            Self::Places => "places",
            Self::Names => "names",
            Self::Edges => "edges",
            Self::Entries => "entries",
        }
    }

    /// Its checkbox label in the window.
    pub fn label(self) -> &'static str {
        match self {
            Self::Scan => "Scan",
            Self::Terrain => "Terrain",
            Self::Elevation => "Elevation",
            Self::Hexsides => "Hexsides",
            Self::Roads => "Roads",
            Self::Grid => "Grid",
            Self::Numbers => "Numbers",
            Self::Places => "Places",
            Self::Names => "Names",
            Self::Edges => "Edges",
            Self::Entries => "Entries",
        }
    }

    /// What it draws, in one line (for `--help`).
    pub fn about(self) -> &'static str {
        match self {
            Self::Scan => "the map's scanned image, when it has one",
            Self::Terrain => "terrain colour of each painted hex",
            Self::Elevation => {
                "levels shaded brown, darker with height (blue below 0)"
            }
            Self::Hexsides => "rivers, streams, slopes, bridges and fords",
            Self::Roads => "roads and tracks",
            Self::Grid => "hex outlines",
            Self::Numbers => "printed hex numbers",
            Self::Places => "place names, named map edges and entry points",
            Self::Names => "place names",
            Self::Edges => {
                "named map edges: outer hexsides in purple, name outside"
            }
            Self::Entries => "entry points: hexes ringed in green, `→ name`",
        }
    }

    /// The renderer's layer called `name`.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The window's layers whose drawing an edit changes.
    pub fn touched_by(edit: &Edit) -> Vec<Layer> {
        match edit {
            Edit::Terrain { .. } => vec![Self::Terrain],
            Edit::Level { .. } => vec![Self::Elevation],
            Edit::Hexside { .. } => vec![Self::Hexsides],
            Edit::Road { .. } => vec![Self::Roads],
            Edit::Place { .. }
            | Edit::EntryPoint { .. }
            | Edit::Edge { .. } => vec![Self::Places],
            Edit::Grid(_) | Edit::Properties(_) => Self::WINDOW.to_vec(),
            Edit::Batch(all) => all.iter().flat_map(Self::touched_by).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discriminants_index_every_layer_once() {
        let mut seen = [false; Layer::COUNT];
        for layer in Layer::ALL.into_iter().chain(Layer::WINDOW) {
            seen[layer as usize] = true;
        }
        assert!(seen.iter().all(|s| *s), "{seen:?}");
    }
}
