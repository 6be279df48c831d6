//! The bundled files the tests read, and copies of them in a temporary
//! folder so that saving never touches the bundled ones.

use std::path::{Path, PathBuf};

/// The workspace root: the first folder above the crate holding the lock
/// file (the editor's and the workshop's tests share this helper).
pub fn root() -> PathBuf {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    crate_dir
        .ancestors()
        .find(|dir| dir.join("Cargo.lock").is_file())
        .unwrap_or(crate_dir)
        .to_owned()
}

/// The folders `subs` of the workspace (e.g. `counters`, `schema/series`)
/// copied in `dir`, so saves write there and relative paths still resolve.
pub fn copy_tree(dir: &Path, subs: &[&str]) {
    for sub in subs {
        copy_dir(&root().join(sub), &dir.join(sub));
    }
}

/// `from` copied to `to`, recursively.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir") {
        let path = entry.expect("entry").path();
        let target = to.join(path.file_name().expect("name"));
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("copy");
        }
    }
}

/// Every scenario file (variants included) under `base`'s `scenarios/`,
/// sorted.
pub fn scenarios_in(base: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for battle in std::fs::read_dir(base.join("scenarios")).expect("dir") {
        for file in std::fs::read_dir(battle.expect("battle").path())
            .expect("battle dir")
        {
            let path = file.expect("file").path();
            if path.to_string_lossy().ends_with(".scenario.ron") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Every bundled scenario file, sorted.
pub fn bundled_scenarios() -> Vec<PathBuf> {
    scenarios_in(&root())
}
