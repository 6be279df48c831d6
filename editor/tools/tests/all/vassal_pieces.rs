//! Importing a VASSAL module's pieces writes a counters file whose units
//! carry what the pieces' own properties say (prototypes resolved, nested)
//! and nothing else, with each face's image copied beside it; a piece
//! whose image is missing stops the import before anything is written.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::Path;

use berthier_schema::Counters;
use berthier_schema::document::{Format, parse};
use berthier_tools::vassal::import::import;
use berthier_tools::vassal::module::{Limits, read};

use crate::vassal_common::{PKG, palette, piece_39e, png, png_filled, zip};

fn build_file(extra: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.launch.BasicModule name="Rivoli Test" version="1.0">
{}
  <VASSAL.build.module.Map mapName="Main Map">
    <{PKG}.BoardPicker>
      <{PKG}.Board image="map.png" name="Map">
        <{PKG}.board.HexGrid dx="50" dy="58" x0="25" y0="29">
          <{PKG}.board.mapgrid.HexGridNumbering hOff="1" vOff="1" hLeading="1" vLeading="1" sep=""/>
        </{PKG}.board.HexGrid>
      </{PKG}.Board>
    </{PKG}.BoardPicker>
    {extra}
  </VASSAL.build.module.Map>
</VASSAL.launch.BasicModule>"#,
        palette()
    )
}

const FRONT: [u8; 3] = [200, 30, 30];
const BACK: [u8; 3] = [30, 30, 200];

fn module(extra: &str, with_back: bool) -> Vec<u8> {
    let xml = build_file(extra);
    let board = png(400, 300);
    let front = png_filled(20, 20, FRONT);
    let back = png_filled(20, 20, BACK);
    let marker = png_filled(10, 10, [0, 0, 0]);
    let mut entries: Vec<(&str, &[u8])> = vec![
        ("buildFile.xml", xml.as_bytes()),
        ("images/map.png", &board),
        ("images/fr-39.png", &front),
        ("images/marker.png", &marker),
    ];
    if with_back {
        entries.push(("images/fr-39-back.png", &back));
    }
    zip(&entries)
}

fn faces(dir: &Path) -> BTreeMap<String, BTreeMap<String, String>> {
    let text =
        std::fs::read_to_string(dir.join("rivoli-test.vassal-images.ron"))
            .unwrap();
    berthier_schema::document::ron_options()
        .from_str(&text)
        .unwrap()
}

#[test]
fn prototypes_resolve_nested_and_layers_become_faces() {
    let bytes = module("", true);
    let m = read(std::io::Cursor::new(bytes), Limits::default()).unwrap();
    assert_eq!(m.pieces.len(), 2);
    let p = &m.pieces[0];
    assert_eq!(p.name, "39e");
    assert_eq!(p.palette, ["Armies", "French"]);
    assert_eq!(p.piece.image, "fr-39.png");
    assert_eq!(p.piece.layers.len(), 1);
    assert_eq!(p.piece.layers[0].images, ["fr-39-back.png"]);
    assert_eq!(p.piece.layers[0].levels, ["Reduced"]);
    let props: Vec<(&str, &str)> = p
        .piece
        .properties
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        props,
        [
            ("Class", "Infantry"),
            ("Formation", "Joubert"),
            ("Side", "French"),
            ("Strength", "4"),
        ]
    );
    assert!(p.piece.notes.is_empty(), "{:?}", p.piece.notes);
}

