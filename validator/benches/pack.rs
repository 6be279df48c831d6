//! Validation throughput on a synthetic pack: one series, four
//! 10,000-hex maps (125 × 80, every hex painted), one counters file of 300
//! units in 30 formations, and N scenarios (default 1,000; set
//! `BERTHIER_BENCH_SCENARIOS` for a quick run), each setting up 280 units
//! legally and bringing the last formation of each side in as
//! reinforcements.
//!
//! Prints, best of 3 each:
//! - **bare parse**: read every file and parse it into the model's typed
//!   document (`berthier_schema::parse::<Map>` and so on, RON, the type
//!   known from the file name), files in parallel with rayon as the
//!   validator does; no schema, no references, no rules;
//! - **full validation**: `berthier_validator::validate` on the pack folder
//!   (walk, JSON Schema, references, the setup and entry rules);
//! - files per second for both, the ratio full / parse, and the same at
//!   N/2 scenarios to show the time is linear in the pack size.
//!
//! Run: `cargo bench -p berthier-validator --bench pack`. With
//! `BERTHIER_BENCH_WRITE=<folder>` it only writes the pack there (to
//! profile `berthier-validate <folder>`).
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(clippy::print_stdout)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use berthier_schema::{Counters, Format, Map, Scenario, Series, parse};
use rayon::prelude::*;

/// The allocator `berthier-validate` uses, so both measurements run on it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const COLS: u16 = 125;
const ROWS: u16 = 80;
const MAPS: usize = 4;
const FORMATIONS: usize = 15;
const PER_FORMATION: usize = 10;
const SIDES: [&str; 2] = ["blue", "red"];

fn main() {
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
    let full = measure(n);
    let half = measure(n / 2);
    println!(
        "linearity: {} scenarios take {:.2}x the time of {} (parse), \
         {:.2}x (full validation); 2.00x is linear",
        n,
        full.parse.as_secs_f64() / half.parse.as_secs_f64(),
        n / 2,
        full.full.as_secs_f64() / half.full.as_secs_f64(),
    );
}

/// Best-of-3 times for one pack size.
struct Times {
    parse: Duration,
    full: Duration,
}

fn measure(scenarios: usize) -> Times {
    let dir = tempfile::tempdir().expect("temporary folder");
    let files = generate(dir.path(), scenarios);
    let parse = best_of_3(|| bare_parse(&files));
    let report = berthier_validator::validate(&[dir.path().to_path_buf()])
        .expect("validate");
    let findings = report.diagnostics.len();
    let full = best_of_3(|| {
        berthier_validator::validate(&[dir.path().to_path_buf()])
            .expect("validate");
    });
    let rate = |d: Duration| files.len() as f64 / d.as_secs_f64();
    println!(
        "{scenarios} scenarios, {} files, {findings} findings: bare parse \
         {:.3} s ({:.0} files/s), full validation {:.3} s ({:.0} files/s), \
         full/parse {:.2}",
        files.len(),
        parse.as_secs_f64(),
        rate(parse),
        full.as_secs_f64(),
        rate(full),
        full.as_secs_f64() / parse.as_secs_f64(),
    );
    if findings > 0 {
        for d in report.diagnostics.iter().take(5) {
            println!("  finding: {} {}", d.code, d.message);
        }
    }
    Times { parse, full }
}

fn best_of_3(mut run: impl FnMut()) -> Duration {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
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

/// Writes the pack; returns its files.
fn generate(dir: &Path, scenarios: usize) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut write = |name: String, text: String| {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("write");
        files.push(path);
    };
    write("bench.series.ron".into(), SERIES.into());
    for m in 0..MAPS {
        write(format!("map{m}.map.ron"), map(m));
    }
    write("bench.counters.ron".into(), counters());
    for s in 0..scenarios {
        write(format!("s{s:04}.scenario.ron"), scenario(s));
    }
    files
}

