//! Validating documents that are open in an editor: the same three passes
//! as a run over files, on a scenario and the documents it names, with the
//! documents being edited read from memory instead of disk. The editor's
//! live findings panel calls [`validate_documents`] after each change, so
//! it reports what `berthier-validate` would report once the files are
//! saved.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::walk::{Candidate, Root, Walked, relative};
use crate::{Report, RunError, severity};

/// Texts that stand for the files at their canonical paths (documents with
/// unsaved changes, as they would be saved).
pub type Texts = HashMap<PathBuf, Arc<str>>;

/// Validates `files` as members of the pack whose root is `root` (so their
/// references resolve, and its `berthier.toml` applies, as in
/// `berthier-validate ROOT`), reading each path `texts` holds from it.
/// A file need not exist on disk when `texts` holds it; the paths of
/// `texts` may be given in any form that names the file.
pub fn validate_documents(
    root: &Path,
    files: &[PathBuf],
    texts: &Texts,
) -> Result<Report, RunError> {
    let (walked, texts) = walked(root, files, texts)?;
    crate::pipeline::validate_walked(
        walked,
        &severity::Overrides::default(),
        texts,
        None,
    )
    .map(|(report, _)| report)
}

/// The walk of [`validate_documents`]: `files` under `root`, and `texts`
/// by canonical path.
pub(crate) fn walked(
    root: &Path,
    files: &[PathBuf],
    texts: &Texts,
) -> Result<(Walked, Texts), RunError> {
    let root = Arc::new(Root {
        dir: canonical(root)?,
        shown: ".".to_owned(),
    });
    let mut candidates = Vec::new();
    for file in files {
        let path = canonical(file)?;
        let rel = relative(&root.dir, &path).ok_or_else(|| RunError::Path {
            path: file.clone(),
            message: format!("not inside the pack {}", root.dir.display()),
        })?;
        candidates.push(Candidate {
            root: Arc::clone(&root),
            path,
            rel,
        });
    }
    candidates.sort_by(|a, b| a.path.cmp(&b.path));
    candidates.dedup_by(|a, b| a.path == b.path);
    let texts = texts
        .iter()
        .map(|(p, t)| Ok((canonical(p)?, Arc::clone(t))))
        .collect::<Result<Texts, RunError>>()?;
    let walked = Walked {
        candidates,
        skipped: Vec::new(),
    };
    Ok((walked, texts))
}

fn canonical(p: &Path) -> Result<PathBuf, RunError> {
    p.canonicalize().map_err(|e| RunError::Path {
        path: p.to_owned(),
        message: e.to_string(),
    })
}