#[test]
fn pieces_become_counters_with_only_what_the_module_says() {
    let tmp = tempfile::tempdir().unwrap();
    let vmod = tmp.path().join("m.vmod");
    std::fs::write(&vmod, module("", true)).unwrap();
    let out = tmp.path().join("out");
    let report = import(&vmod, &out).unwrap();
    assert_eq!(report.units, 2);
    let path = report.counters.clone().unwrap();
    assert_eq!(path, out.join("rivoli-test.counters.ron"));
    let text = std::fs::read_to_string(&path).unwrap();
    let doc: Counters = parse(&text, Format::Ron).unwrap();
    let fr = doc.unit("39e").unwrap();
    assert_eq!(fr.side, "french");
    assert_eq!(fr.class, "infantry");
    assert_eq!(fr.formation.as_deref(), Some("joubert"));
    assert_eq!(fr.rating("front", "strength"), Some(4));
    assert!(fr.tags.is_empty());
    let mystery = doc.unit("mystery").unwrap();
    assert_eq!(mystery.side, "unknown");
    assert_eq!(mystery.class, "unknown");
    assert_eq!(mystery.tags, ["side-unknown", "class-unknown"]);
    assert!(mystery.ratings.is_empty() && mystery.formation.is_none());
    let sides: Vec<&str> = doc.sides.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(sides, ["french", "unknown"]);
    assert_eq!(doc.sides[0].name, "French", "the module's own words");
    assert_eq!(doc.formations[0].name, "Joubert");
    assert_eq!(doc.formations[0].id, "joubert");
    assert_eq!(doc.formations[0].side, "french");

    let faces = faces(&out);
    let fr_faces = &faces["39e"];
    assert_eq!(fr_faces["front"], "images/fr-39.png");
    assert_eq!(fr_faces["reduced"], "images/fr-39-back.png");
    assert_eq!(faces["mystery"]["front"], "images/marker.png");
    let series: berthier_schema::Series = parse(
        &std::fs::read_to_string(out.join("series.ron")).unwrap(),
        Format::Ron,
    )
    .unwrap();
    let classes: Vec<(&str, &str)> = series
        .unit_classes
        .iter()
        .map(|c| (c.id.as_str(), c.arm.as_str()))
        .collect();
    assert_eq!(classes, [("infantry", "infantry"), ("unknown", "unknown")]);
    let ratings: Vec<&str> =
        series.ratings.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ratings, ["strength"]);
    let front = image::open(out.join("images/fr-39.png")).unwrap();
    assert_eq!(front.to_rgb8().get_pixel(3, 3).0, FRONT);
    let back = image::open(out.join("images/fr-39-back.png")).unwrap();
    assert_eq!(back.to_rgb8().get_pixel(3, 3).0, BACK);
}

#[test]
fn a_missing_piece_image_names_the_piece_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let vmod = tmp.path().join("m.vmod");
    std::fs::write(&vmod, module("", false)).unwrap();
    let out = tmp.path().join("out");
    let err = import(&vmod, &out).unwrap_err().to_string();
    assert!(err.contains("piece `39e`"), "{err}");
    assert!(err.contains("fr-39-back.png"), "{err}");
    assert!(!out.exists());
    let left: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 1, "{left:?}");
}

#[test]
fn an_undefined_or_self_using_prototype_is_noted_not_fatal() {
    let defs = BTreeMap::from([(
        "Loop".to_owned(),
        "+/null/prototype;Loop\tpiece;;;;/\t".to_owned(),
    )]);
    let p = berthier_tools::vassal::piece::read(
        "+/null/prototype;Loop\tprototype;Gone\\\tpiece;;;a.png;A/",
        &defs,
    );
    assert_eq!(p.name, "A");
    assert_eq!(p.image, "a.png");
    assert_eq!(p.notes.len(), 2, "{:?}", p.notes);
    assert!(p.notes[0].contains("`Loop` uses itself"), "{:?}", p.notes);
    assert!(
        p.notes[1].contains("`Gone` is not defined"),
        "{:?}",
        p.notes
    );
}

fn stack(name: &str, at: &str, pieces: &[String]) -> String {
    let slots: String = pieces
        .iter()
        .map(|p| {
            format!(
                "<VASSAL.build.widget.PieceSlot entryName=\"{}\" gpid=\"9\">{p}</VASSAL.build.widget.PieceSlot>",
                if p.contains(";39e/") { "39e" } else { "Mystery" }
            )
        })
        .collect();
    format!(
        "<VASSAL.build.module.map.SetupStack name=\"{name}\" owningBoard=\"Map\" {at}>{slots}</VASSAL.build.module.map.SetupStack>"
    )
}

