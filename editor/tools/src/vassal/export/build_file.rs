//! The `buildFile.xml` and `moduledata` of an exported module.
//!
//! Element and attribute names are VASSAL's (its classes' XML names and
//! their `getAttributeNames`): `BasicModule` at the root; a
//! `PieceWindow` whose `ListWidget`s (one per side) hold a `PieceSlot`
//! per counter; a `PlayerRoster` with one entry per side; one `Map`
//! whose `BoardPicker` holds the single `Board` (its image and its
//! `HexGrid` with numbering) and whose `SetupStack`s (the manual's
//! at-start stacks) hold the pieces set up on each hex, bottom first;
//! and a `PredefinedSetup` per saved game of the module (no edge buffer
//! round the map, so a saved game's map pixels are the board's).
//! The map's usual helpers (piece mover, stack metrics, zoomer..) are
//! listed with VASSAL's defaults so the module plays as any other.

use quick_xml::escape::escape;

/// VASSAL's package of board classes.
const BOARD_PKG: &str = "VASSAL.build.module.map.boardPicker";

/// The version of VASSAL the module says it was written for (the
/// oldest whose build file reads every element written here).
pub const VASSAL_VERSION: &str = "3.6.0";

/// A palette slot or a stacked piece.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    /// Shown in the palette.
    pub name: String,
    /// VASSAL's slot id (`gpid`), unique in the module.
    pub gpid: u32,
    /// The piece definition ([`super::piece::definition`]).
    pub definition: String,
    /// Size in the palette, pixels.
    pub px: u32,
}

/// An at-start stack.
#[derive(Debug, Clone, PartialEq)]
pub struct Stack {
    /// Its name (the hex number).
    pub name: String,
    /// Board pixel.
    pub at: [i32; 2],
    /// Its pieces, bottom first.
    pub pieces: Vec<Slot>,
}

/// Everything the build file says.
#[derive(Debug, Clone, PartialEq)]
pub struct Build {
    /// The module's name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// The map window's name.
    pub map: String,
    /// The board's name.
    pub board: String,
    /// The board image, in `images/`.
    pub image: String,
    /// The `HexGrid` element ([`super::hex_grid_xml`]).
    pub grid_xml: String,
    /// Palette lists: (side name, its slots).
    pub palette: Vec<(String, Vec<Slot>)>,
    /// The at-start stacks.
    pub stacks: Vec<Stack>,
    /// Predefined setups: (name, saved game file in the module).
    pub setups: Vec<(String, String)>,
}

/// `buildFile.xml`.
pub fn build_file(b: &Build) -> String {
    let next = b
        .palette
        .iter()
        .flat_map(|(_, s)| s)
        .chain(b.stacks.iter().flat_map(|s| &s.pieces))
        .map(|s| s.gpid)
        .max()
        .unwrap_or(0)
        + 1;
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n\
         <VASSAL.launch.BasicModule name=\"{}\" version=\"1.0\" \
         VassalVersion=\"{VASSAL_VERSION}\" description=\"{}\" \
         nextPieceSlotId=\"{next}\">\n\
         <VASSAL.build.module.BasicCommandEncoder/>\n\
         <VASSAL.build.module.Documentation/>\n\
         <VASSAL.build.module.Chatter/>\n\
         <VASSAL.build.module.KeyNamer/>\n\
         <VASSAL.build.module.GlobalOptions autoReport=\"Always\" \
         centerOnMove=\"Use Preferences Setting\" playerIdFormat=\"$PlayerName$\"/>\n\
         <VASSAL.build.module.PrototypesContainer/>\n",
        escape(&b.name),
        escape(&b.description),
    );
    out.push_str(&roster(b));
    out.push_str(&palette(b));
    out.push_str(&map(b));
    for (name, file) in &b.setups {
        out.push_str(&format!(
            "<VASSAL.build.module.PredefinedSetup name=\"{}\" file=\"{}\" \
             useFile=\"true\" isMenu=\"false\"/>\n",
            escape(name),
            escape(file),
        ));
    }
    out.push_str("</VASSAL.launch.BasicModule>\n");
    out
}

/// The player sides, one entry per side of the palette.
fn roster(b: &Build) -> String {
    let mut out = String::from(
        "<VASSAL.build.module.PlayerRoster buttonText=\"Retire\">",
    );
    for (side, _) in &b.palette {
        out.push_str(&format!("<entry>{}</entry>", escape(side)));
    }
    out.push_str("</VASSAL.build.module.PlayerRoster>\n");
    out
}

