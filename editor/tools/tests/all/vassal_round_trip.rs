//! `export-vassal` then `import-vassal` on Rivoli (the
//! round trip reproduces its grid, numbering, counters and historical
//! setup), and the export's errors.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use berthier_schema::document::{Format, parse};
use berthier_schema::scenario::Scenario;
use berthier_schema::{Counters, HexId, Map};
use berthier_tools::vassal::export::battle::{VmodError, export};
use berthier_tools::vassal::import::import;

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

/// Parses the RON file at a path as the type asked for.
macro_rules! read {
    ($path:expr $(,)?) => {{
        let path: &Path = $path;
        parse(&std::fs::read_to_string(path).unwrap(), Format::Ron)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }};
}

/// Unit id to hex, over every side's setup.
fn setup(s: &Scenario) -> BTreeMap<String, HexId> {
    s.sides
        .iter()
        .flat_map(|side| &side.setup)
        .map(|p| (p.unit.clone(), p.hex))
        .collect()
}

#[test]
fn rivoli_round_trips_through_a_vassal_module() {
    let tmp = tempfile::tempdir().unwrap();
    let vmod = tmp.path().join("rivoli.vmod");
    let scenario_path = repo("scenarios/rivoli-1797/historical.scenario.ron");
    let report = export(&scenario_path, &vmod).unwrap();
    assert!(
        report.scan.is_none(),
        "Rivoli has no scan: the map is drawn"
    );
    let out = tmp.path().join("back");
    let back = import(&vmod, &out).unwrap();
    assert_eq!(back.maps.len(), 1);
    assert!(
        back.maps[0].names.is_none(),
        "VASSAL prints Berthier's CCRR"
    );

    // Grid and numbering: every hex at its place on the board, which is
    // the drawn map shifted by the paper margin.
    let map: Map = read!(&repo("maps/rivoli-1797/rivoli-1797.map.ron"));
    let got: Map = read!(&back.maps[0].map);
    assert!(got.numbering.is_none());
    assert_eq!(got.grid.orientation, map.grid.orientation);
    assert_eq!(got.grid.shift, map.grid.shift);
    assert!((got.grid.hex_radius_px - map.grid.hex_radius_px).abs() < 1e-9);
    assert!((got.grid.aspect - map.grid.aspect).abs() < 1e-9);
    let mut hexes = 0;
    for h in map.extent.iter().flat_map(|e| e.hexes()) {
        assert!(got.extent.iter().any(|e| e.contains(h)), "{h} lost");
        let (a, b) = (map.grid.center_px(h), got.grid.center_px(h));
        for i in 0..2 {
            let d = b[i] - (a[i] + report.offset_px[i]);
            assert!(d.abs() < 0.5, "{h}: {a:?} + offset, back at {b:?}");
        }
        hexes += 1;
    }
    assert_eq!(hexes, 35 * 22);
    // A module has no extent: the board's margin adds only the ring of
    // part hexes around the map (columns 0 and 36, rows 0 and 23).
    for e in &got.extent {
        for h in e.hexes() {
            let inside = map.extent.iter().any(|m| m.contains(h));
            let ring = matches!(h.col, 0 | 36) || matches!(h.row, 0 | 23);
            assert!(inside || ring, "{h} imported beyond the ring");
        }
    }

    // Counters: the same ids, names, sides, nationalities, formations and
    // classes, and both faces of each.
    let counters: Counters =
        read!(&repo("counters/rivoli-1797/rivoli-1797.counters.ron"));
    let got_counters: Counters = read!(back.counters.as_ref().unwrap());
    assert_eq!(got_counters.units.len(), counters.units.len());
    assert_eq!(back.units, 59);
    for u in &counters.units {
        let g = got_counters
            .unit(&u.id)
            .unwrap_or_else(|| panic!("counter {} lost", u.id));
        assert_eq!(
            (&g.name, &g.side, &g.nationality, &g.formation, &g.class),
            (&u.name, &u.side, &u.nationality, &u.formation, &u.class),
            "{}",
            u.id
        );
    }
    let images: BTreeMap<String, BTreeMap<String, String>> =
        read!(&out.join(format!("{}.vassal-images.ron", got_counters.id)),);
    for u in &counters.units {
        let faces = &images[&u.id];
        assert_eq!(faces.keys().collect::<Vec<_>>(), ["back", "front"]);
        for file in faces.values() {
            assert!(out.join(file).is_file(), "{file}");
        }
    }

    // The historical setup: every unit on its hex, on its side.
    let original: Scenario = read!(&scenario_path);
    assert_eq!(back.scenarios.len(), 1);
    let got_scenario: Scenario = read!(&back.scenarios[0]);
    assert_eq!(setup(&got_scenario), setup(&original));
    assert_eq!(setup(&original).len(), report.placed);
    for side in &got_scenario.sides {
        for p in &side.setup {
            assert_eq!(counters.unit(&p.unit).unwrap().side, side.side);
        }
    }
}

