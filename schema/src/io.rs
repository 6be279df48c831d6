//! Atomic saves (a crash mid-save never leaves a half-written file) and
//! reads that refuse what is not a regular file.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;

/// Writes `bytes` to `path` atomically: write a temporary file beside it,
/// flush it to disk, then rename it over the target.
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
    let result = (|| {
        let mut file = File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
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
}
