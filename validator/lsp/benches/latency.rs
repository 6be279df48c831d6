//! How long the language server takes to check this repository's pack
//! again after one edit to a scenario (and to a counters file, which
//! every scenario of its battle reads): the pack is checked once cold,
//! then each edit's check is timed as the server runs it after the
//! debounce (the edited file and the documents that name it), and, for
//! comparison, a check of the whole pack with the edit. Prints the
//! figures; run in a release build:
//!
//!     cargo bench -p berthier-lsp --bench latency
#![allow(clippy::print_stdout, clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use berthier_lsp::pack::PackChecker;
use berthier_validator::Texts;

/// Edits timed per file.
const EDITS: usize = 20;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap();
    let checker = PackChecker::default();
    let started = Instant::now();
    let found = checker.check(&root, &Texts::new()).unwrap();
    println!(
        "cold check of {} documents: {} ms",
        found.len(),
        started.elapsed().as_millis()
    );
    breakdown(&root);
    let scenario = root.join("scenarios/rivoli-1797/historical.scenario.ron");
    let counters = root.join("counters/rivoli-1797/rivoli-1797.counters.ron");
    for file in [scenario, counters] {
        let times = edits(&checker, &root, &file, false);
        report("edit to", &root, &file, &times);
        let times = edits(&checker, &root, &file, true);
        report("whole pack after an edit to", &root, &file, &times);
    }
}

/// What an edit's check spends before validating: walking the pack and
/// finding the documents that name the edited one.
fn breakdown(root: &Path) {
    let started = Instant::now();
    let walked =
        berthier_validator::walk::collect(&[root.to_path_buf()]).unwrap();
    let walk = started.elapsed();
    let files: Vec<PathBuf> = walked.into_iter().map(|c| c.path).collect();
    let counters = root.join("counters/rivoli-1797/rivoli-1797.counters.ron");
    let started = Instant::now();
    let affected =
        berthier_lsp::pack::affected(&files, &[counters], &Texts::new());
    println!(
        "walk of {} files: {:.1} ms; documents naming the counters ({}): {:.1} ms",
        files.len(),
        walk.as_secs_f64() * 1000.0,
        affected.len(),
        started.elapsed().as_secs_f64() * 1000.0,
    );
}

/// The time of each of [`EDITS`] checks, each after a different edit to
/// `file` (a comment line added: a new text, the same document).
fn edits(
    checker: &PackChecker,
    root: &Path,
    file: &PathBuf,
    whole: bool,
) -> Vec<Duration> {
    let text = std::fs::read_to_string(file).unwrap();
    (0..EDITS)
        .map(|i| {
            let mut texts = Texts::new();
            let edited: Arc<str> = format!("// edit {i}\n{text}").into();
            texts.insert(file.clone(), edited);
            let started = Instant::now();
            let found = if whole {
                checker.check(root, &texts)
            } else {
                checker.check_edited(root, std::slice::from_ref(file), &texts)
            };
            let found = found.unwrap();
            let took = started.elapsed();
            assert!(found.contains_key(file));
            took
        })
        .collect()
}

fn report(what: &str, root: &Path, file: &Path, times: &[Duration]) {
    let mut sorted = times.to_vec();
    sorted.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{what} {}: median {:.1} ms, max {:.1} ms over {} edits",
        file.strip_prefix(root).unwrap_or(file).display(),
        ms(sorted[sorted.len() / 2]),
        ms(sorted[sorted.len() - 1]),
        sorted.len(),
    );
}