#[test]
fn a_map_alone_exports_its_board_and_grid() {
    let tmp = tempfile::tempdir().unwrap();
    let vmod = tmp.path().join("map.vmod");
    // A folder holding one map and no scenario is a battle too.
    let alone = tmp.path().join("alone");
    std::fs::create_dir(&alone).unwrap();
    std::fs::copy(
        repo("maps/rivoli-1797/rivoli-1797.map.ron"),
        alone.join("rivoli-1797.map.ron"),
    )
    .unwrap();
    let report = export(&alone, &vmod).unwrap();
    assert_eq!((report.counters, report.stacks), (0, 0));
    assert!(report.setups.is_empty());
    let back = import(&vmod, &tmp.path().join("back")).unwrap();
    assert_eq!(back.maps.len(), 1);
    assert!(back.counters.is_none());
    assert!(back.scenarios.is_empty());
}

/// Unit id to (side, hex, stack position), over every side's setup.
fn placed(s: &Scenario) -> BTreeMap<String, (String, HexId, Option<u8>)> {
    s.sides
        .iter()
        .flat_map(|side| side.setup.iter().map(move |p| (side, p)))
        .map(|(side, p)| (p.unit.clone(), (side.side.clone(), p.hex, p.stack)))
        .collect()
}

#[test]
fn rivoli_map_exports_each_scenario_as_a_predefined_setup() {
    let tmp = tempfile::tempdir().unwrap();
    let vmod = tmp.path().join("rivoli.vmod");
    // The map's folder: its scenarios are found in scenarios/rivoli-1797.
    let report = export(&repo("maps/rivoli-1797"), &vmod).unwrap();
    let dir = repo("scenarios/rivoli-1797");
    let mut originals: Vec<Scenario> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".scenario.ron"))
        .map(|p| berthier_schema::pack::load_scenario(&p).unwrap().scenario)
        .collect();
    originals.sort_by(|a, b| a.name.cmp(&b.name));
    assert_eq!(originals.len(), 3);
    let mut names = report.setups.clone();
    names.sort();
    let want: Vec<&String> = originals.iter().map(|s| &s.name).collect();
    assert_eq!(names.iter().collect::<Vec<_>>(), want);
    assert!(report.stacks > 0 && report.counters == 59, "{report:?}");

    // Each setup is a saved game in VASSAL's obfuscated form.
    let mut zip =
        zip::ZipArchive::new(std::fs::File::open(&vmod).unwrap()).unwrap();
    let vsav = "rivoli-1797-historical.vsav";
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut zip.by_name(vsav).unwrap(), &mut bytes)
        .unwrap();
    let mut inner = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut head = [0u8; 5];
    std::io::Read::read_exact(
        &mut inner.by_name("savedGame").unwrap(),
        &mut head,
    )
    .unwrap();
    assert_eq!(&head, b"!VCSK");
    let mut build = String::new();
    std::io::Read::read_to_string(
        &mut zip.by_name("buildFile.xml").unwrap(),
        &mut build,
    )
    .unwrap();
    assert!(build.contains(&format!("file=\"{vsav}\"")), "{build}");
    assert!(!build.contains("SetupStack"), "setups, not at-start stacks");

    // Imported back: one scenario per setup, every unit on its hex, on
    // its side, at its place in the stack.
    let out = tmp.path().join("back");
    let back = import(&vmod, &out).unwrap();
    assert_eq!(back.scenarios.len(), 3, "{:?}", back.notes);
    for original in &originals {
        let path = back
            .scenarios
            .iter()
            .find(|p| {
                let s: Scenario = read!(p);
                s.name == original.name
            })
            .unwrap_or_else(|| panic!("{} not imported", original.name));
        let got: Scenario = read!(path);
        let (want, got) = (placed(original), placed(&got));
        assert!(!want.is_empty(), "{}", original.name);
        assert_eq!(got.len(), want.len(), "{}", original.name);
        for (unit, (side, hex, _)) in &want {
            let g = &got[unit];
            assert_eq!((&g.0, g.1), (side, *hex), "{}: {unit}", original.name);
        }
        // Order within each hex the scenario numbers: the same units top
        // to bottom.
        let mut by_hex: BTreeMap<HexId, Vec<&String>> = BTreeMap::new();
        for (u, (_, h, _)) in &want {
            by_hex.entry(*h).or_default().push(u);
        }
        for units in by_hex.values().filter(|u| u.len() > 1) {
            if units.iter().any(|u| want[*u].2.is_none()) {
                continue;
            }
            let top_down =
                |m: &BTreeMap<String, (String, HexId, Option<u8>)>| {
                    let mut v: Vec<_> =
                        units.iter().map(|u| (m[*u].2, (*u).clone())).collect();
                    v.sort();
                    v.into_iter().map(|(_, u)| u).collect::<Vec<_>>()
                };
            assert_eq!(top_down(&got), top_down(&want), "{}", original.name);
        }
    }
}

