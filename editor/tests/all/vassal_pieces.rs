//! Importing a VASSAL module's pieces writes a counters file whose units
//! carry what the pieces' own properties say (prototypes resolved, nested)
//! and nothing else, with each face's image copied beside it; a piece
//! whose image is missing stops the import before anything is written.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::Path;

use berthier_editor::vassal::import::import;
use berthier_editor::vassal::module::{Limits, read};
use berthier_schema::Counters;
use berthier_schema::document::{Format, parse};

use crate::vassal_common::{PKG, palette, png, png_filled, zip};

fn build_file(extra: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.launch.BasicModule name="Rivoli Test" version="1.0">
{}
  <VASSAL.build.module.Map mapName="Main Map">
    <{PKG}.BoardPicker>
      <{PKG}.Board image="map.png" name="Map">
        <{PKG}.board.HexGrid dx="50" dy="58" x0="25" y0="29"/>
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
    assert_eq!(doc.formations[0].id, "joubert");
    assert_eq!(doc.formations[0].side, "french");

    let faces = faces(&out);
    let fr_faces = &faces["39e"];
    assert_eq!(fr_faces["front"], "images/fr-39.png");
    assert_eq!(fr_faces["reduced"], "images/fr-39-back.png");
    assert_eq!(faces["mystery"]["front"], "images/marker.png");
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
    let p = berthier_editor::vassal::piece::read(
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
