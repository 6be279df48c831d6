//! Which pack a document belongs to, and checking that pack with the
//! validator's [`Session`] (the editor's live findings use the same), so
//! the findings are those of `berthier-validate ROOT`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use berthier_validator::{
    Diagnostic, RunError, Session, Texts, Typed, validate_documents_in, walk,
};

/// The pack root of `file`: the nearest folder above it holding
/// `berthier.toml`, else the workspace folder holding it, else its own
/// folder (where `berthier-validate FILE` would look for references).
pub fn root_of(file: &Path, workspace: &[PathBuf]) -> PathBuf {
    let configured = file
        .ancestors()
        .skip(1)
        .find(|dir| dir.join("berthier.toml").is_file());
    if let Some(dir) = configured {
        return dir.to_path_buf();
    }
    let folder = workspace
        .iter()
        .filter(|w| file.starts_with(w))
        .max_by_key(|w| w.components().count());
    match folder {
        Some(folder) => folder.clone(),
        None => file.parent().unwrap_or(Path::new("/")).to_path_buf(),
    }
}

/// Every pack document of a root with its findings (an empty list for a
/// document without), by canonical path.
pub type PackFindings = HashMap<PathBuf, Vec<Diagnostic>>;

/// Checks packs again and again, keeping what an edit cannot change.
#[derive(Debug, Default)]
pub struct PackChecker {
    session: Session,
}

impl PackChecker {
    /// Checks the pack at `root` as `berthier-validate ROOT` does, with the
    /// texts of `open` (unsaved buffers, by path) standing for the files.
    /// Buffers of files that are not on disk are left out: the validator
    /// checks files of the pack, and such a buffer is not one yet.
    pub fn check(
        &self,
        root: &Path,
        open: &Texts,
    ) -> Result<PackFindings, RunError> {
        let root = root.canonicalize().map_err(|e| RunError::Path {
            path: root.to_path_buf(),
            message: e.to_string(),
        })?;
        let walked = walk::collect_walked(std::slice::from_ref(&root))?;
        let files: Vec<PathBuf> =
            walked.candidates.into_iter().map(|c| c.path).collect();
        let texts: Texts = open
            .iter()
            .filter_map(|(path, text)| {
                let path = path.canonicalize().ok()?;
                path.starts_with(&root).then(|| (path, text.clone()))
            })
            .collect();
        let report = validate_documents_in(
            &self.session,
            &root,
            &files,
            &texts,
            Typed::new(),
        )?;
        let mut found: PackFindings =
            files.into_iter().map(|f| (f, Vec::new())).collect();
        for d in report.diagnostics {
            found.entry(root.join(&d.file)).or_default().push(d);
        }
        Ok(found)
    }
}
