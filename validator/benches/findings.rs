//! Validation time against the number of findings in one file: the
//! fixture pack's scenario with its first setup entry repeated N and then
//! 2N times (every repeat is a duplicated placement, one finding each, all
//! stacked in one hex). 10,000 such entries used to take 6.8 s and 30,000
//! over a minute, because each finding's location re-read the list up to
//! its entry and the stacking check compared every unit of the hex with
//! every other.
//!
//! Prints the best of 3 for N and 2N, the findings and the ratio, and
//! exits with status 1 when 2N takes more than 2.5 times N. Run:
//! `cargo bench -p berthier-validator --bench findings` (N = 10,000, or
//! `BERTHIER_BENCH_FINDINGS`).
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::Path;
use std::time::{Duration, Instant};

/// The allocator `berthier-validate` uses.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The entry repeated, as it stands in the fixture scenario.
const ENTRY: &str =
    "                (unit: \"b1\", hex: \"0202\", facing: 0),\n";

/// Largest accepted time ratio for twice the entries.
const MAX_RATIO: f64 = 2.5;

fn main() {
    let n: usize = std::env::var("BERTHIER_BENCH_FINDINGS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
        .max(100);
    let (time_n, found_n) = measure(n);
    let (time_2n, found_2n) = measure(2 * n);
    let ratio = time_2n.as_secs_f64() / time_n.as_secs_f64();
    println!("{n} entries: {found_n} findings in {time_n:.2?}");
    println!("{} entries: {found_2n} findings in {time_2n:.2?}", 2 * n);
    println!("ratio {ratio:.2} (2.00 is linear, at most {MAX_RATIO})");
    if ratio > MAX_RATIO {
        eprintln!("validation time grows faster than the findings");
        std::process::exit(1);
    }
}

/// Best of 3 validations of the pack with `entries` repeated entries, and
/// the number of findings.
fn measure(entries: usize) -> (Duration, usize) {
    let dir = tempfile::tempdir().expect("tempdir");
    write_pack(dir.path(), entries);
    let paths = [dir.path().to_path_buf()];
    let mut best = Duration::MAX;
    let mut findings = 0;
    for _ in 0..3 {
        let start = Instant::now();
        let report = berthier_validator::validate(&paths).expect("validate");
        best = best.min(start.elapsed());
        findings = report.diagnostics.len();
    }
    assert!(findings >= entries - 1, "{findings} findings for {entries}");
    (best, findings)
}

fn write_pack(dir: &Path, entries: usize) {
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pack");
    for entry in std::fs::read_dir(&fixture).expect("fixture pack") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("read");
        let name = path.file_name().expect("name");
        let text = if name == "mini.scenario.ron" {
            assert!(text.contains(ENTRY), "the fixture's first entry moved");
            text.replacen(ENTRY, &ENTRY.repeat(entries), 1)
        } else {
            text
        };
        std::fs::write(dir.join(name), text).expect("write");
    }
}
