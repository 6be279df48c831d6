//! `schema/README.md` says which placement phrases of the bundled
//! scenarios stay text, and it cannot drift from the files: the list
//! between its `text-placements` markers is generated from every
//! `Unstructured("...")` placement under `scenarios/` (`BERTHIER_BLESS=1`
//! rewrites it), and a row of its phrase tables calls a phrase
//! `Unstructured` exactly when a file keeps that phrase as text.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use regex::Regex;

const START: &str = "<!-- text-placements:start -->\n";
const END: &str = "<!-- text-placements:end -->";

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.ron` file under `scenarios/`, sorted.
fn scenario_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![repo().join("scenarios")];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).expect("scenarios") {
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

/// `(file, text)` of every placement kept as text, in file order.
fn kept_as_text() -> Vec<(String, String)> {
    let unstructured =
        Regex::new(r#"Unstructured\("((?:[^"\\]|\\.)*)"\)"#).expect("regex");
    let mut out = Vec::new();
    for path in scenario_files() {
        let text = std::fs::read_to_string(&path).expect("scenario");
        let file = path
            .strip_prefix(repo())
            .unwrap_or(&path)
            .display()
            .to_string();
        for m in unstructured.captures_iter(&text) {
            out.push((file.clone(), m[1].replace("\\\"", "\"")));
        }
    }
    out
}

/// The generated list, as it stands between the markers.
fn list(kept: &[(String, String)]) -> String {
    let mut text = String::from("| Scenario | Kept as text |\n|---|---|\n");
    for (file, phrase) in kept {
        text.push_str(&format!("| `{file}` | \"{phrase}\" |\n"));
    }
    text
}

fn norm(text: &str) -> String {
    text.to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_list_of_placements_kept_as_text_is_fresh() {
    let path = repo().join("schema/README.md");
    let readme = std::fs::read_to_string(&path).expect("schema README");
    let (before, rest) = readme.split_once(START).expect("start marker");
    let (_, after) = rest.split_once(END).expect("end marker");
    let kept = kept_as_text();
    assert!(kept.len() > 10, "only {} text placements", kept.len());
    let fresh = format!("{before}{START}{}{END}{after}", list(&kept));
    if std::env::var_os("BERTHIER_BLESS").is_some() {
        std::fs::write(&path, &fresh).expect("write schema README");
        return;
    }
    assert!(
        fresh == readme,
        "schema/README.md's list of placements kept as text is stale: \
         run with BERTHIER_BLESS=1"
    );
}

#[test]
fn a_phrase_is_called_unstructured_exactly_when_a_file_keeps_it_as_text() {
    let readme = std::fs::read_to_string(repo().join("schema/README.md"))
        .expect("schema README");
    let kept: Vec<String> =
        kept_as_text().into_iter().map(|(_, t)| norm(&t)).collect();
    let quoted = Regex::new(r#""([^"]+)""#).expect("regex");
    let mut rows = 0;
    let mut wrong = Vec::new();
    for line in readme.lines().filter(|l| l.starts_with("| ")) {
        let cells: Vec<&str> = line.split(" | ").collect();
        let [phrase_cell, type_cell, ..] = cells[..] else {
            continue;
        };
        let phrases: Vec<String> = quoted
            .captures_iter(phrase_cell)
            .map(|c| norm(&c[1]))
            .collect();
        if phrases.is_empty() || line.contains("Kept as text") {
            continue;
        }
        if line.starts_with("| `scenarios/") {
            continue; // the generated list itself
        }
        rows += 1;
        let says_text = type_cell.contains("`Unstructured`");
        let is_text = phrases.iter().any(|p| {
            // A short kept phrase ("north of the Ruisseau") is not matched
            // inside a longer one of another battle.
            kept.iter().any(|k| {
                k.contains(p.as_str())
                    || (p.contains(k.as_str())
                        && k.split_whitespace().count() >= 5)
            })
        });
        if says_text != is_text {
            wrong.push(format!(
                "{}: the table says {}, the files {}",
                phrase_cell.trim_start_matches("| "),
                if says_text { "text" } else { "a type" },
                if is_text {
                    "keep it as text"
                } else {
                    "type it"
                }
            ));
        }
    }
    assert!(rows > 30, "only {rows} phrase rows read");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