#[test]
fn bad_battles_get_clear_errors_and_nothing_written() {
    let tmp = tempfile::tempdir().unwrap();
    let vmod = tmp.path().join("bad.vmod");
    let counters = repo("counters/rivoli-1797/rivoli-1797.counters.ron");
    let e = export(&counters, &vmod).unwrap_err().to_string();
    assert!(e.contains("rivoli-1797.counters.ron"), "{e}");
    assert!(e.contains("not a counters file"), "{e}");
    let e = export(tmp.path(), &vmod).unwrap_err().to_string();
    assert!(e.contains("no *.map.ron"), "{e}");
    // A rotated grid has no VASSAL equivalent.
    let mut text =
        std::fs::read_to_string(repo("maps/rivoli-1797/rivoli-1797.map.ron"))
            .unwrap();
    text = text.replace(
        "hex_radius_px: 40.0,",
        "hex_radius_px: 40.0, rotation_deg: 2.0,",
    );
    let rotated = tmp.path().join("rotated.map.ron");
    std::fs::write(&rotated, text).unwrap();
    let e = export(&rotated, &vmod).unwrap_err();
    assert!(matches!(e, VmodError::Grid { .. }), "{e}");
    assert!(e.to_string().contains("rotated"), "{e}");
    assert!(!vmod.exists());
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 1);
}

/// Known ratings of a unit, face by face (unknown ones left out).
fn known(
    u: &berthier_schema::counters::Unit,
) -> BTreeMap<String, BTreeMap<String, i16>> {
    u.ratings
        .iter()
        .map(|(face, r)| {
            let values = r
                .iter()
                .filter_map(|(k, v)| Some((k.clone(), (*v)?)))
                .collect::<BTreeMap<_, _>>();
            (face.clone(), values)
        })
        .filter(|(_, r)| !r.is_empty())
        .collect()
}

