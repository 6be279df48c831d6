//! The RON files under folders of the repository, for the tests that read
//! every bundled document one way and another.

use std::path::{Path, PathBuf};

/// Every `.ron` file under `dirs` (relative to the repository root),
/// folders read recursively.
pub fn under(dirs: &[&str]) -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in dirs {
        collect(&root.join(dir), &mut files);
    }
    files
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "ron") {
            out.push(path);
        }
    }
}
