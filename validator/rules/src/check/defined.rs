//! REF008's finding: an id a document names that its series does not
//! define. Every such finding, wherever the id is written (a map's
//! terrain, a counters file's class, a series' own stacking limits), says
//! the same thing and helps the same way: the nearest defined id ("did you
//! mean `woods`?"), or the ids the series does define.

// Fx, as elsewhere in the rules: a map probes its terrain set once per
// painted hex.
use rustc_hash::FxHashSet;

use berthier_schema::spelling;

use super::Finding;
use crate::code::Code;

/// How many defined ids a help line lists before "and N more".
const LISTED: usize = 8;

/// The ids of one kind a series defines (its unit classes, its terrain
/// types, ...), in the series' order.
pub struct Defined<'s> {
    /// What they are, singular: `unit class`, `terrain`.
    what: &'static str,
    /// What the message says of an id not among them.
    not_among: &'static str,
    ids: Vec<&'s str>,
    set: FxHashSet<&'s str>,
}

impl<'s> Defined<'s> {
    /// `ids`, the series' ids of kind `what`.
    pub fn new(
        what: &'static str,
        ids: impl IntoIterator<Item = &'s str>,
    ) -> Self {
        let ids: Vec<&str> = ids.into_iter().collect();
        let set = ids.iter().copied().collect();
        Self {
            what,
            not_among: "is not defined by the series",
            ids,
            set,
        }
    }

    /// Says `is not {phrase}` of an unknown id instead of "is not defined
    /// by the series" (counter sides: "a state or formation").
    pub fn described(mut self, not_among: &'static str) -> Self {
        self.not_among = not_among;
        self
    }

    /// Whether `id` is one of them.
    pub fn contains(&self, id: &str) -> bool {
        self.set.contains(id)
    }

    /// REF008 at `pointer` unless `id` is one of them.
    pub fn check(
        &self,
        pointer: impl Into<String>,
        id: &str,
    ) -> Option<Finding> {
        (!self.contains(id)).then(|| self.unknown(pointer, id))
    }

    /// The REF008 finding for `id`, which is not one of them.
    fn unknown(&self, pointer: impl Into<String>, id: &str) -> Finding {
        let message = format!("{} `{id}` {}", self.what, self.not_among);
        Finding::new(Code::Ref008, pointer, message).help(self.help(id))
    }

    /// The nearest id, or the list of them.
    fn help(&self, id: &str) -> String {
        if let Some(hint) = spelling::did_you_mean(id, self.ids.clone()) {
            return hint;
        }
        if self.ids.is_empty() {
            return format!("the series defines no {}", self.what);
        }
        let quoted: Vec<String> =
            self.ids.iter().map(|id| format!("`{id}`")).collect();
        format!("the series defines {}", crate::words::list(&quoted, LISTED))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terrain() -> Defined<'static> {
        Defined::new("terrain", ["clear", "woods", "lake"])
    }

    #[test]
    fn a_defined_id_gives_nothing() {
        assert_eq!(terrain().check("/hexes/0101/terrain", "woods"), None);
    }

    #[test]
    fn a_near_miss_names_the_defined_id() {
        let f = terrain().check("/t", "wood").expect("unknown");
        assert_eq!(f.code, Code::Ref008);
        assert_eq!(f.message, "terrain `wood` is not defined by the series");
        assert_eq!(f.help.as_deref(), Some("did you mean `woods`?"));
    }

    #[test]
    fn a_far_miss_lists_the_defined_ids() {
        let f = terrain().check("/t", "swamp").expect("unknown");
        assert_eq!(
            f.help.as_deref(),
            Some("the series defines `clear`, `woods`, `lake`")
        );
        let none = Defined::new("rating", []);
        let f = none.check("/r", "strength").expect("unknown");
        assert_eq!(f.help.as_deref(), Some("the series defines no rating"));
    }

    #[test]
    fn a_description_replaces_the_message_tail() {
        let sides = Defined::new("counter side", ["front", "back"])
            .described("is not a state or formation of the series");
        let f = sides.check("/s", "frnt").expect("unknown");
        assert_eq!(
            f.message,
            "counter side `frnt` is not a state or formation of the series"
        );
        assert_eq!(f.help.as_deref(), Some("did you mean `front`?"));
    }
}
