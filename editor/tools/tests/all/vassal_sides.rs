//! A module laid out as the Vive l'Empereur module the interop review
//! imported (three sides named by a `Unit Side` property, a player roster
//! and palette tabs; markers in a tab of their own; a board with turn
//! track boxes and a cup as zones), in miniature: the import reads each
//! side from the place the module holds it and says which, writes the
//! markers as markers and the activation marker to its formation, writes
//! no zone as terrain, and marks the series stub so that the validator's
//! rules warn of each missing part.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_schema::Counters;
use berthier_schema::document::{Format, parse};
use berthier_tools::vassal::import::import;

use crate::vassal_common::{PKG, png, png_filled, zip};

const W: &str = "VASSAL.build.widget";

/// A palette slot: a piece named `name` on `image`, with one trait
/// (its type and state) around its basic piece, or none.
fn slot(
    name: &str,
    gpid: u32,
    one: Option<(&str, &str)>,
    image: &str,
) -> String {
    let definition = match one {
        None => format!("+/null/piece;;;{image};{name}/null;0;0"),
        Some((ty, state)) => {
            format!("+/null/{ty}\tpiece;;;{image};{name}/{state}\tnull;0;0")
        }
    };
    format!(
        r#"<{W}.PieceSlot entryName="{name}" gpid="{gpid}" height="60" width="60">{definition}</{W}.PieceSlot>"#
    )
}

fn build_file() -> String {
    // France: its side in a `Unit Side` property; Anglo-Allies: only its
    // palette list says it; Prussia: in a list named for its arm, using a
    // prototype named for its side.
    let ney = slot(
        "Ney",
        1,
        Some(("mark;Unit Side,Formation", "France,I Corps")),
        "fr.png",
    );
    let picton = slot("Picton", 2, Some(("mark;Class", "Infantry")), "aa.png");
    let zieten = slot("Zieten", 3, Some(("prototype;Prussia", "")), "pr.png");
    let am = slot(
        "I Corps AM",
        4,
        Some(("mark;Formation", "I Corps")),
        "am.png",
    );
    let turn = slot("Turn", 5, None, "turn.png");
    let prussia = "+/null/mark;Class\tpiece;;;;/Infantry\t";
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.launch.BasicModule name="Waterloo Mini" version="1.0">
  <VASSAL.build.module.PlayerRoster>
    <entry>France</entry>
    <entry>Anglo-Allies</entry>
    <entry>Prussia</entry>
  </VASSAL.build.module.PlayerRoster>
  <VASSAL.build.module.PrototypesContainer>
    <VASSAL.build.module.PrototypeDefinition name="Prussia">{prussia}</VASSAL.build.module.PrototypeDefinition>
  </VASSAL.build.module.PrototypesContainer>
  <VASSAL.build.module.PieceWindow name="Pieces">
    <{W}.TabWidget entryName="Forces">
      <{W}.ListWidget entryName="France">{ney}</{W}.ListWidget>
      <{W}.ListWidget entryName="Anglo-Allies">{picton}</{W}.ListWidget>
      <{W}.ListWidget entryName="Infantry">{zieten}</{W}.ListWidget>
      <{W}.ListWidget entryName="Game Markers">{am}{turn}</{W}.ListWidget>
    </{W}.TabWidget>
  </VASSAL.build.module.PieceWindow>
  <VASSAL.build.module.Map mapName="Main Map">
    <{PKG}.BoardPicker>
      <{PKG}.Board image="map.png" name="Map">
        <{PKG}.board.ZonedGrid>
          <{PKG}.board.HexGrid dx="50" dy="58" x0="25" y0="29">
            <{PKG}.board.mapgrid.HexGridNumbering hOff="1" vOff="1" hLeading="1" vLeading="1" sep=""/>
          </{PKG}.board.HexGrid>
          <{PKG}.board.mapgrid.Zone name="Turn 1" path="0,280;40,280;40,300;0,300"/>
          <{PKG}.board.mapgrid.Zone name="Draw Cup" path="360,280;400,280;400,300;360,300"/>
        </{PKG}.board.ZonedGrid>
      </{PKG}.Board>
    </{PKG}.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.launch.BasicModule>"#
    )
}

