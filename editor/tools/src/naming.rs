//! A finding's words with the names people read instead of the ids the
//! validator quotes for the file's author: in the editor's panel "1 unit
//! of Armée française neither set up ...: 8e Hussards", where
//! `berthier-validate` prints "1 unit of side `armee-francaise` ...:
//! 8e-hussards (8e Hussards)". The finding is the same (its code, file,
//! line and hex); only the ids it quotes are said by name: an id in
//! backticks, and the `id (Name)` the rules write for units
//! (`berthier_rules` `common::label`).

use std::collections::HashMap;

use berthier_schema::Counters;

/// The names of an order of battle's sides, formations, units and
/// markers, by id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Naming {
    names: HashMap<String, String>,
}

impl Naming {
    /// The names of `counters` (included files merged).
    pub fn of(counters: &Counters) -> Self {
        let sides = counters.sides.iter().map(|s| (&s.id, &s.name));
        let formations = counters.formations.iter().map(|f| (&f.id, &f.name));
        let units = counters.units.iter().map(|u| (&u.id, &u.name));
        let markers = counters.markers.iter().map(|m| (&m.id, &m.name));
        let names = sides
            .chain(formations)
            .chain(units)
            .chain(markers)
            .filter(|(_, name)| !name.is_empty())
            .map(|(id, name)| (id.clone(), name.clone()))
            .collect();
        Self { names }
    }

    /// The name of `id`, when the order of battle names it.
    pub fn name(&self, id: &str) -> Option<&str> {
        self.names.get(id).map(String::as_str)
    }

    /// `message` with every id it quotes said by name: `` `id` `` and
    /// `id (Name)` become `Name`; side ids after "side" lose the word
    /// ("side `blue`" is "Blue"). Anything else is left as written.
    pub fn say(&self, message: &str) -> String {
        let mut out = String::with_capacity(message.len());
        let mut rest = message;
        while !rest.is_empty() {
            if let Some((name, used)) = self.quoted(rest) {
                drop_word_side(&mut out);
                out.push_str(name);
                rest = &rest[used..];
                continue;
            }
            if let Some((name, used)) = self.labelled(rest, out.chars().last())
            {
                out.push_str(name);
                rest = &rest[used..];
                continue;
            }
            let c = rest.chars().next().unwrap_or_default();
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
        out
    }

    /// `` `id` `` at the start of `s`, for a known id: its name and the
    /// bytes it takes.
    fn quoted<'a>(&'a self, s: &str) -> Option<(&'a str, usize)> {
        let inner = s.strip_prefix('`')?;
        let end = inner.find('`')?;
        let name = self.names.get(&inner[..end])?;
        Some((name, end + 2))
    }

    /// `id (Name)` at the start of `s` (not inside a longer word: `before`
    /// is the character written before it), for a known id and its own
    /// name: the name and the bytes it takes.
    fn labelled<'a>(
        &'a self,
        s: &str,
        before: Option<char>,
    ) -> Option<(&'a str, usize)> {
        if before.is_some_and(is_id_char) {
            return None;
        }
        let end = s.find(|c: char| !is_id_char(c)).unwrap_or(s.len());
        let name = self.names.get(&s[..end])?;
        let label = format!(" ({name})");
        s[end..]
            .starts_with(&label)
            .then_some((name.as_str(), end + label.len()))
    }
}

fn is_id_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

/// "side " just written before a side's name: the name says it.
fn drop_word_side(out: &mut String) {
    if out.ends_with("side ") {
        out.truncate(out.len() - "side ".len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naming() -> Naming {
        let text = r#"(kind: counters, format_version: 2, id: "t", name: "T",
            series: "s.series.ron",
            sides: [(id: "armee-francaise", name: "Armée française")],
            formations: [(id: "brigade-pire", name: "Brigade Piré", side: "armee-francaise", level: "brigade")],
            units: [(id: "8e-hussards", name: "8e Hussards", side: "armee-francaise", class: "cavalry"),
                    (id: "b2", name: "b2", side: "armee-francaise", class: "cavalry")])"#;
        Naming::of(
            &berthier_schema::parse(text, berthier_schema::Format::Ron)
                .expect("parses"),
        )
    }

    #[test]
    fn quoted_ids_and_labels_are_said_by_name() {
        let n = naming();
        assert_eq!(
            n.say(
                "1 unit of side `armee-francaise` neither set up, nor \
                 arriving, nor absent: 8e-hussards (8e Hussards)"
            ),
            "1 unit of Armée française neither set up, nor arriving, nor \
             absent: 8e Hussards"
        );
        assert_eq!(
            n.say(
                "unit `8e-hussards` is in no formation, `brigade-pire` has none"
            ),
            "unit 8e Hussards is in no formation, Brigade Piré has none"
        );
    }

    #[test]
    fn unknown_ids_and_lookalikes_are_left_as_written() {
        let n = naming();
        for s in [
            "`fr-016` is unknown",
            "x8e-hussards (8e Hussards)",
            "8e-hussards (Other)",
            "hex 0101 (b2)",
            "b2 and `b3`",
            "an unclosed `armee-francaise",
        ] {
            assert_eq!(n.say(s), s);
        }
    }
}
