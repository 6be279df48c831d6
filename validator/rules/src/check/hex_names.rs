//! Hexes named as the map prints them: rules write a hex as its grid
//! position ("0404", [`HexId`]'s `Display`, which the files hold); on a
//! map with a printed numbering (Ashcombe's letter-number "D4", a sheet
//! prefix) a reader looks for the printed label, so every finding's
//! message and help have each grid position of a hex on the map replaced
//! by [`Map::label`]. The finding's `hex` field (JSON, SARIF, the editor)
//! keeps the grid position. MAP007, which is about labels and names both
//! forms on purpose, is left as written.

use berthier_schema::{HexId, Map};

use super::Finding;
use crate::code::Code;

impl Finding {
    /// The finding with its hexes named as `map` prints them.
    pub fn printed_on(mut self, map: &Map) -> Self {
        if self.code == Code::Map007 || !has_numbering(map) {
            return self;
        }
        self.message = printed(map, &self.message);
        self.help = self.help.map(|h| printed(map, &h));
        self
    }
}

/// Whether any hex of `map` prints other than its grid position.
fn has_numbering(map: &Map) -> bool {
    map.numbering.as_ref().is_some_and(|n| !n.is_plain())
        || map
            .sheets
            .iter()
            .any(|s| s.numbering.as_ref().is_some_and(|n| !n.is_plain()))
}

/// `text` with each word that is the grid position of a hex on `map`
/// (a run of letters and digits, not part of an id such as
/// `ashcombe-1812`) replaced by the hex's printed label.
fn printed(map: &Map, text: &str) -> String {
    let part_of_id = |c: char| c.is_alphanumeric() || "-_.".contains(c);
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_ascii_alphanumeric()) {
        let (before, word_on) = rest.split_at(start);
        out.push_str(before);
        let len = word_on
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(word_on.len());
        let (word, after) = word_on.split_at(len);
        let glued = out.chars().next_back().is_some_and(part_of_id)
            || after.chars().next().is_some_and(|c| {
                c.is_alphanumeric()
                    || "-_".contains(c)
                    || (c == '.'
                        && after[1..].starts_with(char::is_alphanumeric))
            });
        match word.parse::<HexId>() {
            Ok(hex) if !glued && map.contains(hex) => {
                out.push_str(&map.label(hex));
            }
            _ => out.push_str(word),
        }
        rest = after;
    }
    out.push_str(rest);
    out
}