fn imported() -> (tempfile::TempDir, berthier_tools::vassal::import::Report) {
    let tmp = tempfile::tempdir().unwrap();
    let vmod = tmp.path().join("waterloo-mini.vmod");
    let xml = build_file();
    let (board, face) = (png(400, 300), png_filled(20, 20, [9, 9, 9]));
    let faces: Vec<String> = ["fr", "aa", "pr", "am", "turn"]
        .iter()
        .map(|image| format!("images/{image}.png"))
        .collect();
    let mut entries: Vec<(&str, &[u8])> = vec![
        ("buildFile.xml", xml.as_bytes()),
        ("images/map.png", &board),
    ];
    entries.extend(faces.iter().map(|name| (name.as_str(), face.as_slice())));
    std::fs::write(&vmod, zip(&entries)).unwrap();
    let report = import(&vmod, &tmp.path().join("out")).unwrap();
    (tmp, report)
}

#[test]
fn each_side_is_read_where_the_module_holds_it_and_the_source_said() {
    let (_tmp, report) = imported();
    let text = std::fs::read_to_string(report.counters.unwrap()).unwrap();
    let doc: Counters = parse(&text, Format::Ron).unwrap();
    let side = |id: &str| doc.unit(id).unwrap().side.clone();
    assert_eq!(side("ney"), "france");
    assert_eq!(side("picton"), "anglo-allies");
    assert_eq!(side("zieten"), "prussia");
    let sides: Vec<(&str, &str)> = doc
        .sides
        .iter()
        .map(|s| (s.id.as_str(), s.name.as_str()))
        .collect();
    assert_eq!(
        sides,
        [
            ("anglo-allies", "Anglo-Allies"),
            ("france", "France"),
            ("prussia", "Prussia")
        ]
    );
    let note = |id: &str| doc.unit(id).unwrap().note.clone().unwrap();
    assert!(note("ney").contains("side from its property `Unit Side`"));
    assert!(note("picton").contains("side from its palette `Anglo-Allies`"));
    assert!(note("zieten").contains("side from its prototype `Prussia`"));
    let summary = report
        .notes
        .iter()
        .find(|n| n.starts_with("sides:"))
        .unwrap();
    assert!(summary.contains("0 units on no side"), "{summary}");
}

#[test]
fn markers_are_markers_and_zones_are_listed_not_terrain() {
    let (_tmp, report) = imported();
    assert_eq!(report.units, 3, "markers are not units");
    let text = std::fs::read_to_string(report.counters.unwrap()).unwrap();
    let doc: Counters = parse(&text, Format::Ron).unwrap();
    assert!(doc.unit("turn").is_none() && doc.unit("i-corps-am").is_none());
    let markers: Vec<&str> =
        doc.markers.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(markers, ["turn"]);
    let corps = doc.formations.iter().find(|f| f.id == "i-corps").unwrap();
    let am: Vec<&str> = corps
        .activation_markers
        .iter()
        .map(|m| m.id.as_str())
        .collect();
    assert_eq!(am, ["i-corps-am"]);
    let series_text = std::fs::read_to_string(&report.series).unwrap();
    let series: berthier_schema::Series =
        parse(&series_text, Format::Ron).unwrap();
    assert!(series.terrain.is_empty(), "{:?}", series.terrain);
    let zones = report.notes.iter().find(|n| n.contains("zones")).unwrap();
    assert!(zones.contains("Turn 1, Draw Cup"), "{zones}");
}

#[test]
fn the_stub_series_is_reported_part_by_part() {
    let (_tmp, report) = imported();
    let text = std::fs::read_to_string(&report.series).unwrap();
    let series: berthier_schema::Series = parse(&text, Format::Ron).unwrap();
    assert!(series.stub);
    let findings =
        berthier_rules::check::references::series_refs(&series, &series);
    let stub: Vec<&str> = findings
        .iter()
        .filter(|f| f.code == berthier_rules::code::Code::Ref046)
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(stub.len(), 3, "{stub:?}");
    assert!(stub[0].contains("arm of 1 unit class"), "{stub:?}");
    assert!(stub[1].contains("movement costs"), "{stub:?}");
    assert!(stub[2].contains("stacking"), "{stub:?}");
}
