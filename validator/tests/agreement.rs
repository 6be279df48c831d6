//! Validation and loading agree: a document that pass 1 of the validator
//! finds no error in is one the typed loader (`load_document`, which
//! `convert` and the editor use) accepts, and the other way round. Checked
//! on the bundled documents and on mutated copies of them: a block of lines
//! duplicated, a line deleted, a bracket swapped for another kind, a number
//! replaced by an extreme value. These are the mutations that found the
//! disagreements (duplicate fields, unknown fields inside a duplicated
//! block, `[ .. )`, `facing: 1e309`).
//!
//! proptest (already the schema crate's dev-dependency) picks the
//! document, the mutation and where it lands, and shrinks a failure to a
//! small one.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::sync::Arc;

use berthier_schema::{Format, load_document};
use berthier_validator::Severity;
use berthier_validator::schema_pass::check;
use berthier_validator::walk::{Candidate, Root};
use proptest::prelude::*;

/// Every bundled pack document (RON), relative to the workspace root.
fn bundled() -> Vec<PathBuf> {
    let root = workspace();
    let mut found = Vec::new();
    for dir in ["schema/series", "maps", "counters", "scenarios"] {
        collect(&root.join(dir), &mut found);
    }
    found.sort();
    assert!(found.len() >= 30, "bundled documents: {found:?}");
    found
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read bundled folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            collect(&path, out);
        } else if berthier_schema::DocKind::of_file_name(
            &path.to_string_lossy(),
        )
        .is_some()
            && path.extension().is_some_and(|e| e == "ron")
        {
            out.push(path);
        }
    }
}

/// What pass 1 says of `text` saved as `name`: `None` when it finds no
/// error, else the first error as `line:col code message`.
fn pass_one(dir: &Path, name: &str, text: &str) -> Option<String> {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write mutated copy");
    let candidate = Candidate {
        root: Arc::new(Root {
            dir: dir.to_path_buf(),
            shown: ".".into(),
        }),
        path,
        rel: name.into(),
    };
    let checked = check(&candidate).expect("a named document is checked");
    let error = checked
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error);
    match error {
        Some(d) => {
            assert!(d.line > 0, "{name}: an error without a line: {d:?}");
            Some(format!("{}:{} {} {}", d.line, d.column, d.code, d.message))
        }
        None => {
            assert!(checked.document.is_some(), "no error but no document");
            None
        }
    }
}

/// Asserts pass 1 and the loader agree on `text`.
fn assert_agree(dir: &Path, name: &str, text: &str, what: &str) {
    let validator = pass_one(dir, name, text);
    let loader = load_document(text, Format::Ron).err();
    match (&validator, &loader) {
        (None, Some(e)) => panic!(
            "{what}: the validator finds no error but the loader \
             refuses: {e}\n--- text ---\n{text}"
        ),
        (Some(d), None) => panic!(
            "{what}: the loader accepts but the validator reports {d}\n\
             --- text ---\n{text}"
        ),
        _ => {}
    }
}

#[test]
fn every_bundled_document_validates_and_loads() {
    let dir = tempfile::tempdir().expect("tempdir");
    for path in bundled() {
        let text = std::fs::read_to_string(&path).expect("read");
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert_eq!(pass_one(dir.path(), &name, &text), None, "{name}");
        load_document(&text, Format::Ron).expect("bundled loads");
    }
}

/// One change to a document's text.
#[derive(Debug, Clone)]
enum Mutation {
    /// Lines `start..start + len` repeated right after themselves.
    DuplicateLines { start: usize, len: usize },
    /// Line `at` removed.
    DeleteLine { at: usize },
    /// The `nth` bracket replaced by the bracket `with`.
    SwapBracket { nth: usize, with: char },
    /// The `nth` number replaced by `with`.
    ReplaceNumber { nth: usize, with: &'static str },
}

/// Numbers that stress the readers: out of range, not finite, signed,
/// fractional where an integer is expected.
const EXTREME: &[&str] = &[
    "1e309",
    "-1e309",
    "1e3",
    "0",
    "-1",
    "1.5",
    "4294967296",
    "18446744073709551616",
    "-9223372036854775809",
    "NaN",
    "inf",
    "1_000",
];

impl Mutation {
    fn apply(&self, text: &str) -> String {
        match *self {
            Self::DuplicateLines { start, len } => {
                let lines: Vec<&str> = text.split_inclusive('\n').collect();
                let start = start % lines.len();
                let end = (start + len).min(lines.len());
                let mut out: Vec<&str> = lines[..end].to_vec();
                out.extend_from_slice(&lines[start..end]);
                out.extend_from_slice(&lines[end..]);
                out.concat()
            }
            Self::DeleteLine { at } => {
                let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
                lines.remove(at % lines.len());
                lines.concat()
            }
            Self::SwapBracket { nth, with } => {
                let at: Vec<usize> = text
                    .char_indices()
                    .filter(|(_, c)| "()[]{}".contains(*c))
                    .map(|(i, _)| i)
                    .collect();
                let i = at[nth % at.len()];
                format!("{}{with}{}", &text[..i], &text[i + 1..])
            }
            Self::ReplaceNumber { nth, with } => {
                let spans = numbers(text);
                if spans.is_empty() {
                    return text.to_owned();
                }
                let (s, e) = spans[nth % spans.len()];
                format!("{}{with}{}", &text[..s], &text[e..])
            }
        }
    }
}

/// Byte ranges of the bare digit runs outside strings and comments.
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let (mut i, mut in_string) = (0, false);
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
        } else if b == b'"' {
            in_string = true;
        } else if b == b'/' && bytes.get(i + 1) == Some(&b'/') {
            i += text[i..].find('\n').unwrap_or(text.len() - i);
        } else if b.is_ascii_digit()
            && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric())
        {
            let end = text[i..]
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .map_or(text.len(), |n| i + n);
            spans.push((i, end));
            i = end;
            continue;
        }
        i += 1;
    }
    spans
}