#[test]
fn ratings_and_sides_round_trip_by_their_printed_names() {
    let tmp = tempfile::tempdir().unwrap();
    let vmod = tmp.path().join("ashcombe.vmod");
    // A battle whose counters carry ratings, named unlike their ids
    // ("Movement allowance" is `movement`).
    let scenario = repo("scenarios/ashcombe-1812/ashcombe.scenario.ron");
    export(&scenario, &vmod).unwrap();
    let mut zip =
        zip::ZipArchive::new(std::fs::File::open(&vmod).unwrap()).unwrap();
    let mut build = String::new();
    std::io::Read::read_to_string(
        &mut zip.by_name("buildFile.xml").unwrap(),
        &mut build,
    )
    .unwrap();
    assert!(build.contains("Movement allowance"), "the series' names");
    let original: Scenario = read!(&scenario);
    let counters: Counters =
        read!(&project_relative(&scenario, &original.counters));
    let side = &counters.sides[0];
    assert!(build.contains(&side.name) && side.name != side.id);

    let back = import(&vmod, &tmp.path().join("back")).unwrap();
    let got: Counters = read!(back.counters.as_ref().unwrap());
    let mut rated = 0;
    for u in &counters.units {
        let g = got.unit(&u.id).unwrap();
        assert_eq!(g.side, u.side, "{}", u.id);
        assert_eq!(known(g), known(u), "{}", u.id);
        rated += usize::from(!known(u).is_empty());
    }
    assert!(rated > 0);
    let names: Vec<(&str, &str)> = got
        .sides
        .iter()
        .map(|s| (s.id.as_str(), s.name.as_str()))
        .collect();
    for s in &counters.sides {
        assert!(
            names.contains(&(s.id.as_str(), s.name.as_str())),
            "{names:?}"
        );
    }
}

/// Quatre-Bras 1's counters come back field by field: ids with their
/// capitals (`aa-15A`, which the pack's setups name), printed numbers,
/// designations and tags, beside names, sides, nationalities, formations
/// and classes; and their formations' names and levels.
#[test]
fn counters_round_trip_field_by_field_ids_keeping_their_case() {
    let tmp = tempfile::tempdir().unwrap();
    let vmod = tmp.path().join("qb1.vmod");
    let scenario =
        repo("scenarios/quatre-bras-1815/qb1-historical.scenario.ron");
    export(&scenario, &vmod).unwrap();
    let back = import(&vmod, &tmp.path().join("back")).unwrap();
    let original: Scenario = read!(&scenario);
    let counters: Counters =
        read!(&project_relative(&scenario, &original.counters));
    let got: Counters = read!(back.counters.as_ref().unwrap());
    assert!(
        counters.unit("aa-15A").is_some(),
        "the case this test is for"
    );
    let mut printed = 0;
    for u in &counters.units {
        let g = got
            .unit(&u.id)
            .unwrap_or_else(|| panic!("counter {} lost", u.id));
        assert_eq!(g.printed, u.printed, "{} printed", u.id);
        assert_eq!(g.designation, u.designation, "{} designation", u.id);
        assert_eq!(g.tags, u.tags, "{} tags", u.id);
        assert_eq!(
            (&g.name, &g.side, &g.nationality, &g.formation, &g.class),
            (&u.name, &u.side, &u.nationality, &u.formation, &u.class),
            "{}",
            u.id
        );
        printed += usize::from(u.printed.is_some());
    }
    assert!(printed > 50, "{printed}");
    // Each formation a counter belongs to comes back with its name, side
    // and level (its parent, commander and activation markers are not
    // carried yet).
    for f in &counters.formations {
        if !counters
            .units
            .iter()
            .any(|u| u.formation.as_ref() == Some(&f.id))
        {
            continue;
        }
        let g = got
            .formations
            .iter()
            .find(|x| x.id == f.id)
            .unwrap_or_else(|| panic!("formation {} lost", f.id));
        assert_eq!(
            (&g.name, &g.side, &g.level),
            (&f.name, &f.side, &f.level),
            "{}",
            f.id
        );
    }
}

fn project_relative(doc: &Path, written: &str) -> PathBuf {
    doc.parent().unwrap().join(written)
}
