//! Recently opened files: the last ten, one path a line in
//! `recent.txt` under the user's config folder (`$BERTHIER_CONFIG_DIR`,
//! else the platform's: `$XDG_CONFIG_HOME/berthier` or
//! `~/.config/berthier` on Linux, `~/Library/Application Support/berthier`
//! on macOS, `%APPDATA%\berthier\config` on Windows; see
//! [`crate::folders`]). Any failure to read or write is ignored: the list is
//! a convenience.

use std::path::{Path, PathBuf};

use crate::folders::Folder;

/// How many files are remembered.
pub const MAX: usize = 10;

/// The list and where it is kept.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Recent {
    dir: Option<PathBuf>,
    files: Vec<PathBuf>,
}

/// The config folder: `$BERTHIER_CONFIG_DIR`, else the platform's (see
/// [`crate::folders`]).
pub fn config_dir() -> Option<PathBuf> {
    Folder::Config.dir()
}

impl Recent {
    /// The list kept in `dir` (read now).
    pub fn at(dir: Option<PathBuf>) -> Self {
        let files = dir
            .as_ref()
            .and_then(|d| std::fs::read_to_string(d.join("recent.txt")).ok())
            .map(|text| {
                text.lines()
                    .filter(|l| !l.trim().is_empty())
                    .map(PathBuf::from)
                    .take(MAX)
                    .collect()
            })
            .unwrap_or_default();
        Self { dir, files }
    }

    /// The list in the folder the environment names.
    pub fn from_env() -> Self {
        Self::at(config_dir())
    }

    /// The files, most recent first.
    pub fn files(&self) -> &[PathBuf] {
        &self.files
    }

    /// Puts `path` first and writes the list.
    pub fn add(&mut self, path: &Path) {
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.into());
        if path.to_str().is_none_or(|s| s.contains('\n')) {
            return;
        }
        self.files.retain(|p| *p != path);
        self.files.insert(0, path);
        self.files.truncate(MAX);
        self.write();
    }

    fn write(&self) {
        let Some(dir) = &self.dir else {
            return;
        };
        let mut text = String::new();
        for f in &self.files {
            text.push_str(&f.to_string_lossy());
            text.push('\n');
        }
        let _ = std::fs::create_dir_all(dir).and_then(|()| {
            berthier_schema::io::save_atomic(
                &dir.join("recent.txt"),
                text.as_bytes(),
            )
        });
    }
}

/// A recent file as the Recent files list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecentFile(pub PathBuf);

impl std::fmt::Display for RecentFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = self.0.file_name().map(|n| n.to_string_lossy());
        let dir = self.0.parent().map(Path::display);
        match (name, dir) {
            (Some(n), Some(d)) => write!(f, "{n} ({d})"),
            _ => write!(f, "{}", self.0.display()),
        }
    }
}

impl Recent {
    /// The files as list entries.
    pub fn entries(&self) -> Vec<RecentFile> {
        self.files.iter().cloned().map(RecentFile).collect()
    }
}
