//! Validation throughput on a synthetic pack: one series, four
//! 10,000-hex maps (125 × 80, every hex painted), one counters file of 300
//! units in 30 formations, and N scenarios (default 1,000; set
//! `BERTHIER_BENCH_SCENARIOS` for a quick run), each setting up 280 units
//! legally and bringing the last formation of each side in as
//! reinforcements.
//!
//! Prints, best of 9 each (the sizes measured in turn, round after round,
//! so that a busy minute on the machine falls on every size alike):
//! - **bare parse**: read every file and parse it into the model's typed
//!   document (`berthier_schema::parse::<Map>` and so on, RON, the type
//!   known from the file name), files in parallel with rayon as the
//!   validator does; no schema, no references, no rules;
//! - **full validation**: `berthier_validator::validate` on the pack folder
//!   (walk, JSON Schema, references, the setup and entry rules);
//! - files per second for both, the ratio full / parse, and the peak
//!   memory of the full validation (the process's resident high-water
//!   mark, reset before it through `/proc/self/clear_refs`);
//! - the same at N/2 and 2N scenarios, and at 10N (10,000 by default,
//!   `BERTHIER_BENCH_LARGE` to change it; `0` skips it), to show time and
//!   memory are linear in the pack size (2x the scenarios within 2.1x the
//!   time).
//!
//! Run: `cargo bench -p berthier-validator --bench pack`. With
//! `BERTHIER_BENCH_WRITE=<folder>` it only writes the pack there (to
//! profile `berthier-validate <folder>`).
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(clippy::print_stdout)]

use std::path::PathBuf;
use std::time::{Duration, Instant};

use berthier_schema::{Counters, Format, Map, Scenario, Series, parse};
use rayon::prelude::*;

/// The allocator `berthier-validate` uses, so both measurements run on it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[path = "synthetic/mod.rs"]
mod synthetic;
use synthetic::{COLS, MAPS, ROWS, generate};
#[path = "peak/mod.rs"]
mod peak;
use peak::{peak_kb, reset_peak};

fn main() {
    berthier_validator::memory::no_huge_pages();
    let n: usize = std::env::var("BERTHIER_BENCH_SCENARIOS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000)
        .max(2);
    if let Some(dir) = std::env::var_os("BERTHIER_BENCH_WRITE") {
        // Write the pack there and stop, to profile the validator on it.
        let dir = PathBuf::from(dir);
        std::fs::create_dir_all(&dir).expect("folder");
        let files = generate(&dir, n);
        println!("wrote {} files to {}", files.len(), dir.display());
        return;
    }
    println!(
        "synthetic pack: 1 series, {MAPS} maps of {} hexes, 300 units",
        usize::from(COLS) * usize::from(ROWS)
    );
    let large: usize = std::env::var("BERTHIER_BENCH_LARGE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10 * n);
    let mut sizes = vec![n / 2, n, 2 * n];
    if large > 0 {
        sizes.push(large);
    }
    let packs: Vec<Pack> = sizes.into_iter().map(Pack::new).collect();
    let times = measure_in_turn(&packs);
    for (pack, times) in packs.iter().zip(&times) {
        print_times(pack, times);
    }
    linearity(&times[0], &times[1]);
    linearity(&times[1], &times[2]);
    if let Some(big) = times.get(3) {
        linearity(&times[1], big);
    }
}

/// Rounds of measurement: each round times every size once, parse then
/// full validation, and each size keeps its best time.
const ROUNDS: usize = 9;

fn measure_in_turn(packs: &[Pack]) -> Vec<Times> {
    let mut times: Vec<Times> = packs
        .iter()
        .map(|pack| Times {
            scenarios: pack.scenarios,
            parse: Duration::MAX,
            full: Duration::MAX,
            peak_kb: pack.peak_kb,
        })
        .collect();
    for _ in 0..ROUNDS {
        for (pack, best) in packs.iter().zip(&mut times) {
            best.parse = best.parse.min(timed(|| bare_parse(&pack.files)));
            best.full = best.full.min(timed(|| {
                berthier_validator::validate(&[pack.dir.path().to_path_buf()])
                    .expect("validate");
            }));
        }
    }
    times
}

fn linearity(small: &Times, large: &Times) {
    let ratio = |a: Duration, b: Duration| b.as_secs_f64() / a.as_secs_f64();
    println!(
        "linearity: {} scenarios ({:.1}x) take {:.2}x the time of {} for the \
         parse, {:.2}x for full validation; peak memory {:.2}x",
        large.scenarios,
        large.scenarios as f64 / small.scenarios as f64,
        ratio(small.parse, large.parse),
        small.scenarios,
        ratio(small.full, large.full),
        large.peak_kb as f64 / small.peak_kb.max(1) as f64,
    );
}

/// Best times for one pack size, and the peak memory of a full
/// validation.
struct Times {
    scenarios: usize,
    parse: Duration,
    full: Duration,
    peak_kb: u64,
}

/// One generated pack, with its findings and the peak memory of a first
/// full validation (which also compiles the schemas before any timing).
struct Pack {
    scenarios: usize,
    dir: tempfile::TempDir,
    files: Vec<PathBuf>,
    findings: Vec<(String, String)>,
    peak_kb: u64,
}

impl Pack {
    fn new(scenarios: usize) -> Pack {
        let dir = tempfile::tempdir().expect("temporary folder");
        let files = generate(dir.path(), scenarios);
        reset_peak();
        let report = berthier_validator::validate(&[dir.path().to_path_buf()])
            .expect("validate");
        let peak_kb = peak_kb();
        let findings = report
            .diagnostics
            .iter()
            .map(|d| (d.code.to_string(), d.message.clone()))
            .collect();
        Pack {
            scenarios,
            dir,
            files,
            findings,
            peak_kb,
        }
    }
}

fn print_times(pack: &Pack, times: &Times) {
    let rate = |d: Duration| pack.files.len() as f64 / d.as_secs_f64();
    println!(
        "{} scenarios, {} files, {} findings: bare parse \
         {:.3} s ({:.0} files/s), full validation {:.3} s ({:.0} files/s), \
         full/parse {:.2}, peak memory {:.1} MB",
        pack.scenarios,
        pack.files.len(),
        pack.findings.len(),
        times.parse.as_secs_f64(),
        rate(times.parse),
        times.full.as_secs_f64(),
        rate(times.full),
        times.full.as_secs_f64() / times.parse.as_secs_f64(),
        times.peak_kb as f64 / 1024.0,
    );
    for (code, message) in pack.findings.iter().take(5) {
        println!("  finding: {code} {message}");
    }
}

fn timed(run: impl FnOnce()) -> Duration {
    let start = Instant::now();
    run();
    start.elapsed()
}

/// Reads and parses every file into its typed document, the type known
/// from the file name.
fn bare_parse(files: &[PathBuf]) {
    let parsed = files
        .par_iter()
        .filter(|path| {
            let text = std::fs::read_to_string(path).expect("read");
            let name = path.to_string_lossy();
            if name.ends_with(".series.ron") {
                parse::<Series>(&text, Format::Ron).is_ok()
            } else if name.ends_with(".map.ron") {
                parse::<Map>(&text, Format::Ron).is_ok()
            } else if name.ends_with(".counters.ron") {
                parse::<Counters>(&text, Format::Ron).is_ok()
            } else {
                parse::<Scenario>(&text, Format::Ron).is_ok()
            }
        })
        .count();
    assert_eq!(parsed, files.len(), "every generated file parses");
}
