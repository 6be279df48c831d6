//! Painting tools: each turns a press, drag and release on the map into the
//! model's [`Edit`]s. The logic here works on a `&Map` and scan pixels, so
//! it is tested without a window; the map screen applies the edits through
//! its history.

pub mod brush;
pub mod catalog;
pub mod hexside;
pub mod road;

use berthier_schema::edit::Edit;
use berthier_schema::{HexId, Map};

pub use catalog::Catalog;

/// The tools, in the order the panel shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tool {
    /// Paint terrain on one hex or a radius.
    Terrain,
    /// Paint a connected area of the same terrain.
    Fill,
    /// Add or remove a hexside feature near the cursor.
    Hexside,
    /// Set elevation levels.
    Elevation,
    /// Draw a road or track along adjacent hexes.
    Road,
    /// Name a place (gazetteer).
    Place,
    /// Add an entry point.
    Entry,
    /// Name a map edge.
    Edge,
    /// Clear terrain (and with Shift or the option, the level).
    Eraser,
    /// Take the terrain and level of a hex.
    Eyedropper,
}

impl Tool {
    /// Every tool.
    pub const ALL: [Tool; 10] = [
        Tool::Terrain,
        Tool::Fill,
        Tool::Hexside,
        Tool::Elevation,
        Tool::Road,
        Tool::Place,
        Tool::Entry,
        Tool::Edge,
        Tool::Eraser,
        Tool::Eyedropper,
    ];

    /// Button label (unique in the window, so tests can click it).
    pub fn label(self) -> &'static str {
        match self {
            Tool::Terrain => "Terrain brush",
            Tool::Fill => "Fill",
            Tool::Hexside => "Hexside",
            Tool::Elevation => "Elevation brush",
            Tool::Road => "Road / track",
            Tool::Place => "Place",
            Tool::Entry => "Entry point",
            Tool::Edge => "Map edge",
            Tool::Eraser => "Eraser",
            Tool::Eyedropper => "Eyedropper",
        }
    }

    /// The one key that picks the tool (no modifier, keyboard focus not
    /// in a text field). Tiled's letters where it has the tool (B, E, I);
    /// F stays "fit to window".
    pub fn key(self) -> char {
        match self {
            Tool::Terrain => 'b',
            Tool::Fill => 'g',
            Tool::Hexside => 's',
            Tool::Elevation => 'l',
            Tool::Road => 'r',
            Tool::Place => 'p',
            Tool::Entry => 'n',
            Tool::Edge => 'm',
            Tool::Eraser => 'e',
            Tool::Eyedropper => 'i',
        }
    }

    /// The tool whose key is `key` (either case).
    pub fn for_key(key: &str) -> Option<Tool> {
        let mut chars = key.chars();
        let c = chars.next()?.to_ascii_lowercase();
        if chars.next().is_some() {
            return None;
        }
        Tool::ALL.into_iter().find(|t| t.key() == c)
    }

    /// What the tool does, for its tooltip.
    pub fn help(self) -> &'static str {
        match self {
            Tool::Terrain => {
                "Click or drag to paint the chosen terrain; the slider sets a radius."
            }
            Tool::Fill => {
                "Click: the connected hexes of one terrain take the chosen terrain."
            }
            Tool::Hexside => {
                "Click near an edge to add or remove the chosen hexside type; directed types take the clicked hex as the high side."
            }
            Tool::Elevation => {
                "Click or drag to set the level shown (Level − / Level +)."
            }
            Tool::Road => {
                "Drag along adjacent hexes; rivers get a bridge (or a ford). Start at a road's end to extend it."
            }
            Tool::Place => {
                "Click a hex to name a place, or to add it to, rename or shrink one."
            }
            Tool::Entry => {
                "Click a hex to add an entry point, or to add it to one."
            }
            Tool::Edge => "Add or remove named map edges (north, south, ...).",
            Tool::Eraser => {
                "Click or drag to clear terrain; with Shift, the level too."
            }
            Tool::Eyedropper => "Click a hex to take its terrain and level.",
        }
    }

    /// Whether the brush radius applies.
    pub fn uses_radius(self) -> bool {
        matches!(self, Tool::Terrain | Tool::Elevation | Tool::Eraser)
    }
}

/// The current tool and its options.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Selected tool.
    pub tool: Tool,
    /// Terrain type id painted by the brush and fill.
    pub terrain: Option<String>,
    /// Brush radius in hexes (0 = one hex).
    pub radius: u8,
    /// Level painted by the elevation brush.
    pub level: i8,
    /// Hexside type id.
    pub hexside: Option<String>,
    /// Road type id.
    pub road: Option<String>,
    /// Roads crossing an impassable hexside get a ford instead of a bridge.
    pub ford: bool,
    /// The eraser clears levels too (as does holding Shift).
    pub erase_level: bool,
    /// Name given to new hexside features ("La Vère"); empty: none.
    pub feature_name: String,
    /// Name given to a new road; empty: none.
    pub road_name: String,
}

