//! `berthier-tools import-vassal` through the real binary: what it wrote,
//! and a missing module refused with nothing written.

use crate::vassal_common::{PKG, png, zip};

/// A module with one board on a hex grid.
fn module() -> Vec<u8> {
    let xml = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.launch.BasicModule name="One Bank" version="1.0">
  <VASSAL.build.module.Map mapName="Main Map">
    <{PKG}.BoardPicker><{PKG}.Board image="west.png" name="West Bank">
  <{PKG}.board.HexGrid dx="50.5" dy="58.0" x0="25" y0="29" sideways="true"/>
</{PKG}.Board></{PKG}.BoardPicker>
  </VASSAL.build.module.Map>
</VASSAL.launch.BasicModule>"#
    );
    zip(&[
        ("buildFile.xml", xml.as_bytes()),
        ("images/west.png", &png(600, 500)),
    ])
}

#[test]
fn the_command_line_imports_a_module_and_says_what_it_wrote() {
    let tmp = tempfile::tempdir().expect("tmp");
    let vmod = tmp.path().join("m.vmod");
    std::fs::write(&vmod, module()).expect("module");
    let out = tmp.path().join("out");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_berthier-tools"))
        .arg("import-vassal")
        .arg(&vmod)
        .args(["--out".as_ref(), out.as_os_str()])
        .output()
        .expect("runs");
    let said = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{said}");
    assert!(
        said.contains("wrote ") && said.contains("series.ron"),
        "{said}"
    );
    let maps: Vec<_> = std::fs::read_dir(&out)
        .expect("out")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".map.ron"))
        .collect();
    assert!(!maps.is_empty(), "{said}");

    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_berthier-tools"))
        .arg("import-vassal")
        .arg(tmp.path().join("missing.vmod"))
        .args(["--out".as_ref(), tmp.path().join("out2").as_os_str()])
        .output()
        .expect("runs");
    assert!(!bad.status.success());
    let said = String::from_utf8_lossy(&bad.stderr);
    assert!(said.contains("missing.vmod"), "{said}");
    assert!(!tmp.path().join("out2").exists());
}
