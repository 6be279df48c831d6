//! Which pack a document belongs to, and checking that pack with the
//! validator's [`Session`] (the editor's live findings use the same), so
//! the findings are those of `berthier-validate ROOT`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
        let (root, files) = pack_files(root)?;
        self.check_files(&root, files, open)
    }

    /// The findings of the documents an edit to `edited` can change: those
    /// files and every document that names one of them, directly or
    /// through another (a scenario naming an edited counters file, a
    /// variant of that scenario), each as a check of the whole pack
    /// reports it. The other documents' findings cannot have changed.
    pub fn check_edited(
        &self,
        root: &Path,
        edited: &[PathBuf],
        open: &Texts,
    ) -> Result<PackFindings, RunError> {
        let (root, files) = pack_files(root)?;
        let edited: Vec<PathBuf> = edited
            .iter()
            .filter_map(|p| p.canonicalize().ok())
            .collect();
        let affected = affected(&files, &edited, open);
        self.check_files(&root, affected, open)
    }

    fn check_files(
        &self,
        root: &Path,
        files: Vec<PathBuf>,
        open: &Texts,
    ) -> Result<PackFindings, RunError> {
        let texts: Texts = open
            .iter()
            .filter_map(|(path, text)| {
                let path = path.canonicalize().ok()?;
                path.starts_with(root).then(|| (path, text.clone()))
            })
            .collect();
        let report = validate_documents_in(
            &self.session,
            root,
            &files,
            &texts,
            Typed::new(),
        )?;
        let mut found: PackFindings =
            files.into_iter().map(|f| (f, Vec::new())).collect();
        for d in report.diagnostics {
            // A finding in a base found by checking its variant belongs to
            // the base, which was not checked: its own check reports it.
            if let Some(list) = found.get_mut(&root.join(&d.file)) {
                list.push(d);
            }
        }
        Ok(found)
    }
}

/// The canonical root and the documents a walk of it finds (what
/// `berthier-validate ROOT` checks: `berthier.toml`'s `exclude` applies).
fn pack_files(root: &Path) -> Result<(PathBuf, Vec<PathBuf>), RunError> {
    let root = root.canonicalize().map_err(|e| RunError::Path {
        path: root.to_path_buf(),
        message: e.to_string(),
    })?;
    let walked = walk::collect_walked(std::slice::from_ref(&root))?;
    let files = walked.candidates.into_iter().map(|c| c.path).collect();
    Ok((root, files))
}

/// `edited` (those of `files`) and every file of `files` that names one
/// of them, directly or through others. A document names another by a
/// path relative to its own folder: the file's name alone from the same
/// folder, else a path ending with its folder's name and its own. A text
/// that holds neither cannot name it; one that holds it may not (a
/// comment), and is checked needlessly, never wrongly.
pub fn affected(
    files: &[PathBuf],
    edited: &[PathBuf],
    open: &Texts,
) -> Vec<PathBuf> {
    let mut chosen: Vec<bool> =
        files.iter().map(|f| edited.contains(f)).collect();
    let mut frontier: Vec<&Path> = files
        .iter()
        .zip(&chosen)
        .filter_map(|(f, c)| c.then_some(f.as_path()))
        .collect();
    let mut texts: Vec<Option<Arc<str>>> = vec![None; files.len()];
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for (i, file) in files.iter().enumerate() {
            if chosen[i] {
                continue;
            }
            let text = texts[i].get_or_insert_with(|| text_of(file, open));
            if frontier.iter().any(|named| names(file, text, named)) {
                chosen[i] = true;
                next.push(file.as_path());
            }
        }
        frontier = next;
    }
    files
        .iter()
        .zip(chosen)
        .filter(|(_, c)| *c)
        .map(|(f, _)| f.clone())
        .collect()
}

/// Whether `text`, the document at `file`, may name the file `named`.
fn names(file: &Path, text: &str, named: &Path) -> bool {
    let (Some(name), Some(folder)) = (named.file_name(), named.parent()) else {
        return false;
    };
    let Some(name) = name.to_str() else {
        return false;
    };
    if file.parent() == Some(folder) {
        return text.contains(name);
    }
    let Some(folder) = folder.file_name().and_then(|f| f.to_str()) else {
        return text.contains(name);
    };
    ["/", "\\"]
        .iter()
        .any(|sep| text.contains(&format!("{folder}{sep}{name}")))
}

/// The text of `file`: its open buffer's, else the file's (empty when it
/// cannot be read: the check reports that).
fn text_of(file: &Path, open: &Texts) -> Arc<str> {
    open.get(file).cloned().unwrap_or_else(|| {
        std::fs::read_to_string(file).unwrap_or_default().into()
    })
}