/// A name field's text as a name: trimmed, `None` when empty.
pub fn name_of(field: &str) -> Option<String> {
    let name = field.trim();
    (!name.is_empty()).then(|| name.to_owned())
}

/// Largest brush radius.
pub const MAX_RADIUS: u8 = 5;
/// Elevation levels offered.
pub const LEVELS: std::ops::RangeInclusive<i8> = -2..=9;

impl Settings {
    /// Defaults: the first entries of the catalog.
    pub fn new(catalog: &Catalog) -> Self {
        Self {
            tool: Tool::Terrain,
            terrain: catalog.terrain.first().map(|e| e.id.clone()),
            radius: 0,
            level: 1,
            hexside: catalog.hexsides.first().map(|e| e.id.clone()),
            road: catalog.roads.first().map(|e| e.id.clone()),
            ford: false,
            erase_level: false,
            feature_name: String::new(),
            road_name: String::new(),
        }
    }
}

/// What a press with the current tool starts.
#[derive(Debug, Clone, PartialEq)]
pub enum Gesture {
    /// Painting hexes (brush, elevation, eraser); remembers the last hex.
    Brush {
        /// Hex painted last.
        last: HexId,
        /// The eraser also clears levels.
        erase_level: bool,
    },
    /// Toggling hexsides along the drag.
    Hexside(hexside::Stroke),
    /// Drawing a road.
    Road(road::Stroke),
    /// A single click that is already done (fill, eyedropper).
    Done,
}

/// Edits for painting `hex` with a brush tool.
pub fn brush_edits(
    settings: &Settings,
    map: &Map,
    hex: HexId,
    erase_level: bool,
) -> Vec<Edit> {
    let hexes = brush::in_radius(map, hex, settings.radius);
    let mut out = Vec::new();
    for h in hexes {
        match settings.tool {
            Tool::Terrain => {
                if let Some(t) = &settings.terrain {
                    out.push(Edit::Terrain {
                        hex: h,
                        to: Some(t.clone()),
                    });
                }
            }
            Tool::Elevation => out.push(Edit::Level {
                hex: h,
                to: Some(settings.level),
            }),
            Tool::Eraser => {
                out.push(Edit::Terrain { hex: h, to: None });
                if erase_level {
                    out.push(Edit::Level { hex: h, to: None });
                }
            }
            _ => {}
        }
    }
    out
}

/// Terrain and level at a hex, for the eyedropper.
pub fn pick(map: &Map, hex: HexId) -> (Option<String>, Option<i8>) {
    map.hexes
        .get(&hex)
        .map(|d| (d.terrain.clone(), d.level))
        .unwrap_or_default()
}

/// An id not yet used among `taken`, made from `name`: lowercase words
/// joined by `-`, with `-2`, `-3`... added when needed.
pub fn fresh_id<'a>(
    name: &str,
    taken: impl Iterator<Item = &'a String> + Clone,
) -> String {
    let mut base = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            base.push(c);
        } else if !base.is_empty() && !base.ends_with('-') {
            base.push('-');
        }
    }
    let base = base.trim_end_matches('-');
    let base = if base.is_empty() { "item" } else { base };
    let free = |id: &str| !taken.clone().any(|t| t == id);
    if free(base) {
        return base.to_owned();
    }
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|id| free(id))
        .unwrap_or_else(|| base.to_owned())
}

/// An id made from a name: "Ligny 1815" gives `ligny-1815`, "Combat de
/// la Vère" `combat-de-la-vere` (ids are plain ASCII, so accents are
/// dropped from their letters).
pub fn id_from_name(name: &str) -> String {
    let plain: String = name.chars().map(unaccented).collect();
    let id = fresh_id(&plain, std::iter::empty());
    let ascii: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    ascii.trim_matches('-').to_owned()
}

/// The letter under a Latin accent (`é` → `e`); others unchanged, and
/// dropped from the id if not ASCII.
fn unaccented(c: char) -> char {
    const FROM: &str = "àâäáãåçèéêëìíîïñòóôöõùúûüýÿÀÂÄÁÃÅÇÈÉÊËÌÍÎÏÑÒÓÔÖÕÙÚÛÜÝ";
    const TO: &str = "aaaaaaceeeeiiiinooooouuuuyyAAAAAACEEEEIIIINOOOOOUUUUY";
    FROM.chars()
        .position(|a| a == c)
        .and_then(|i| TO.chars().nth(i))
        .unwrap_or(c)
}