/// Applies `mutations` to bundled document `which` and asserts pass 1
/// and the loader agree on the result.
fn agree_after(which: usize, mutations: &[Mutation]) {
    let all = bundled();
    let path = &all[which % all.len()];
    let mut text = std::fs::read_to_string(path).expect("read");
    for m in mutations {
        text = m.apply(&text);
    }
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let dir = tempfile::tempdir().expect("tempdir");
    let what = format!("{name} after {mutations:?}");
    assert_agree(dir.path(), &name, &text, &what);
}

fn duplicate_lines() -> impl Strategy<Value = Mutation> {
    (0..2000usize, 1..30usize)
        .prop_map(|(start, len)| Mutation::DuplicateLines { start, len })
}

fn delete_line() -> impl Strategy<Value = Mutation> {
    (0..2000usize).prop_map(|at| Mutation::DeleteLine { at })
}

fn swap_bracket() -> impl Strategy<Value = Mutation> {
    let brackets = vec!['(', ')', '[', ']', '{', '}'];
    (0..2000usize, prop::sample::select(brackets))
        .prop_map(|(nth, with)| Mutation::SwapBracket { nth, with })
}

fn replace_number() -> impl Strategy<Value = Mutation> {
    (0..2000usize, prop::sample::select(EXTREME.to_vec()))
        .prop_map(|(nth, with)| Mutation::ReplaceNumber { nth, with })
}

fn any_mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        duplicate_lines(),
        delete_line(),
        swap_bracket(),
        replace_number()
    ]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn agree_after_a_duplicated_block(which in 0..64usize, m in duplicate_lines()) {
        agree_after(which, &[m]);
    }

    #[test]
    fn agree_after_a_deleted_line(which in 0..64usize, m in delete_line()) {
        agree_after(which, &[m]);
    }

    #[test]
    fn agree_after_a_swapped_bracket(which in 0..64usize, m in swap_bracket()) {
        agree_after(which, &[m]);
    }

    #[test]
    fn agree_after_a_replaced_number(which in 0..64usize, m in replace_number()) {
        agree_after(which, &[m]);
    }

    #[test]
    fn agree_after_several_mutations(
        which in 0..64usize,
        mutations in prop::collection::vec(any_mutation(), 2..5),
    ) {
        agree_after(which, &mutations);
    }
}

/// The four kinds of document the probe found validating clean while
/// `convert` refused them: each is now an error at its line and column,
/// and the run's exit status is 1 as `convert`'s is.
#[test]
fn the_probes_disagreements_are_located_errors() {
    let fixture = common_fixture("mini.scenario.ron");
    let cases: [(&str, &str, &str, (usize, usize)); 4] = [
        (
            "a duplicated field",
            "    sets_up_first: \"red\",\n",
            "    sets_up_first: \"red\",\n    sets_up_first: \"red\",\n",
            (12, 5),
        ),
        (
            "an unknown field in a block duplicated into an entry",
            "(unit: \"b1\", hex: \"0202\", facing: 0)",
            "(unit: \"b1\", hex: \"0202\", facing: 0, \
             units: (units: [\"b1\"]), unit: \"b1\")",
            (22, 54),
        ),
        (
            "a list closed by a parenthesis",
            "markers_at_start: [\"blue-1\"],",
            "markers_at_start: [\"blue-1\"),",
            (26, 40),
        ),
        (
            "a float too large for any number",
            "(unit: \"b1\", hex: \"0202\", facing: 0)",
            "(unit: \"b1\", hex: \"0202\", facing: 1e309)",
            (22, 51),
        ),
    ];
    let dir = tempfile::tempdir().expect("tempdir");
    for (what, from, to, at) in cases {
        assert!(
            fixture.contains(from),
            "{what}: {from:?} not in the fixture"
        );
        let text = fixture.replacen(from, to, 1);
        let found = pass_one(dir.path(), "mini.scenario.ron", &text)
            .unwrap_or_else(|| panic!("{what}: no error"));
        assert!(
            found.starts_with(&format!("{}:{} SCH", at.0, at.1)),
            "{what}: {found}"
        );
        assert!(load_document(&text, Format::Ron).is_err(), "{what}");
    }
}

fn common_fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pack")
        .join(name);
    std::fs::read_to_string(path).expect("fixture")
}
