//! VASSAL's saved game (`.vsav`), the format of a module's predefined
//! setups (the reference manual's *Pre-Defined Setup*: "a saved game
//! inside the module", loaded in place of a new game).
//!
//! Restated from a reading of VASSAL's `GameState`, `ObfuscatingOutputStream`,
//! `DeobfuscatingInputStream`, `Stack` and `BasicPiece` (no code copied):
//!
//! - a saved game is a zip whose `savedGame` entry holds the game's
//!   commands, plus `moduledata` (the module's) and `savedata` (the
//!   save's own metadata);
//! - through VASSAL 3.7 the commands are obfuscated: `!VCSK`, the key as
//!   two lowercase hex digits, then every byte XORed with the key as two
//!   hex digits. Every later VASSAL still reads that form (its
//!   `DeobfuscatingInputStream`), so the export writes it; the import
//!   reads it and plain text. VASSAL 3.8's XZ-compressed form (`!VOXZ` or
//!   the XZ magic) is recognised and reported, not read;
//! - the commands are joined by ESC (`GameModule.COMMAND_SEPARATOR`,
//!   [`super::sequence`] escaping): `begin_save`, one add-piece command
//!   per piece and per stack, `end_save`;
//! - a piece is `+/id/type/state`, its `BasicPiece` state (innermost)
//!   `map;x;y;gpid`; a stack is `+/id/stack/map;x;y;id;id..`, its pieces
//!   bottom first, added after them (a stack finds its pieces by id), and
//!   newer VASSALs end it with a `@@layer` token, skipped here.

use super::sequence::{decode, encode};

/// The header of the obfuscated form.
pub const HEADER: &str = "!VCSK";

/// The zip entry holding the commands.
pub const ENTRY: &str = "savedGame";

/// The command separator, ESC.
const SEPARATOR: char = '\u{1b}';

/// `text` obfuscated with `key`, as VASSAL through 3.7 writes it.
pub fn obfuscate(text: &str, key: u8) -> String {
    let mut out = String::with_capacity(HEADER.len() + 2 + 2 * text.len());
    out.push_str(HEADER);
    push_hex(&mut out, key);
    for b in text.bytes() {
        push_hex(&mut out, b ^ key);
    }
    out
}

fn push_hex(out: &mut String, b: u8) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push(char::from(HEX[usize::from(b >> 4)]));
    out.push(char::from(HEX[usize::from(b & 0x0f)]));
}

/// Why a `savedGame` entry does not read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SavedGameError {
    /// Obfuscated, but not in hex pairs.
    #[error("the obfuscated saved game is not hex at byte {0}")]
    BadHex(usize),
    /// VASSAL 3.8's compressed form.
    #[error(
        "the saved game is XZ-compressed (VASSAL 3.8 or later); save it \
         again with VASSAL 3.7 or earlier to import its setup"
    )]
    Compressed,
    /// Not UTF-8 once deobfuscated.
    #[error("the saved game is not UTF-8 text")]
    NotText,
}

/// The commands' text of a `savedGame` entry: deobfuscated, or as it is
/// when plain.
pub fn deobfuscate(bytes: &[u8]) -> Result<String, SavedGameError> {
    const XZ_MAGIC: &[u8] = &[0xfd, b'7', b'z', b'X', b'Z', 0];
    if bytes.starts_with(XZ_MAGIC) || bytes.starts_with(b"!VOXZ") {
        return Err(SavedGameError::Compressed);
    }
    let Some(body) = bytes.strip_prefix(HEADER.as_bytes()) else {
        return String::from_utf8(bytes.to_vec())
            .map_err(|_| SavedGameError::NotText);
    };
    let nibble = |i: usize| {
        let c = body.get(i).copied().unwrap_or(b'?');
        char::from(c)
            .to_digit(16)
            .map(|d| d as u8)
            .ok_or(SavedGameError::BadHex(HEADER.len() + i))
    };
    let byte =
        |i: usize| Ok::<u8, SavedGameError>(nibble(i)? << 4 | nibble(i + 1)?);
    if body.len() % 2 != 0 {
        return Err(SavedGameError::BadHex(HEADER.len() + body.len()));
    }
    let key = byte(0)?;
    let mut out = Vec::with_capacity(body.len() / 2);
    for i in (2..body.len()).step_by(2) {
        out.push(byte(i)? ^ key);
    }
    String::from_utf8(out).map_err(|_| SavedGameError::NotText)
}

/// A piece placed in a saved game.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedPiece {
    /// Its id in the game.
    pub id: String,
    /// Its trait chain's type (outermost first).
    pub ty: String,
    /// Its trait chain's state.
    pub state: String,
}

