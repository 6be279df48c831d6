//! The documents open in the client, with their unsaved text.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use lsp_types::Uri;

use crate::ids;
use crate::position::LineIndex;

/// One open document.
#[derive(Debug, Clone)]
pub struct Document {
    /// The path its URI names (`None` for an `untitled:` buffer).
    pub path: Option<PathBuf>,
    /// The canonical path, when the file exists (findings are keyed so).
    pub canonical: Option<PathBuf>,
    /// Its text as the client holds it.
    pub text: Arc<str>,
    /// Where its lines start.
    pub lines: LineIndex,
    /// The client's version of it.
    pub version: i32,
}

/// The open documents, by URI.
#[derive(Debug, Default)]
pub struct Documents {
    open: HashMap<Uri, Document>,
}

impl Documents {
    /// Opens or replaces the document at `uri`.
    pub fn set(&mut self, uri: Uri, text: String, version: i32) -> &Document {
        let path = crate::uri::to_path(&uri);
        let canonical = path.as_ref().and_then(|p| p.canonicalize().ok());
        let text: Arc<str> = text.into();
        let document = Document {
            path,
            canonical,
            lines: LineIndex::new(&text),
            text,
            version,
        };
        self.open.insert(uri.clone(), document);
        &self.open[&uri]
    }

    /// Closes the document at `uri`.
    pub fn close(&mut self, uri: &Uri) -> Option<Document> {
        self.open.remove(uri)
    }

    /// The document at `uri`.
    pub fn get(&self, uri: &Uri) -> Option<&Document> {
        self.open.get(uri)
    }

    /// The open document whose file is at the canonical path `path`.
    pub fn by_canonical(&self, path: &Path) -> Option<(&Uri, &Document)> {
        self.open
            .iter()
            .find(|(_, d)| d.canonical.as_deref() == Some(path))
    }

    /// Every open document with its URI.
    pub fn iter(&self) -> impl Iterator<Item = (&Uri, &Document)> {
        self.open.iter()
    }

    /// The unsaved texts by path, as the validator reads them.
    pub fn texts(&self) -> berthier_validator::Texts {
        self.open
            .values()
            .filter_map(|d| Some((d.canonical.clone()?, Arc::clone(&d.text))))
            .collect()
    }
}

impl ids::Texts for Documents {
    fn text(&self, path: &Path) -> Option<Arc<str>> {
        let canonical = path.canonicalize().ok();
        let open = canonical
            .as_deref()
            .and_then(|c| self.by_canonical(c))
            .map(|(_, d)| Arc::clone(&d.text));
        open.or_else(|| std::fs::read_to_string(path).ok().map(Into::into))
    }
}