#[test]
fn at_start_stacks_become_a_setup_on_the_hex_vassal_snaps_to() {
    let mystery = "+/null/piece;;;marker.png;Mystery/null;0;0".to_owned();
    // Raw cell (3, 2): VASSAL's documented centre is x0 + 3 dx = 175,
    // y0 + 2 dy + dy/2 (odd column) = 174; the stack sits a few pixels off.
    let stacks = [
        stack("Centre", r#"x="178" y="170""#, &[piece_39e(), mystery]),
        // "0204" with hOff = vOff = 1 and VASSAL's default stagger (odd
        // columns' rows count one more): raw column 1, row 2, centre
        // (75, 174).
        stack(
            "Named",
            r#"useGridLocation="true" location="0204" x="0" y="0""#,
            &[piece_39e()],
        ),
        stack("Lost", r#"x="-500" y="-500""#, &[piece_39e()]),
    ]
    .concat();
    let tmp = tempfile::tempdir().unwrap();
    let vmod = tmp.path().join("m.vmod");
    std::fs::write(&vmod, module(&stacks, true)).unwrap();
    let out = tmp.path().join("out");
    let report = import(&vmod, &out).unwrap();
    // The palette's 39e is used up by the first stack; the second and
    // third stacked 39e are counters of their own.
    assert_eq!(report.units, 4);
    assert_eq!(report.scenarios, [out.join("map.scenario.ron")]);
    assert!(
        report
            .notes
            .iter()
            .any(|n| n.contains("`Lost`") && n.contains("x=-500, y=-500")),
        "{:?}",
        report.notes
    );
    let text = std::fs::read_to_string(&report.scenarios[0]).unwrap();
    let sc: berthier_schema::scenario::Scenario =
        parse(&text, Format::Ron).unwrap();
    assert_eq!(sc.map, "map.map.ron");
    assert_eq!(sc.counters, "rivoli-test.counters.ron");
    let map_text = std::fs::read_to_string(out.join("map.map.ron")).unwrap();
    let map: berthier_schema::Map = parse(&map_text, Format::Ron).unwrap();
    let centre = |hex| map.geometry().center_px(hex);
    let near = |a: [f64; 2], b: [f64; 2]| {
        (a[0] - b[0]).abs() < 0.5 && (a[1] - b[1]).abs() < 0.5
    };
    let side = |id: &str| {
        sc.sides
            .iter()
            .find(|s| s.side == id)
            .unwrap()
            .setup
            .clone()
    };
    let french = side("french");
    assert_eq!(french.len(), 2, "{french:?}");
    assert_eq!(french[0].unit, "39e");
    assert!(near(centre(french[0].hex), [175.0, 174.0]));
    assert_eq!(french[0].stack, Some(1), "bottom of a stack of two");
    assert_eq!(french[1].unit, "39e-2");
    assert!(near(centre(french[1].hex), [75.0, 174.0]));
    assert_eq!(french[1].stack, None);
    let unknown = side("unknown");
    assert_eq!(unknown.len(), 1);
    assert_eq!(unknown[0].unit, "mystery");
    assert_eq!(unknown[0].hex, french[0].hex);
    assert_eq!(unknown[0].stack, Some(0), "top of the stack");
    assert!(text.contains("TODO(modder)"));
}

#[test]
fn names_with_apostrophes_are_written_without_escapes() {
    let slot = "<VASSAL.build.widget.PieceSlot entryName=\"Brigade d'Erlon\" \
                gpid=\"90\">+/null/mark;Side,Formation\tpiece;;;marker.png;\
                Brigade d'Erlon/French,Corps d'Erlon\tnull;0;0\
                </VASSAL.build.widget.PieceSlot>";
    let tmp = tempfile::tempdir().unwrap();
    let vmod = tmp.path().join("m.vmod");
    std::fs::write(&vmod, module(slot, true)).unwrap();
    let out = tmp.path().join("out");
    let report = import(&vmod, &out).unwrap();
    let text = std::fs::read_to_string(report.counters.unwrap()).unwrap();
    assert!(text.contains("name: \"Brigade d'Erlon\""), "{text}");
    assert!(text.contains("name: \"Corps d'Erlon\""), "{text}");
    assert!(!text.contains("\\'"), "{text}");
    let doc: Counters = parse(&text, Format::Ron).unwrap();
    let unit = doc.units.iter().find(|u| u.name == "Brigade d'Erlon");
    assert_eq!(unit.unwrap().formation.as_deref(), Some("corps-d-erlon"));
}

#[test]
fn ratings_read_from_both_faces_by_their_names() {
    let slot = "<VASSAL.build.widget.PieceSlot entryName=\"Guard\" gpid=\"91\">\
                +/null/mark;Side,Side ID,Attack,Attack (back),Movement allowance,\
                Morale,Rating IDs\tpiece;;;marker.png;Guard/\
                Crown Forces,crown,5,2,4,?,attack=Attack;movement=Movement allowance\
                \tnull;0;0</VASSAL.build.widget.PieceSlot>";
    let tmp = tempfile::tempdir().unwrap();
    let vmod = tmp.path().join("m.vmod");
    std::fs::write(&vmod, module(slot, true)).unwrap();
    let report = import(&vmod, &tmp.path().join("out")).unwrap();
    let text = std::fs::read_to_string(report.counters.unwrap()).unwrap();
    let doc: Counters = parse(&text, Format::Ron).unwrap();
    let guard = doc.units.iter().find(|u| u.name == "Guard").unwrap();
    assert_eq!(guard.side, "crown");
    assert_eq!(guard.rating("front", "attack"), Some(5));
    assert_eq!(guard.rating("back", "attack"), Some(2));
    assert_eq!(guard.rating("front", "movement"), Some(4));
    // Not a number: not a rating, and not a 0.
    assert!(guard.ratings.values().all(|r| !r.contains_key("morale")));
    let crown = doc.sides.iter().find(|s| s.id == "crown").unwrap();
    assert_eq!(crown.name, "Crown Forces");
}