impl SavedPiece {
    /// The piece as a definition [`super::piece::read`] reads.
    pub fn definition(&self) -> String {
        encode(&["+", &self.id, &self.ty, &self.state], '/')
    }

    /// The map and position its `BasicPiece` state gives (the innermost
    /// state), if on a map.
    pub fn position(&self) -> Option<(String, [i32; 2])> {
        let basic = decode(&self.state, '\t').last().cloned()?;
        position(&decode(&basic, ';'))
    }
}

/// A stack in a saved game.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedStack {
    /// The map it is on.
    pub map: String,
    /// Its position in map pixels.
    pub at: [i32; 2],
    /// Its pieces' ids, bottom first.
    pub pieces: Vec<String>,
}

/// The pieces and stacks a saved game adds, in its order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SavedGame {
    /// Every piece (stacks aside).
    pub pieces: Vec<SavedPiece>,
    /// Every stack on a map.
    pub stacks: Vec<SavedStack>,
}

/// The map and position of a `map;x;y;..` state.
fn position(fields: &[String]) -> Option<(String, [i32; 2])> {
    let map = fields.first().filter(|m| !m.is_empty() && *m != "null")?;
    let int = |i: usize| fields.get(i)?.trim().parse::<i32>().ok();
    Some((map.clone(), [int(1)?, int(2)?]))
}

/// Reads the commands of a saved game: its add-piece commands; every
/// other command (chat, properties, version checks) is skipped.
pub fn parse(text: &str) -> SavedGame {
    let mut game = SavedGame::default();
    for command in decode(text, SEPARATOR) {
        let parts = decode(&command, '/');
        let [plus, id, ty, state] = parts.as_slice() else {
            continue;
        };
        if plus != "+" {
            continue;
        }
        if ty == "stack" {
            let fields = decode(state, ';');
            if let Some((map, at)) = position(&fields) {
                let pieces = fields
                    .iter()
                    .skip(3)
                    .filter(|f| !f.starts_with("@@") && !f.is_empty())
                    .cloned()
                    .collect();
                game.stacks.push(SavedStack { map, at, pieces });
            }
        } else {
            game.pieces.push(SavedPiece {
                id: id.clone(),
                ty: ty.clone(),
                state: state.clone(),
            });
        }
    }
    game
}

/// The commands of a game that adds `pieces` and then `stacks`.
pub fn commands(
    pieces: &[SavedPiece],
    stacks: &[(String, SavedStack)],
) -> String {
    let mut tokens = vec!["begin_save".to_owned()];
    for p in pieces {
        tokens.push(p.definition());
    }
    for (id, s) in stacks {
        let mut state =
            vec![s.map.clone(), s.at[0].to_string(), s.at[1].to_string()];
        state.extend(s.pieces.iter().cloned());
        tokens.push(encode(&["+", id, "stack", &encode(&state, ';')], '/'));
    }
    tokens.push("end_save".to_owned());
    encode(&tokens, SEPARATOR)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn obfuscation_round_trips_and_matches_vassal_layout() {
        let text = "begin_save\u{1b}end_save";
        let o = obfuscate(text, 0x5a);
        assert!(o.starts_with("!VCSK5a"));
        // 'b' (0x62) ^ 0x5a = 0x38.
        assert_eq!(&o[7..9], "38");
        assert_eq!(deobfuscate(o.as_bytes()).unwrap(), text);
        assert_eq!(deobfuscate(text.as_bytes()).unwrap(), text);
        assert_eq!(deobfuscate(b"!VCSK5a3"), Err(SavedGameError::BadHex(8)));
        assert_eq!(deobfuscate(b"!VCSK5azz"), Err(SavedGameError::BadHex(7)));
        assert_eq!(
            deobfuscate(b"!VOXZ\x01..."),
            Err(SavedGameError::Compressed)
        );
    }

    #[test]
    fn stacks_and_pieces_read_back() {
        let piece = SavedPiece {
            id: "p1".into(),
            ty: "mark;Side\tpiece;;;a.png;A/B".into(),
            state: "French\tMain Map;10;20;7".into(),
        };
        let stack = SavedStack {
            map: "Main Map".into(),
            at: [10, 20],
            pieces: vec!["p1".into()],
        };
        let text = commands(
            std::slice::from_ref(&piece),
            &[("s1".into(), stack.clone())],
        );
        let game = parse(&format!("{text}\u{1b}+/s2/stack/null;0;0"));
        assert_eq!(game.pieces, std::slice::from_ref(&piece));
        assert_eq!(game.stacks, [stack]);
        assert_eq!(piece.position(), Some(("Main Map".into(), [10, 20])));
        let newer = parse("+/s/stack/Main Map;1;2;a;b;@@0");
        assert_eq!(newer.stacks[0].pieces, ["a", "b"]);
    }
}
