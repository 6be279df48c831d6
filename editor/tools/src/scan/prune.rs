//! Keeping the tile cache within a size budget: after a scan is opened,
//! whole pyramids are removed, least recently used first, until the cache
//! fits. A pyramid's last use is its manifest's modification time, which
//! every open refreshes ([`touch`]). The budget is 2 GB unless the user
//! sets `BERTHIER_TILE_CACHE_MB`.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::cache::MANIFEST_FILE;

/// The environment variable that sets the budget, in megabytes.
pub const BUDGET_VARIABLE: &str = "BERTHIER_TILE_CACHE_MB";

/// The budget when the variable is not set: 2 GB, some thirty opened
/// 20000×14000 scans as JPEG tiles.
pub const DEFAULT_BUDGET_MB: u64 = 2048;

/// A folder without a manifest younger than this may be a pyramid another
/// editor is still writing: it is left alone.
const BUILDING: Duration = Duration::from_secs(3600);

/// The budget in bytes: `BERTHIER_TILE_CACHE_MB` when it is a whole
/// number, else [`DEFAULT_BUDGET_MB`].
pub fn budget_from_env() -> u64 {
    let mb = std::env::var(BUDGET_VARIABLE)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .unwrap_or(DEFAULT_BUDGET_MB);
    mb.saturating_mul(1_000_000)
}

/// Marks a pyramid as just used.
pub fn touch(manifest: &Path) {
    if let Ok(file) = fs::File::options().write(true).open(manifest) {
        let _ = file.set_modified(SystemTime::now());
    }
}

/// What a prune did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pruned {
    /// Pyramids removed.
    pub removed: usize,
    /// Bytes they took.
    pub freed: u64,
    /// Bytes the cache takes afterwards.
    pub left: u64,
}

/// Removes pyramids under `root`, least recently used first, until the
/// cache takes at most `budget` bytes; never `keep` (the scan just
/// opened), even when it alone is over the budget.
pub fn prune(root: &Path, budget: u64, keep: &Path) -> Pruned {
    let mut pyramids = pyramids(root);
    let mut left: u64 = pyramids.iter().map(|p| p.bytes).sum();
    let mut pruned = Pruned::default();
    pyramids.sort_by_key(|p| p.used);
    for pyramid in pyramids {
        if left <= budget {
            break;
        }
        if pyramid.dir == keep || pyramid.may_be_building() {
            continue;
        }
        if fs::remove_dir_all(&pyramid.dir).is_ok() {
            left -= pyramid.bytes;
            pruned.removed += 1;
            pruned.freed += pyramid.bytes;
        }
    }
    pruned.left = left;
    pruned
}

struct Pyramid {
    dir: PathBuf,
    bytes: u64,
    used: SystemTime,
    whole: bool,
}

impl Pyramid {
    fn may_be_building(&self) -> bool {
        !self.whole && self.used.elapsed().is_ok_and(|age| age < BUILDING)
    }
}

/// Every pyramid folder under `root` (32 hex digits), with its size and
/// last use.
fn pyramids(root: &Path) -> Vec<Pyramid> {
    let Ok(entries) = fs::read_dir(root) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.len() == 32 && name.chars().all(|c| c.is_ascii_hexdigit())
        })
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| {
            let dir = e.path();
            let manifest = fs::metadata(dir.join(MANIFEST_FILE)).ok();
            let folder = e.metadata().ok();
            let used = manifest
                .as_ref()
                .or(folder.as_ref())
                .and_then(|m| m.modified().ok())
                .unwrap_or(SystemTime::UNIX_EPOCH);
            Pyramid {
                bytes: size_of(&dir),
                whole: manifest.is_some(),
                dir,
                used,
            }
        })
        .collect()
}

fn size_of(path: &Path) -> u64 {
    let Ok(entries) = fs::read_dir(path) else {
        return 0;
    };
    entries
        .flatten()
        .map(|e| match e.file_type() {
            Ok(t) if t.is_dir() => size_of(&e.path()),
            Ok(_) => e.metadata().map(|m| m.len()).unwrap_or(0),
            Err(_) => 0,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pyramid(root: &Path, n: u8, bytes: usize, age_s: u64) -> PathBuf {
        let dir = root.join(format!("{n:032x}"));
        fs::create_dir_all(dir.join("L0")).expect("dir");
        fs::write(dir.join("L0/0_0.jpg"), vec![0u8; bytes]).expect("tile");
        let manifest = dir.join(MANIFEST_FILE);
        fs::write(&manifest, "m").expect("manifest");
        let then = SystemTime::now() - Duration::from_secs(age_s);
        let file = fs::File::options().write(true).open(&manifest);
        file.expect("open").set_modified(then).expect("mtime");
        dir
    }

    #[test]
    fn the_least_recently_used_go_first_and_the_open_one_stays() {
        let root = tempfile::tempdir().expect("temp");
        let old = pyramid(root.path(), 1, 1000, 300);
        let older = pyramid(root.path(), 2, 1000, 600);
        let open = pyramid(root.path(), 3, 1000, 900);
        let recent = pyramid(root.path(), 4, 1000, 10);
        let other = root.path().join("not-a-pyramid");
        fs::create_dir_all(&other).expect("dir");
        // Four pyramids of about 1001 bytes against a 2100-byte budget:
        // the two least recently used that are not open go.
        let pruned = prune(root.path(), 2100, &open);
        assert_eq!(pruned.removed, 2, "{pruned:?}");
        assert!(!older.exists() && !old.exists());
        assert!(open.exists(), "the open scan's pyramid is kept");
        assert!(recent.exists() && other.exists());
        assert!(pruned.left <= 2100);
        // Touching makes a pyramid the most recent one.
        let a = pyramid(root.path(), 5, 1000, 5000);
        touch(&a.join(MANIFEST_FILE));
        let pruned = prune(root.path(), 2100, &open);
        assert!(a.exists() && !recent.exists(), "{pruned:?}");
    }

    #[test]
    fn a_pyramid_still_being_written_is_left_alone() {
        let root = tempfile::tempdir().expect("temp");
        let building = root.path().join(format!("{:032x}", 7));
        fs::create_dir_all(building.join("L0")).expect("dir");
        fs::write(building.join("L0/0_0.jpg"), vec![0u8; 5000]).expect("t");
        let pruned = prune(root.path(), 0, Path::new("/nowhere"));
        assert_eq!(pruned.removed, 0);
        assert!(building.exists());
    }
}
