//! Atomic saves (a crash mid-save never leaves a half-written file) and
//! reads that refuse what is not a regular file.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;

/// Writes `bytes` to `path` atomically: write a temporary file beside it,
/// flush it to disk, then rename it over the target. The new file keeps
/// the old one's mode and owner; a file with other hard links is written
/// in place once the new text is safe beside it, so that every name sees
/// it (a rename would break the link).
pub fn save_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::other("no file name to save to"))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let temp = dir.join(temp_name);
    // First, so that a save killed before it finishes leaves its own
    // temporary file beside the file and nothing older: they never pile up.
    remove_stale_temps(dir, name);
    let original = fs::metadata(path).ok();
    let result = (|| {
        let mut file = File::create(&temp)?;
        file.write_all(bytes)?;
        if let Some(meta) = &original {
            keep_mode_and_owner(&file, meta);
        }
        file.sync_all()?;
        if original.as_ref().is_some_and(has_other_links) {
            // Renaming would leave the other names on the old text: the
            // new one, saved whole beside it first, is copied in place.
            fs::write(path, bytes)?;
            File::open(path)?.sync_all()?;
            fs::remove_file(&temp)?;
            return Ok(());
        }
        fs::rename(&temp, path)?;
        // Make the rename itself durable where the platform allows it.
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

/// Gives the new file the mode and owner of the one it replaces (a 0600
/// file stays 0600). Changing the owner needs the right to; without it
/// the file is the saver's, as any new file is.
fn keep_mode_and_owner(file: &File, original: &fs::Metadata) {
    let _ = file.set_permissions(original.permissions());
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let _ = std::os::unix::fs::fchown(
            file,
            Some(original.uid()),
            Some(original.gid()),
        );
    }
}

/// Whether the file has other names (hard links) that a rename would
/// leave on the old text.
fn has_other_links(meta: &fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        meta.nlink() > 1
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        false
    }
}

/// Removes the temporary files earlier saves of `name` left in `dir` when
/// their process was killed between writing and renaming: those whose
/// process no longer runs (or, where that cannot be told, older than ten
/// minutes). A save still under way in another process is left alone.
fn remove_stale_temps(dir: &Path, name: &std::ffi::OsStr) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    for entry in entries.flatten() {
        let file = entry.file_name();
        let file = file.to_string_lossy();
        let pid = file
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"))
            .and_then(|pid| pid.parse::<u32>().ok());
        let Some(pid) = pid else { continue };
        if pid != std::process::id() && !may_still_run(pid, &entry) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Whether process `pid`, which wrote the temporary file or folder
/// `entry`, may still be under way: it runs (where `/proc` tells), else
/// the entry is younger than ten minutes.
pub fn may_still_run(pid: u32, entry: &fs::DirEntry) -> bool {
    let proc = Path::new("/proc");
    if proc.join("self").exists() {
        return proc.join(pid.to_string()).exists();
    }
    let age = entry
        .metadata()
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok());
    age.is_none_or(|age| age < std::time::Duration::from_secs(600))
}

/// Reads a file's bytes, refusing anything but a regular file: a named
/// pipe would block the reader forever and a device may never end.
pub fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    let kind = fs::metadata(path)?.file_type();
    if !kind.is_file() {
        let what = special_kind(kind);
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("not a regular file ({what}): refused"),
        ));
    }
    fs::read(path)
}

/// [`read_regular`] as UTF-8 text.
pub fn read_regular_text(path: &Path) -> io::Result<String> {
    String::from_utf8(read_regular(path)?)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

/// What a file that is not a regular file is ("a named pipe").
pub fn special_kind(kind: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "a special file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn keeps_the_mode_and_the_hard_links() {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let dir = std::env::temp_dir()
            .join(format!("berthier-save-mode-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("dir");
        let target = dir.join("a.map.ron");
        fs::write(&target, "old").expect("seed");
        fs::set_permissions(&target, fs::Permissions::from_mode(0o600))
            .expect("chmod");
        save_atomic(&target, b"new").expect("save");
        let mode = fs::metadata(&target).expect("meta").mode() & 0o777;
        assert_eq!(mode, 0o600);
        // The owner too, where this test may give the file away (root).
        let me = fs::metadata("/proc/self").map(|m| m.uid()).unwrap_or(1);
        if me == 0 {
            std::os::unix::fs::chown(&target, Some(65534), Some(65534))
                .expect("chown");
            save_atomic(&target, b"theirs").expect("save");
            let meta = fs::metadata(&target).expect("meta");
            assert_eq!((meta.uid(), meta.gid()), (65534, 65534));
        }
        let other = dir.join("b.map.ron");
        fs::hard_link(&target, &other).expect("link");
        save_atomic(&target, b"newer").expect("save");
        assert_eq!(fs::read_to_string(&other).expect("read"), "newer");
        assert_eq!(fs::metadata(&target).expect("meta").nlink(), 2);
        let left = fs::read_dir(&dir).expect("list").count();
        fs::remove_dir_all(&dir).expect("clean");
        assert_eq!(left, 2, "a temporary file is left");
    }

    #[test]
    fn replaces_the_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir()
            .join(format!("berthier-save-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("dir");
        let target = dir.join("a.map.ron");
        fs::write(&target, "old").expect("seed");
        save_atomic(&target, b"new").expect("save");
        assert_eq!(fs::read_to_string(&target).expect("read"), "new");
        let leftovers = fs::read_dir(&dir).expect("list").count();
        assert_eq!(leftovers, 1);
        fs::remove_dir_all(&dir).expect("clean");
    }

    #[test]
    fn removes_what_killed_saves_left_and_keeps_a_running_one() {
        let dir = std::env::temp_dir()
            .join(format!("berthier-stale-{}", std::process::id()));
        fs::create_dir_all(&dir).expect("dir");
        let target = dir.join("a.map.ron");
        // No process has this id (Linux ids stay under 2^22); the parent
        // of this test is running.
        let dead = dir.join(".a.map.ron.999999999.tmp");
        fs::write(&dead, "half a save").expect("seed");
        #[cfg(target_os = "linux")]
        let alive = {
            let pid = std::os::unix::process::parent_id();
            let alive = dir.join(format!(".a.map.ron.{pid}.tmp"));
            fs::write(&alive, "a save under way").expect("seed");
            alive
        };
        let other = dir.join(".b.map.ron.999999999.tmp");
        fs::write(&other, "another file's").expect("seed");
        save_atomic(&target, b"new").expect("save");
        // Elsewhere a fresh temporary is kept for ten minutes.
        #[cfg(target_os = "linux")]
        assert!(!dead.exists(), "a killed save's temporary is removed");
        #[cfg(target_os = "linux")]
        assert!(alive.exists(), "a running save's temporary is kept");
        assert!(other.exists(), "only this file's temporaries are touched");
        fs::remove_dir_all(&dir).expect("clean");
    }
}
