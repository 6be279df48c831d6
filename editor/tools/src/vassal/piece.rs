//! A VASSAL game piece read from its definition: its name, the image of
//! each of its faces, and the properties it carries, prototypes resolved.
//!
//! A definition (the text of a `PieceSlot`, a `PrototypeDefinition` or a
//! piece in an at-start stack) is an add-piece command, `+/id/type/state`
//! ([`super::sequence`]). Its type and state are chains of traits,
//! outermost first, ending in the `BasicPiece` (read from VASSAL's
//! `BasicCommandEncoder.createPiece` and `Decorator.getType`). The traits
//! read here, each from the class named:
//!
//! - `piece;clone;delete;image;name` (`BasicPiece`): the face image and the
//!   piece's name;
//! - `emb2;..` (`Embellishment`, the manual's *Layer*): field 15 the images
//!   of its levels, 16 their names, 18 the layer's name; a flip is a layer
//!   whose level shows the other face;
//! - `prototype;name` (`UsePrototype`): the traits of the
//!   `PrototypeDefinition` of that name, whose own `BasicPiece` is a blank
//!   stand-in and is dropped; prototypes nest;
//! - `mark;key,key..` (`Marker`, the manual's *Marker* trait): properties
//!   whose values are in the state, in the same order.
//!
//! Every other trait (menus, movement, rotation..) shapes play, not the
//! counter, and is skipped.

use std::collections::BTreeMap;

use super::sequence::decode;

/// How deep prototypes may nest (a module has a handful of levels; a
/// prototype using itself would otherwise never end).
pub const MAX_PROTOTYPE_DEPTH: usize = 32;

/// A layer of images (`Embellishment`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Layer {
    /// The layer's name.
    pub name: String,
    /// Each level's image file (empty: nothing drawn at that level).
    pub images: Vec<String>,
    /// Each level's name (may be empty).
    pub levels: Vec<String>,
}

/// A piece as Berthier reads it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Piece {
    /// The `BasicPiece`'s name.
    pub name: String,
    /// The `BasicPiece`'s image file (empty when it shows none).
    pub image: String,
    /// Its layers, from the one drawn first (nearest the basic piece).
    pub layers: Vec<Layer>,
    /// `Marker` properties, by name (an outer trait wins, as in VASSAL).
    pub properties: BTreeMap<String, String>,
    /// Prototypes named but not defined, or nested too deep.
    pub notes: Vec<String>,
    /// The names of the prototypes it uses, nested ones after the one
    /// that uses them (a module often names them for a side or a kind of
    /// piece: `France`, `Marker`).
    pub prototypes: Vec<String>,
}

/// One trait of a chain.
enum Trait {
    Basic { image: String, name: String },
    Layer(Layer),
    Prototype(String),
    Marker(Vec<(String, String)>),
    Other,
}

/// Reads a piece definition, its prototypes looked up in `prototypes`
/// (name to definition).
pub fn read(definition: &str, prototypes: &BTreeMap<String, String>) -> Piece {
    let mut piece = Piece::default();
    let mut stack = Vec::new();
    let traits = chain(definition);
    let mut found_basic = false;
    collect(traits, prototypes, &mut stack, &mut piece, &mut found_basic);
    piece.layers.reverse();
    piece
}

/// The traits of an add-piece command, outermost first.
fn chain(definition: &str) -> Vec<Trait> {
    let parts = decode(definition, '/');
    let (Some(ty), state) = (parts.get(2), parts.get(3)) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut ty = ty.clone();
    let mut state = state.cloned().unwrap_or_default();
    loop {
        let t = decode(&ty, '\t');
        let s = decode(&state, '\t');
        let own_state = s.first().cloned().unwrap_or_default();
        out.push(one(t.first().map_or("", String::as_str), &own_state));
        match t.get(1) {
            Some(inner) => {
                ty = inner.clone();
                state = s.get(1).cloned().unwrap_or_default();
            }
            None => break,
        }
    }
    out
}

/// Reads one trait from its type and state.
fn one(ty: &str, state: &str) -> Trait {
    let field = |v: &[String], i: usize| v.get(i).cloned().unwrap_or_default();
    if let Some(rest) = ty.strip_prefix("piece;") {
        let f = decode(rest, ';');
        return Trait::Basic {
            image: field(&f, 2),
            name: field(&f, 3),
        };
    }
    if let Some(rest) = ty.strip_prefix("emb2;") {
        let f = decode(rest, ';');
        return Trait::Layer(Layer {
            name: field(&f, 18),
            images: decode(&field(&f, 15), ','),
            levels: decode(&field(&f, 16), ','),
        });
    }
    if let Some(rest) = ty.strip_prefix("prototype;") {
        return Trait::Prototype(field(&decode(rest, ';'), 0));
    }
    if let Some(rest) = ty.strip_prefix("mark;") {
        let keys = decode(rest, ',');
        let values = decode(state, ',');
        return Trait::Marker(
            keys.into_iter()
                .enumerate()
                .map(|(i, k)| (k, field(&values, i)))
                .collect(),
        );
    }
    Trait::Other
}

/// Adds `traits` to `piece`, expanding prototypes depth first.
fn collect(
    traits: Vec<Trait>,
    prototypes: &BTreeMap<String, String>,
    stack: &mut Vec<String>,
    piece: &mut Piece,
    found_basic: &mut bool,
) {
    for t in traits {
        match t {
            Trait::Basic { image, name } => {
                // Only the piece's own basic piece counts; a prototype's
                // is a stand-in (dropped by `expand`).
                if !*found_basic {
                    *found_basic = true;
                    piece.image = image;
                    piece.name = name;
                }
            }
            Trait::Layer(layer) => piece.layers.push(layer),
            Trait::Marker(props) => {
                for (k, v) in props {
                    piece.properties.entry(k).or_insert(v);
                }
            }
            Trait::Prototype(name) => {
                if !piece.prototypes.contains(&name) {
                    piece.prototypes.push(name.clone());
                }
                expand(&name, prototypes, stack, piece);
            }
            Trait::Other => {}
        }
    }
}

/// Adds the traits of prototype `name` (without its basic piece).
fn expand(
    name: &str,
    prototypes: &BTreeMap<String, String>,
    stack: &mut Vec<String>,
    piece: &mut Piece,
) {
    if stack.iter().any(|s| s == name) || stack.len() >= MAX_PROTOTYPE_DEPTH {
        piece.notes.push(format!(
            "prototype `{name}` uses itself (through {}); expanded once",
            stack.join(" > ")
        ));
        return;
    }
    let Some(def) = prototypes.get(name) else {
        piece.notes.push(format!(
            "prototype `{name}` is not defined in the module: its traits are \
             left out"
        ));
        return;
    };
    let traits = chain(def)
        .into_iter()
        .filter(|t| !matches!(t, Trait::Basic { .. }))
        .collect();
    stack.push(name.to_owned());
    let mut basic_done = true;
    collect(traits, prototypes, stack, piece, &mut basic_done);
    stack.pop();
}
