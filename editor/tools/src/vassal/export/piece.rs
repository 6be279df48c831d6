//! A Berthier counter as a VASSAL piece definition: the text of a
//! `PieceSlot` (in the palette or an at-start stack).
//!
//! The definition is an add-piece command `+/null/type/state`
//! ([`super::super::sequence`]) whose trait chain, outermost first, is
//! what VASSAL's `BasicCommandEncoder` rebuilds:
//!
//! - a `Marker` (`mark;Unit ID,Side,..`, values in its state) carrying
//!   the counter's id, side (name and id), nationality, formation, class
//!   and known ratings (under the series' names), so that a
//!   module read back (by Berthier's import, or by a player's Game Piece
//!   Inventory) names them; `Unit ID` tells counters of the same name
//!   apart (Rivoli's two "Lebley" counters);
//! - a Layer (`emb2;..`, VASSAL's `Embellishment`) of one level, the back,
//!   switched on by Ctrl-F and "Flip" in the piece's menu: inactive, the
//!   piece shows its basic image, the front; active, the back covers it.
//!   Written in the trait's version-0 form (activation key and modifiers
//!   as fields 1 and 2), which VASSAL converts on load
//!   (`Embellishment.mySetType`); state `-1` is "inactive at level 1";
//! - the `BasicPiece` (`piece;;;image;name`): the front and the name.

use super::super::sequence::encode;

/// Ctrl, as Java's `InputEvent.CTRL_DOWN_MASK` (the Layer's modifiers).
const CTRL: &str = "128";

/// The `Marker` property holding the counter id.
pub const UNIT_ID: &str = "Unit ID";

/// The `Marker` property mapping rating names back to the series' ids
/// (`id=name;..`).
pub const RATING_IDS: &str = "Rating IDs";

/// One counter as a piece.
#[derive(Debug, Clone, PartialEq)]
pub struct PieceSpec {
    /// Counter id.
    pub id: String,
    /// Its name (the piece's and the palette slot's).
    pub name: String,
    /// `Marker` properties after [`UNIT_ID`], in order: side (name and
    /// id), nationality, formation, class (absent ones left out), ratings.
    pub properties: Vec<(String, String)>,
    /// The front's image, in the module's `images/`.
    pub front: String,
    /// The back's image, if the counter has one.
    pub back: Option<String>,
}

/// The piece definition (`PieceSlot` text) of `p`.
pub fn definition(p: &PieceSpec) -> String {
    let (ty, state) = type_and_state(p, "null;0;0");
    encode(&["+", "null", &ty, &state], '/')
}

/// The trait chain's type and state of `p`, its `BasicPiece` state
/// `basic` (`map;x;y;gpid` in a saved game, off-map in a slot).
pub fn type_and_state(p: &PieceSpec, basic: &str) -> (String, String) {
    let basic_type =
        format!("piece;{}", encode(&["", "", &p.front, &p.name], ';'));
    let mut types = Vec::new();
    let mut states = Vec::new();
    let (keys, values): (Vec<&str>, Vec<&str>) =
        std::iter::once((UNIT_ID, p.id.as_str()))
            .chain(p.properties.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .unzip();
    types.push(format!("mark;{}", encode(&keys, ',')));
    states.push(encode(&values, ','));
    if let Some(back) = &p.back {
        types.push(format!("emb2;{}", encode(&flip(back), ';')));
        states.push("-1".to_owned());
    }
    (nest(types, basic_type), nest(states, basic.to_owned()))
}

/// The fields of the flip Layer showing `back`, as `Embellishment`
/// writes them (activate command, modifiers, key; up and down commands,
/// modifiers, keys; reset command, key, level; draw underneath; offsets;
/// images; level names; loop; the layer's name).
fn flip(back: &str) -> [&str; 19] {
    [
        "Flip", CTRL, "F", "", CTRL, "", "", CTRL, "", "", "", "1", "false",
        "0", "0", back, "Back", "true", "Flip",
    ]
}

/// `outer` traits (outermost first) wrapped around `inner`, tab-nested.
fn nest(outer: Vec<String>, inner: String) -> String {
    outer
        .into_iter()
        .rev()
        .fold(inner, |acc, t| encode(&[t, acc], '\t'))
}

#[cfg(test)]
mod tests {
    use super::super::super::piece::read;
    use super::*;

    #[test]
    fn a_definition_reads_back_with_both_faces_and_properties() {
        let spec = PieceSpec {
            id: "lebley-2".into(),
            name: "Lebley; 2nd".into(),
            properties: vec![
                ("Side".into(), "french".into()),
                ("Class".into(), "inf".into()),
            ],
            front: "lebley-2.png".into(),
            back: Some("lebley-2-back.png".into()),
        };
        let piece = read(&definition(&spec), &Default::default());
        assert_eq!(piece.name, "Lebley; 2nd");
        assert_eq!(piece.image, "lebley-2.png");
        assert_eq!(piece.layers.len(), 1);
        assert_eq!(piece.layers[0].images, ["lebley-2-back.png"]);
        assert_eq!(piece.layers[0].levels, ["Back"]);
        assert_eq!(piece.properties["Unit ID"], "lebley-2");
        assert_eq!(piece.properties["Side"], "french");
        assert_eq!(piece.properties["Class"], "inf");
    }
}
