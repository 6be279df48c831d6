//! The demo opens from a copy in the user's data folder, written from the
//! files built into the binary, never over a copy the user edited.

use std::path::Path;

use berthier_editor::app::{App, Screen};
use berthier_tools::demo;
use berthier_tools::recent::Recent;

fn source(name: &str) -> Vec<u8> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::read(root.join(name)).expect("source file")
}

#[test]
fn the_demo_is_copied_into_the_data_folder_and_opens_there() {
    let data = tempfile::tempdir().expect("temp dir");
    let app = App::demo_in(Some(data.path()), Recent::at(None));
    let Screen::Map(s) = app.screen() else {
        panic!("the demo opens");
    };
    let folder = data.path().join("demo");
    assert_eq!(s.opened().path, folder.join("maps/demo/demo.map.ron"));
    // Its relative series and scan paths hold in the copy.
    assert!(s.opened().warnings.is_empty(), "{:?}", s.opened().warnings);
    assert!(s.opened().series.is_some() && s.opened().scan.is_some());
    for name in [
        "maps/demo/demo.map.ron",
        "maps/demo/demo-scan.png",
        "schema/series/jours-de-gloire.series.ron",
    ] {
        let copy = std::fs::read(folder.join(name)).expect("copied");
        assert!(copy == source(name), "{name} is the source tree's");
    }
    let source_tree = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let source_tree = source_tree.canonicalize().expect("source tree");
    assert!(!s.opened().path.starts_with(source_tree));
}

#[test]
fn an_edited_copy_is_kept_and_a_missing_file_comes_back() {
    let data = tempfile::tempdir().expect("temp dir");
    let folder = demo::folder_in(data.path());
    let map = demo::install(&folder).expect("installed");
    let text = std::fs::read_to_string(&map).expect("map");
    let edited = text.replace("Combat de la Vere (demo)", "My battle");
    std::fs::write(&map, &edited).expect("user's edit");
    let scan = folder.join("maps/demo/demo-scan.png");
    std::fs::remove_file(&scan).expect("scan gone");
    assert_eq!(demo::install(&folder).expect("again"), map);
    assert_eq!(std::fs::read_to_string(&map).expect("map"), edited);
    assert!(scan.exists(), "a missing file is written again");
    let app = App::demo_in(Some(data.path()), Recent::at(None));
    assert!(app.title().starts_with("My battle"), "{}", app.title());
}

#[test]
fn the_data_folder_follows_berthier_data_dir() {
    let set = |name: &str| {
        (name == "BERTHIER_DATA_DIR").then(|| "/tmp/berthier-data".into())
    };
    assert_eq!(
        demo::data_dir_from(set).as_deref(),
        Some(Path::new("/tmp/berthier-data"))
    );
    // Unset: the platform's data folder, named for the editor.
    let unset = demo::data_dir_from(|_| None);
    assert!(unset.is_some_and(|d| d.ends_with("berthier")));
    // No folder can be written: the error screen says so.
    let app = App::demo_in(None, Recent::at(None));
    assert!(matches!(app.screen(), Screen::Error(_)));
}
