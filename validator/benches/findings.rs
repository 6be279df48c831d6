//! Validation time against the number of findings in one file: the
//! fixture pack's scenario with its first setup entry repeated N times
//! (every repeat is a duplicated placement, one finding each, all
//! stacked in one hex). 10,000 such entries used to take 6.8 s and 30,000
//! over a minute, because each finding's location re-read the list up to
//! its entry and the stacking check compared every unit of the hex with
//! every other.
//!
//! Prints, for 1,000, 10,000, 100,000 and 1,000,000 entries (or the
//! comma-separated list in `BERTHIER_BENCH_FINDINGS`), the best of 3 runs
//! at every size (a ratio compares like with like: one cold run of
//! 1,000,000 against the best of 3 at 100,000 read 1.5x superlinear where
//! the command line's CPU time grows 10x), the findings, the peak memory
//! (first run), and the time ratio to the previous size against the size
//! ratio; exits with status 1 when a step's time grows more than 1.25
//! times faster than the entries (10x the entries in over 12.5x the
//! time). Run:
//! `cargo bench -p berthier-validator --bench findings`.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::Path;
use std::time::{Duration, Instant};

#[path = "peak/mod.rs"]
mod peak;
use peak::{peak_kb, reset_peak};

/// The allocator `berthier-validate` uses.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The entry repeated, as it stands in the fixture scenario.
const ENTRY: &str =
    "                (unit: \"b1\", hex: \"0202\", facing: 0),\n";

/// Largest accepted (time ratio) / (entries ratio) between two sizes.
const MAX_EXCESS: f64 = 1.25;

/// Runs per size, the best kept.
const RUNS: usize = 3;

fn main() {
    berthier_validator::memory::no_huge_pages();
    let sizes: Vec<usize> = std::env::var("BERTHIER_BENCH_FINDINGS")
        .ok()
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![1_000, 10_000, 100_000, 1_000_000]);
    let mut previous: Option<(usize, Duration)> = None;
    let mut failed = false;
    for entries in sizes.into_iter().map(|n| n.max(100)) {
        let (time, found, peak_kb) = measure(entries);
        print!(
            "{entries} entries: {found} findings in {time:.2?}, peak memory \
             {:.0} MB",
            peak_kb as f64 / 1024.0
        );
        if let Some((n, before)) = previous {
            let size = entries as f64 / n as f64;
            let ratio = time.as_secs_f64() / before.as_secs_f64();
            print!(
                "; {size:.0}x the entries take {ratio:.2}x the time \
                 ({:.2} of linear)",
                ratio / size
            );
            failed |= ratio > size * MAX_EXCESS;
        }
        println!();
        previous = Some((entries, time));
    }
    if failed {
        eprintln!(
            "validation time grows faster than the findings (over \
             {MAX_EXCESS}x linear)"
        );
        std::process::exit(1);
    }
}

/// Best of [`RUNS`] validations of the pack with `entries` repeated
/// entries, the number of findings and the peak
/// memory of the first run, in kB.
fn measure(entries: usize) -> (Duration, usize, u64) {
    let dir = tempfile::tempdir().expect("tempdir");
    write_pack(dir.path(), entries);
    let paths = [dir.path().to_path_buf()];
    let mut best = Duration::MAX;
    let mut findings = 0;
    let mut peak = 0;
    for run in 0..RUNS {
        if run == 0 {
            reset_peak();
        }
        let start = Instant::now();
        let report = berthier_validator::validate(&paths).expect("validate");
        best = best.min(start.elapsed());
        findings = report.diagnostics.len();
        drop(report);
        if run == 0 {
            peak = peak_kb();
        }
    }
    assert!(findings >= entries - 1, "{findings} findings for {entries}");
    (best, findings, peak)
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
