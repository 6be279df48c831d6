//! The editor's folders on disk. Each can be named by an environment
//! variable; otherwise it is the platform's folder for the application
//! `berthier`, as the `directories` crate finds it:
//!
//! | Folder | Override | Linux | macOS | Windows |
//! |---|---|---|---|---|
//! | config (recent files) | `BERTHIER_CONFIG_DIR` | `$XDG_CONFIG_HOME/berthier`, `~/.config/berthier` | `~/Library/Application Support/berthier` | `%APPDATA%\berthier\config` |
//! | cache (scan tiles) | `BERTHIER_CACHE_DIR` | `$XDG_CACHE_HOME/berthier`, `~/.cache/berthier` | `~/Library/Caches/berthier` | `%LOCALAPPDATA%\berthier\cache` |
//! | data (the demo) | `BERTHIER_DATA_DIR` | `$XDG_DATA_HOME/berthier`, `~/.local/share/berthier` | `~/Library/Application Support/berthier` | `%APPDATA%\berthier\data` |
//!
//! An empty variable counts as unset.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use directories::ProjectDirs;

/// The kinds of folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Folder {
    /// Settings and the recent-files list.
    Config,
    /// Rebuildable files (scan tile pyramids).
    Cache,
    /// The user's files the editor writes (the demo's copy).
    Data,
}

impl Folder {
    /// The environment variable that names this folder.
    pub fn variable(self) -> &'static str {
        match self {
            Self::Config => "BERTHIER_CONFIG_DIR",
            Self::Cache => "BERTHIER_CACHE_DIR",
            Self::Data => "BERTHIER_DATA_DIR",
        }
    }

    /// The folder, from the process's environment; `None` when there is no
    /// override and the platform has no home folder.
    pub fn dir(self) -> Option<PathBuf> {
        self.dir_from(|name| std::env::var_os(name))
    }

    /// [`Self::dir`] with the override read through `var` (tests). The
    /// platform's folders still come from the real environment.
    pub fn dir_from(
        self,
        var: impl Fn(&str) -> Option<OsString>,
    ) -> Option<PathBuf> {
        if let Some(dir) = var(self.variable()).filter(|v| !v.is_empty()) {
            return Some(PathBuf::from(dir));
        }
        let dirs = ProjectDirs::from("", "", "berthier")?;
        let dir: &Path = match self {
            Self::Config => dirs.config_dir(),
            Self::Cache => dirs.cache_dir(),
            Self::Data => dirs.data_dir(),
        };
        Some(dir.to_owned())
    }
}

/// The user's home folder (where a first pack is offered), as the
/// platform names it.
pub fn home() -> Option<PathBuf> {
    directories::UserDirs::new().map(|u| u.home_dir().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_override_wins_and_an_empty_one_is_unset() {
        for folder in [Folder::Config, Folder::Cache, Folder::Data] {
            let set = |name: &str| {
                (name == folder.variable()).then(|| "/tmp/elsewhere".into())
            };
            assert_eq!(
                folder.dir_from(set).as_deref(),
                Some(Path::new("/tmp/elsewhere"))
            );
            let empty = folder.dir_from(|_| Some(OsString::new()));
            let unset = folder.dir_from(|_| None);
            assert_eq!(empty, unset);
            if std::env::var_os("HOME").is_some() {
                let unset = unset.expect("a platform folder");
                assert!(
                    unset.components().any(|c| c.as_os_str() == "berthier"),
                    "{unset:?}"
                );
            }
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn linux_folders_follow_xdg() {
        let home = std::env::var_os("HOME").map(PathBuf::from);
        let xdg = |name| {
            std::env::var_os(name)
                .map(PathBuf::from)
                .filter(|p| p.is_absolute())
        };
        let Some(home) = home else { return };
        let expect = |var, default: &str| {
            xdg(var)
                .unwrap_or_else(|| home.join(default))
                .join("berthier")
        };
        assert_eq!(
            Folder::Config.dir_from(|_| None),
            Some(expect("XDG_CONFIG_HOME", ".config"))
        );
        assert_eq!(
            Folder::Cache.dir_from(|_| None),
            Some(expect("XDG_CACHE_HOME", ".cache"))
        );
    }
}