const SERIES: &str = r#"(kind: series, format_version: 1, id: "bench", name: "Bench",
    ratings: [(id: "strength", name: "Strength"), (id: "movement", name: "Movement")],
    unit_classes: [
        (id: "infantry", name: "Infantry", arm: "infantry", ratings: {"good_order": ["strength", "movement"]}),
        (id: "cavalry", name: "Cavalry", arm: "cavalry", ratings: {"good_order": ["strength", "movement"]}),
        (id: "artillery", name: "Artillery", arm: "artillery", ratings: {"good_order": ["strength", "movement"]}),
    ],
    states: [(id: "good_order", name: "Good order", default: true), (id: "disordered", name: "Disordered")],
    formations: [(id: "line", name: "Line", classes: ["infantry"], facing: vertex)],
    terrain: [
        (id: "clear", name: "Clear", movement: {"infantry": Mp(1), "cavalry": Mp(1), "artillery": Mp(1)}),
        (id: "woods", name: "Woods", movement: {"infantry": Mp(2), "cavalry": Mp(3), "artillery": Mp(3)}),
        (id: "lake", name: "Lake", impassable: true),
    ],
    road_types: [(id: "road", name: "Road", movement: {"infantry": Mp(1), "cavalry": Mp(1), "artillery": Mp(1)})],
    stacking: (allowed: [
        (name: "two of one type and formation", groups: [(classes: ["infantry"], max: 2, same_formation: true)]),
        (name: "artillery with infantry", groups: [(classes: ["artillery"], max: 1), (classes: ["infantry"], min: 1, max: 2)]),
    ]),
    entry: (column_cost: multiply_per_stack, forced_march_factor: 2, delay: next_activation, keep_out_radius: 1),
    facing: (stacked_share_facing: true, exempt_classes: ["artillery"]),
)"#;

fn hex(col: u16, row: u16) -> String {
    format!("{col:02}{row:02}")
}

/// A 125 × 80 map, every hex painted; a road along row 40 with an entry
/// at each end; a lake off the setup areas.
fn map(m: usize) -> String {
    let mut text = format!(
        "(kind: map, format_version: 1, id: \"map{m}\", name: \"Map {m}\",\n\
         series: \"bench.series.ron\",\n\
         grid: (shift: odd, origin_hex: \"0101\", origin_px: (40.0, 40.0), \
         hex_radius_px: 30.0),\n\
         extent: [(cols: (1, {COLS}), rows: (1, {ROWS}))],\n    hexes: {{\n"
    );
    for col in 1..=COLS {
        for row in 1..=ROWS {
            let terrain = if (60..65).contains(&col) && (60..65).contains(&row)
            {
                "lake"
            } else if (usize::from(col) * 7 + usize::from(row) * 3 + m)
                .is_multiple_of(11)
            {
                "woods"
            } else {
                "clear"
            };
            let _ = writeln!(
                text,
                "        \"{}\": (terrain: \"{terrain}\"),",
                hex(col, row)
            );
        }
    }
    let road: Vec<String> =
        (1..=COLS).map(|c| format!("\"{}\"", hex(c, 40))).collect();
    let _ = write!(
        text,
        "    }},\n    roads: [(id: \"main\", class: \"road\", hexes: [{}])],\n\
         places: [(id: \"town\", name: \"Town\", hexes: [\"{}\"])],\n\
         edges: [(id: \"west\", side: west), (id: \"east\", side: east)],\n\
         entry_points: [\n\
         (id: \"blue-entry\", name: \"West road\", hexes: [\"{}\"], road: \"main\"),\n\
         (id: \"red-entry\", name: \"East road\", hexes: [\"{}\"], road: \"main\"),\n\
         ],\n)\n",
        road.join(", "),
        hex(62, 20),
        hex(1, 40),
        hex(COLS, 40),
    );
    text
}

fn unit_id(side: usize, formation: usize, u: usize) -> String {
    format!("{}-{formation:02}-{u}", SIDES[side])
}

/// Infantry, with one cavalry and one artillery unit per formation.
fn class_of(u: usize) -> &'static str {
    match u {
        8 => "cavalry",
        9 => "artillery",
        _ => "infantry",
    }
}

