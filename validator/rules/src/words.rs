//! How finding messages and summaries write counts and lists, in one
//! place so every rule and renderer words them alike.

/// `1 stack`, `3 stacks`.
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `a, b, c and 4 more`: at most `at_most` items, as written, joined by
/// commas (`a, b, c` when they all fit).
pub fn list(items: &[String], at_most: usize) -> String {
    if items.len() <= at_most {
        return items.join(", ");
    }
    format!(
        "{} and {} more",
        items[..at_most].join(", "),
        items.len() - at_most
    )
}

/// Unit ids in backquotes, at most `at_most` of them: `` `a` ``,
/// `` `a`, `b` and `c` ``, `` `a`, `b` and 3 more ``; `no unit` when there
/// is none.
pub fn units(ids: &[String], at_most: usize) -> String {
    let shown: Vec<String> = ids
        .iter()
        .take(at_most)
        .map(|id| format!("`{id}`"))
        .collect();
    let more = ids.len().saturating_sub(at_most);
    match (shown.split_last(), more) {
        (None, _) => "no unit".into(),
        (Some((last, [])), 0) => last.clone(),
        (Some((last, rest)), 0) => format!("{} and {last}", rest.join(", ")),
        _ => format!("{} and {more} more", shown.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("u{i}")).collect()
    }

    #[test]
    fn counts() {
        assert_eq!(plural(0, "unit"), "0 units");
        assert_eq!(plural(1, "unit"), "1 unit");
        assert_eq!(plural(2, "unit"), "2 units");
    }

    #[test]
    fn plain_lists() {
        assert_eq!(list(&ids(0), 2), "");
        assert_eq!(list(&ids(2), 2), "u1, u2");
        assert_eq!(list(&ids(5), 2), "u1, u2 and 3 more");
    }

    #[test]
    fn unit_lists() {
        assert_eq!(units(&ids(0), 2), "no unit");
        assert_eq!(units(&ids(1), 2), "`u1`");
        assert_eq!(units(&ids(3), 3), "`u1`, `u2` and `u3`");
        assert_eq!(units(&ids(4), 2), "`u1`, `u2` and 2 more");
    }
}
