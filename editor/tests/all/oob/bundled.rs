//! Every bundled counters file opens in the order of battle screen with
//! both sides' trees (their names and their top formations in the view).

use std::path::PathBuf;

use berthier_tools::oob::tree::{self, Kind};

use super::{oob, open_app, root, shows};

pub fn bundled() -> Vec<PathBuf> {
    let mut found = Vec::new();
    for battle in std::fs::read_dir(root().join("counters")).expect("counters")
    {
        for file in
            std::fs::read_dir(battle.expect("battle").path()).expect("dir")
        {
            let path = file.expect("file").path();
            if path.to_string_lossy().ends_with(".counters.ron") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

#[test]
fn every_bundled_counters_file_shows_both_sides_trees() {
    let all = bundled();
    assert!(all.len() >= 5, "{all:?}");
    let dir = tempfile::tempdir().expect("temp dir");
    for path in all {
        let app = open_app(&path, dir.path());
        let screen = oob(&app);
        let name = path.display();
        assert!(
            screen.doc().warnings.is_empty(),
            "{:?}",
            screen.doc().warnings
        );
        let merged = screen.doc().merged();
        // An army file (included by the battles it fought) holds one side;
        // Waterloo has three armies.
        let text = path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        let folder = path.to_string_lossy();
        let army_file = folder.contains("/armee-du-nord-1815/")
            || folder.contains("/prussian-army-1815/");
        let sides = if army_file {
            1
        } else if text.contains("waterloo") {
            3
        } else {
            2
        };
        assert_eq!(merged.sides.len(), sides, "{name}");
        let rows = tree::rows(
            merged,
            screen.doc().series.as_ref(),
            &Default::default(),
        );
        for side in &merged.sides {
            assert!(shows(&app, &side.name), "{name}: {}", side.name);
            // The side's first formation row, as the screen opened shows it.
            let at = rows
                .iter()
                .position(|r| r.item.kind == Kind::Side && r.item.id == side.id)
                .expect("side row");
            let first = rows.get(at + 1).expect("a row under the side");
            assert_eq!(first.depth, 1, "{name}");
            assert!(shows(&app, &first.label), "{name}: {}", first.label);
        }
    }
}
