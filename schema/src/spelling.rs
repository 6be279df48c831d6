//! "Did you mean": the known name nearest to a misspelt one, shared by
//! every message that reports an unknown id, field or series name, so they
//! all suggest alike.

/// The name of `known` nearest to `wrong`, when it is near enough to be a
/// misspelling of it: at most one edit in three letters (a swap of two
/// neighbours is one edit: `frist` for `first`), or `wrong` is a part of it
/// at least three letters long (`gen` for `general`). Ties go to the first
/// one listed. `None` when `wrong` is itself known.
pub fn closest<'k>(
    wrong: &str,
    known: impl IntoIterator<Item = &'k str>,
) -> Option<&'k str> {
    let lower = wrong.to_lowercase();
    let mut best: Option<(usize, &'k str)> = None;
    for name in known {
        if name == wrong {
            return None;
        }
        let distance = strsim::osa_distance(&lower, &name.to_lowercase());
        let near = distance <= name.chars().count().max(3) / 3
            || (lower.chars().count() >= 3 && name.contains(lower.as_str()));
        if near && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, name));
        }
    }
    best.map(|(_, name)| name)
}

/// `` did you mean `woods`? `` for [`closest`], or `None`.
pub fn did_you_mean<'k>(
    wrong: &str,
    known: impl IntoIterator<Item = &'k str>,
) -> Option<String> {
    closest(wrong, known).map(|name| format!("did you mean `{name}`?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TERRAIN: [&str; 3] = ["clear", "woods", "lake"];

    #[test]
    fn a_letter_dropped_added_or_swapped_is_found() {
        assert_eq!(closest("wood", TERRAIN), Some("woods"));
        assert_eq!(closest("woodss", TERRAIN), Some("woods"));
        assert_eq!(closest("claer", TERRAIN), Some("clear"));
        assert_eq!(closest("Lake", TERRAIN), Some("lake"));
    }

    #[test]
    fn a_part_of_a_name_is_found() {
        assert_eq!(closest("gen", ["general", "cavalry"]), Some("general"));
    }

    #[test]
    fn far_or_known_names_give_nothing() {
        assert_eq!(closest("swamp", TERRAIN), None);
        assert_eq!(closest("strr", ["strength", "morale"]), None);
        assert_eq!(closest("woods", TERRAIN), None);
        assert_eq!(closest("x", TERRAIN), None);
    }

    #[test]
    fn the_nearest_wins() {
        let known = ["horse", "hors", "house"];
        assert_eq!(closest("horss", known), Some("horse"));
        assert_eq!(
            did_you_mean("hrose", known).as_deref(),
            Some("did you mean `horse`?")
        );
    }
}
