//! The synthetic pack of the validator's `pack` benchmark, also used by
//! the editor's live findings benchmark (`editor/benches/live.rs`):
//! one series, four 10,000-hex maps (125 × 80, every hex painted), one
//! counters file of 300 units in 30 formations, and scenarios each setting
//! up 280 units legally, the last formation of each side arriving.
#![allow(dead_code)]

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Map width in hexes.
pub const COLS: u16 = 125;
/// Map height in hexes.
pub const ROWS: u16 = 80;
/// Maps in the pack.
pub const MAPS: usize = 4;
const FORMATIONS: usize = 15;
const PER_FORMATION: usize = 10;
const SIDES: [&str; 2] = ["blue", "red"];

/// Writes the pack; returns its files.
pub fn generate(dir: &Path, scenarios: usize) -> Vec<PathBuf> {
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

/// Writes the pack with a few mistakes seeded, so runs on it have findings
/// to compare: a unit on a lake (TER001), a unit twice (pass 2), an unknown
/// unit, a syntax error, a missing map, an unused map and an unused
/// counters copy (documents no scenario needs), every `every`-th scenario.
pub fn generate_with_findings(dir: &Path, scenarios: usize) -> Vec<PathBuf> {
    let files = generate(dir, scenarios);
    let edit = |i: usize, from: &str, to: &str| {
        let path = dir.join(format!("s{i:04}.scenario.ron"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            return;
        };
        assert!(text.contains(from), "s{i:04} has no {from:?}");
        std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
    };
    for i in (0..scenarios).step_by(7) {
        match (i / 7) % 5 {
            0 => {
                edit(i, &format!("hex: \"{}05\"", 20 + i % 2), "hex: \"6262\"")
            }
            1 => edit(i, "(unit: \"red-00-1\"", "(unit: \"red-00-0\""),
            2 => edit(i, "(unit: \"blue-01-3\"", "(unit: \"blue-77-3\""),
            3 => edit(i, "victory: [", "victory: [[("),
            _ => edit(i, ".map.ron\", counters", "x.map.ron\", counters"),
        }
    }
    std::fs::write(dir.join("spare.map.ron"), map(9)).expect("write");
    let counters = counters().replace("id: \"bench\"", "id: \"spare\"");
    std::fs::write(dir.join("spare.counters.ron"), counters).expect("write");
    files
}