fn counters() -> String {
    let mut formations = String::new();
    let mut units = String::new();
    for (s, side) in SIDES.iter().enumerate() {
        for f in 0..FORMATIONS {
            let _ = writeln!(
                formations,
                "        (id: \"{side}-{f:02}\", name: \"{side} {f}\", side: \
                 \"{side}\", level: \"brigade\", activation_markers: \
                 [(id: \"{side}-{f:02}-a\"), (id: \"{side}-{f:02}-b\")]),"
            );
            for u in 0..PER_FORMATION {
                let _ = writeln!(
                    units,
                    "        (id: \"{}\", name: \"{side} {f} {u}\", side: \
                     \"{side}\", class: \"{}\", formation: \"{side}-{f:02}\", \
                     ratings: {{\"good_order\": {{\"strength\": 4, \
                     \"movement\": 5}}}}),",
                    unit_id(s, f, u),
                    class_of(u)
                );
            }
        }
    }
    format!(
        "(kind: counters, format_version: 1, id: \"bench\", name: \"Bench\",\n\
         series: \"bench.series.ron\",\n\
         sides: [(id: \"blue\", name: \"Blue\"), (id: \"red\", name: \"Red\")],\n\
         formations: [\n{formations}    ],\n    units: [\n{units}    ],\n)\n"
    )
}

/// Where unit `u` of formation `f` of `side` sets up: blue in columns
/// 20-49, red in 75-104, two hexes apart, clear of the entries and the
/// lake.
fn position(side: usize, f: usize, u: usize, shift: usize) -> (u16, u16) {
    let base = if side == 0 { 20 } else { 75 };
    let c0 = base + (f % 3) * 10 + shift % 2;
    let r0 = 5 + (f / 3) * 14;
    let col = c0 + (u % 5) * 2;
    let row = r0 + (u / 5) * 2;
    (col as u16, row as u16)
}

fn side_text(s: usize, i: usize) -> String {
    let side = SIDES[s];
    let (mut instructions, mut setup, mut markers) =
        (String::new(), String::new(), Vec::new());
    for f in 0..FORMATIONS - 1 {
        let (c, r) = position(s, f, 2, i);
        let _ = writeln!(
            instructions,
            "            (units: (formations: [\"{side}-{f:02}\"]), \
             placement: Within(of: Hex(\"{}\"), hexes: 6)),",
            hex(c, r + 1)
        );
        markers.push(format!("\"{side}-{f:02}\""));
        for u in 0..PER_FORMATION {
            let (col, row) = position(s, f, u, i);
            let _ = writeln!(
                setup,
                "            (unit: \"{}\", hex: \"{}\", facing: {}),",
                unit_id(s, f, u),
                hex(col, row),
                s * 3
            );
        }
    }
    let last = FORMATIONS - 1;
    let arriving: Vec<String> = (0..PER_FORMATION)
        .map(|u| format!("\"{}\"", unit_id(s, last, u)))
        .collect();
    format!(
        "        (side: \"{side}\",\n         instructions: [\n{instructions}\
         ],\n         setup: [\n{setup}         ],\n\
         reinforcements: [(at: Turn({}), formation: \"{side}-{last:02}\", \
         units: (units: [{}]), entry: Entry(\"{side}-entry\"))],\n\
         markers_at_start: [{}]),\n",
        2 + (i + s) % 5,
        arriving.join(", "),
        markers.join(", ")
    )
}

fn scenario(i: usize) -> String {
    format!(
        "(kind: scenario, format_version: 1, id: \"s{i}\", name: \"Scenario {i}\",\n\
         series: \"bench.series.ron\", map: \"map{}.map.ron\", counters: \
         \"bench.counters.ron\",\n\
         turns: (first: \"08:00\", minutes_per_turn: 60, count: 10),\n\
         sides: [\n{}{}    ],\n\
         victory: [(side: \"blue\", condition: Objective(at: Place(\"town\"), \
         points: 5))],\n)\n",
        i % MAPS,
        side_text(0, i),
        side_text(1, i),
    )
}
