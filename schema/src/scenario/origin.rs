//! Where each part of a resolved variant comes from: its own file or its
//! base. Findings are located by JSON Pointer into the scenario; for an
//! inherited part the pointer must lead into the base file instead, at the
//! line that holds it.

/// The file a resolved part was read from, for one variant step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    /// The base scenario (itself perhaps resolved from its own base).
    Base,
    /// The variant file.
    Variant,
}

/// One variant step's origins: resolved pointer prefixes and where they
/// were written. A pointer is mapped by its longest listed prefix (whole
/// segments), the rest of it kept: `/sides/1/setup/4/hex` under
/// `/sides/1/setup/4` from the base's `/sides/1/setup/9` is the base's
/// `/sides/1/setup/9/hex`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StepOrigins {
    entries: Vec<(String, Layer, String)>,
}

impl StepOrigins {
    /// Records that the resolved value at `resolved` was written at
    /// `written` in `layer`.
    pub fn add(
        &mut self,
        resolved: impl Into<String>,
        layer: Layer,
        written: impl Into<String>,
    ) {
        self.entries.push((resolved.into(), layer, written.into()));
    }

    /// Where the resolved `pointer` was written; the same pointer in the
    /// variant when no prefix is listed (its `id`, `name`...).
    pub fn lookup(&self, pointer: &str) -> (Layer, String) {
        self.entries
            .iter()
            .filter(|(prefix, ..)| is_prefix(prefix, pointer))
            .max_by_key(|(prefix, ..)| prefix.len())
            .map_or((Layer::Variant, pointer.to_owned()), |(prefix, l, w)| {
                (*l, format!("{w}{}", &pointer[prefix.len()..]))
            })
    }
}

/// Whether `prefix` is `pointer` or a whole-segment prefix of it.
fn is_prefix(prefix: &str, pointer: &str) -> bool {
    pointer.strip_prefix(prefix).is_some_and(|rest| {
        rest.is_empty() || rest.starts_with('/') || prefix.is_empty()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_whole_segment_prefix_wins() {
        let mut o = StepOrigins::default();
        o.add("/sides/0", Layer::Base, "/sides/0");
        o.add("/sides/0/reinforcements/1", Layer::Base, "/sides/0/x/3");
        o.add(
            "/sides/0/reinforcements/1/at",
            Layer::Variant,
            "/sides/0/shift_arrivals/0/minutes",
        );
        assert_eq!(
            o.lookup("/sides/0/reinforcements/1/units"),
            (Layer::Base, "/sides/0/x/3/units".into())
        );
        assert_eq!(
            o.lookup("/sides/0/reinforcements/1/at"),
            (Layer::Variant, "/sides/0/shift_arrivals/0/minutes".into())
        );
        assert_eq!(
            o.lookup("/sides/0/reinforcements/10"),
            (Layer::Base, "/sides/0/reinforcements/10".into())
        );
        assert_eq!(o.lookup("/name"), (Layer::Variant, "/name".into()));
    }
}
