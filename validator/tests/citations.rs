//! The line citations in the 1815 content's provenance notes are exact:
//! every phrase a note quotes from the rulebook ('like this', two words or
//! more) is on the lines it cites in the seed, `../shared/seeds/001_*.txt`
//! beside the checkout (as CI has it). A quote cites the lines that follow
//! it in the note ("'the four hexes' of L1 victory (l. 2231)"), else the
//! entry's `reference` ("001 QB5 l. 2150, 2153-2156"). A list of names
//! ('Ponsonby, Grant, Dornberg') may be spread over the cited lines; a
//! quote cut with "..." must have each part there.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use regex::Regex;

/// "l. N, N-M": the lines a citation names.
static CITED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"l\. (\d{3,4}(?:-\d{3,4})?(?:, \d{3,4}(?:-\d{3,4})?)*)")
        .expect("regex")
});

/// A quote opens after a space or bracket and closes before one: the
/// apostrophes of "d'Erlon" and "Napoleon's" are not quotes.
static QUOTE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:^|[\s(:\[])'(\S[^']*?\S)'(?:[\s,.;:)\]!?]|$)")
        .expect("regex")
});

/// A citation right after a quote, within a few words and before any
/// other quote: "'the four hexes' of L1 victory (l. 2231)".
static INLINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^[^'()]{0,40}?\(?(?:[A-Z][\w ]{0,20} )?(l\. \d{3,4}(?:-\d{3,4})?(?:, \d{3,4}(?:-\d{3,4})?)*)",
    )
    .expect("regex")
});

/// A list of names: 'Ponsonby, Grant and Dornberg'.
static NAMES: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(", | and ").expect("regex"));

/// The repository root.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The Vive l'Empereur rulebook (seed 001), one string per line.
fn seed() -> Vec<String> {
    let dir = repo().join("../shared/seeds");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| {
        panic!("no seeds at {} ({e}): CI has ../shared", dir.display())
    });
    let path = entries
        .map(|e| e.expect("entry").path())
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("001_"))
        })
        .expect("seed 001");
    let text = std::fs::read_to_string(path).expect("seed text");
    text.lines().map(str::to_owned).collect()
}

/// Lower case, one space, straight quotes.
fn norm(text: &str) -> String {
    let straight: String = text
        .chars()
        .map(|c| match c {
            '\u{2018}' | '\u{2019}' => '\'',
            '\u{201c}' | '\u{201d}' => '"',
            c => c,
        })
        .collect();
    straight
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The line ranges of every "l. N, N-M" in `text`.
fn ranges(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for m in CITED.captures_iter(text) {
        for part in m[1].split(", ") {
            let (a, b) = part.split_once('-').unwrap_or((part, part));
            let a: usize = a.parse().expect("number");
            let b: usize = b.parse().expect("number");
            out.push((a, b.max(a)));
        }
    }
    out
}

/// Whether `quote` is on `lines` of `seed`.
fn on_lines(seed: &[String], lines: &[(usize, usize)], quote: &str) -> bool {
    let body: Vec<&str> = lines
        .iter()
        .flat_map(|(a, b)| *a..=*b)
        .filter_map(|n| seed.get(n.checked_sub(1)?).map(String::as_str))
        .collect();
    let body = norm(&body.join(" "));
    let trim = |p: &str| {
        norm(p)
            .trim_matches(&[' ', '.', ',', ';', ':'][..])
            .to_owned()
    };
    let parts: Vec<String> = quote
        .split("...")
        .map(trim)
        .filter(|p| !p.is_empty())
        .collect();
    let names: Vec<String> = NAMES.split(quote).map(trim).collect();
    parts.iter().all(|p| body.contains(p.as_str()))
        || names.iter().all(|n| body.contains(n.as_str()))
}

/// One provenance note's citations that do not hold, as messages.
fn wrong_in(
    seed: &[String],
    file: &str,
    reference: &str,
    note: &str,
) -> Vec<String> {
    let mut wrong = Vec::new();
    for m in QUOTE.captures_iter(note) {
        let text = &m[1];
        if text.split_whitespace().count() < 2 {
            continue;
        }
        let whole = m.get(0).expect("match");
        let after = &note[whole.end() - 1..];
        let after = after.get(1..).unwrap_or("");
        let cited = match INLINE.captures(after) {
            Some(c) => ranges(&c[1]),
            None => ranges(reference),
        };
        if cited.is_empty() {
            continue; // cites no line (a section, a digest)
        }
        if !on_lines(seed, &cited, text) {
            wrong.push(format!(
                "{file}: '{text}' is not on {cited:?} ({reference})"
            ));
        }
    }
    wrong
}

/// Every `.ron` file under the content folders.
fn content_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo: Vec<PathBuf> = ["scenarios", "counters", "maps"]
        .iter()
        .map(|d| repo().join(d))
        .collect();
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).expect("content") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "ron") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_quote_in_a_provenance_note_is_on_the_lines_it_cites() {
    let seed = seed();
    let entry = Regex::new(
        r#"reference: "((?:[^"\\]|\\.)*)", note: "((?:[^"\\]|\\.)*)""#,
    )
    .expect("regex");
    let mut checked = 0;
    let mut wrong = Vec::new();
    for path in content_files() {
        let text = std::fs::read_to_string(&path).expect("content file");
        let file = path
            .strip_prefix(repo())
            .unwrap_or(&path)
            .display()
            .to_string();
        for m in entry.captures_iter(&text) {
            if !m[1].starts_with("001") {
                continue; // another rulebook, or none
            }
            let found = wrong_in(&seed, &file, &m[1], &m[2]);
            checked += 1;
            wrong.extend(found);
        }
    }
    assert!(checked > 150, "only {checked} notes cite seed 001");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The check can fail: a quote cited one line off, as the notes often
/// were (a blank line between a heading and its bullets).
#[test]
fn a_citation_one_line_off_is_caught() {
    let seed = seed();
    let good = "001 L1 l. 2203";
    let off = "001 L1 l. 2202";
    let note = "Blucher's mill: the 'mill of Brye' in Ligny 1.";
    assert!(wrong_in(&seed, "test", good, note).is_empty());
    assert_eq!(wrong_in(&seed, "test", off, note).len(), 1);
    let inline = "the 'mill of Brye' (L1 l. 2202), as printed";
    assert_eq!(wrong_in(&seed, "test", good, inline).len(), 1);
}