/// The piece palette: a list per side.
fn palette(b: &Build) -> String {
    let mut out = String::from(
        "<VASSAL.build.module.PieceWindow name=\"Counters\" \
         buttonText=\"Counters\" hidden=\"false\" scale=\"1.0\">\n\
         <VASSAL.build.widget.TabWidget entryName=\"Counters\">\n",
    );
    for (side, slots) in &b.palette {
        out.push_str(&format!(
            "<VASSAL.build.widget.ListWidget entryName=\"{}\" \
             divider=\"150\" height=\"0\" scale=\"1.0\" width=\"0\">\n",
            escape(side)
        ));
        for s in slots {
            out.push_str(&slot(s));
        }
        out.push_str("</VASSAL.build.widget.ListWidget>\n");
    }
    out.push_str(
        "</VASSAL.build.widget.TabWidget>\n</VASSAL.build.module.PieceWindow>\n",
    );
    out
}

/// One `PieceSlot`.
fn slot(s: &Slot) -> String {
    format!(
        "<VASSAL.build.widget.PieceSlot entryName=\"{}\" gpid=\"{}\" \
         height=\"{px}\" width=\"{px}\">{}</VASSAL.build.widget.PieceSlot>\n",
        escape(&s.name),
        s.gpid,
        escape(&s.definition),
        px = s.px,
    )
}

/// The map window: its board, helpers and at-start stacks.
fn map(b: &Build) -> String {
    let mut out = format!(
        "<VASSAL.build.module.Map mapName=\"{}\" allowMultiple=\"false\" \
         edgeWidth=\"0\" edgeHeight=\"0\" \
         buttonName=\"\" hideKey=\"\" markMoved=\"Always\" moveKey=\"\" \
         showKey=\"\" useLaunchButton=\"false\">\n\
         <{BOARD_PKG}.BoardPicker addColumnText=\"Add column\" \
         addRowText=\"Add row\" boardPrompt=\"Select board\" \
         slotHeight=\"125\" slotScale=\"0.2\" slotWidth=\"350\" \
         title=\"Choose Boards\">\n\
         <{BOARD_PKG}.Board image=\"{}\" name=\"{}\" reversible=\"false\">{}\
         </{BOARD_PKG}.Board>\n\
         </{BOARD_PKG}.BoardPicker>\n",
        escape(&b.map),
        escape(&b.image),
        escape(&b.board),
        b.grid_xml,
    );
    for helper in [
        "StackMetrics bottom=\"40\" disabled=\"false\" down=\"39\" \
         exSepX=\"6\" exSepY=\"18\" top=\"38\" unexSepX=\"2\" unexSepY=\"4\" \
         up=\"37\"",
        "ForwardToKeyBuffer",
        "Scroller",
        "ForwardToChatter",
        "MenuDisplayer",
        "MapCenterer",
        "StackExpander",
        "PieceMover",
        "KeyBufferer",
        "SelectionHighlighters",
        "HighlightLastMoved color=\"255,0,0\" enabled=\"true\" thickness=\"2\"",
        "CounterDetailViewer delay=\"700\" display=\"from top-most layer only\"",
        "Zoomer zoomLevels=\"0.25,0.5,0.75,1.0,1.5,2.0\" zoomStart=\"4\"",
    ] {
        out.push_str(&format!("<VASSAL.build.module.map.{helper}/>\n"));
    }
    for stack in &b.stacks {
        out.push_str(&format!(
            "<VASSAL.build.module.map.SetupStack name=\"{}\" \
             owningBoard=\"{}\" useGridLocation=\"false\" location=\"{}\" \
             x=\"{}\" y=\"{}\">\n",
            escape(&stack.name),
            escape(&b.board),
            escape(&stack.name),
            stack.at[0],
            stack.at[1],
        ));
        for s in &stack.pieces {
            out.push_str(&slot(s));
        }
        out.push_str("</VASSAL.build.module.map.SetupStack>\n");
    }
    out.push_str("</VASSAL.build.module.Map>\n");
    out
}

/// `moduledata`: the module's name and version for VASSAL's library,
/// read before the build file (`ModuleMetaData`).
pub fn module_data(name: &str, description: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n\
         <data version=\"1\"><version>1.0</version><extra1/><extra2/>\
         <VassalVersion>{VASSAL_VERSION}</VassalVersion>\
         <name>{}</name><description>{}</description></data>\n",
        escape(name),
        escape(description),
    )
}
