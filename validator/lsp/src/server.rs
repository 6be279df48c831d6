//! The message loop: documents opened and changed, the packs they belong
//! to checked again once the edits pause, requests answered.

use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crossbeam_channel::RecvTimeoutError;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidChangeWatchedFiles, DidCloseTextDocument,
    DidOpenTextDocument, DidSaveTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::{
    Diagnostic, InitializeParams, PublishDiagnosticsParams, Uri,
};

use crate::documents::Documents;
use crate::hover::FindingAt;
use crate::pack::{PackChecker, root_of};
use crate::transport::log;
use crate::{ServeError, diagnostics, requests, uri};

/// How long edits must pause before the pack is checked again.
pub const DEBOUNCE: Duration = Duration::from_millis(150);

/// The server's state between messages.
pub struct Server {
    connection: Connection,
    /// The client's workspace folders.
    workspace: Vec<PathBuf>,
    pub(crate) documents: Documents,
    checker: PackChecker,
    /// Pack roots to check again, and when.
    dirty: BTreeSet<PathBuf>,
    due: Option<Instant>,
    /// What was last published, by pack root and document.
    published: HashMap<PathBuf, HashMap<Uri, Vec<Diagnostic>>>,
    /// The findings' codes and byte ranges, by canonical path (hover).
    pub(crate) findings: HashMap<PathBuf, Vec<FindingAt>>,
}

impl Server {
    /// A server for a client that initialized with `params`.
    pub fn new(connection: Connection, params: &InitializeParams) -> Self {
        Self {
            connection,
            workspace: workspace_folders(params),
            documents: Documents::default(),
            checker: PackChecker::default(),
            dirty: BTreeSet::new(),
            due: None,
            published: HashMap::new(),
            findings: HashMap::new(),
        }
    }

    /// Handles messages until the client shuts the server down or the
    /// connection ends.
    pub fn run(&mut self) -> Result<(), ServeError> {
        loop {
            let received = match self.due {
                Some(due) => self.connection.receiver.recv_deadline(due),
                None => self
                    .connection
                    .receiver
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
            };
            let message = match received {
                Ok(message) => message,
                Err(RecvTimeoutError::Timeout) => {
                    self.check_dirty();
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
            };
            match message {
                Message::Request(request) => {
                    if self.connection.handle_shutdown(&request)? {
                        return Ok(());
                    }
                    let response = requests::answer(self, request);
                    self.send(Message::Response(response));
                }
                Message::Notification(n) if n.method == "exit" => return Ok(()),
                Message::Notification(n) => self.notification(n),
                Message::Response(_) => {}
            }
        }
    }

    fn notification(&mut self, n: Notification) {
        let method = n.method.clone();
        if let Err(e) = self.apply(n) {
            log(&format!("{method}: {e}"));
        }
    }

    /// Applies a notification that changes the documents.
    fn apply(&mut self, n: Notification) -> Result<(), serde_json::Error> {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let p: lsp_types::DidOpenTextDocumentParams =
                    serde_json::from_value(n.params)?;
                let d = p.text_document;
                self.documents.set(d.uri.clone(), d.text, d.version);
                self.touch(&d.uri);
            }
            DidChangeTextDocument::METHOD => {
                let p: lsp_types::DidChangeTextDocumentParams =
                    serde_json::from_value(n.params)?;
                // Full synchronisation: the last change is the whole text.
                if let Some(change) = p.content_changes.into_iter().last() {
                    let d = p.text_document;
                    self.documents.set(d.uri.clone(), change.text, d.version);
                    self.touch(&d.uri);
                }
            }
            DidSaveTextDocument::METHOD => {
                let p: lsp_types::DidSaveTextDocumentParams =
                    serde_json::from_value(n.params)?;
                self.touch(&p.text_document.uri);
            }
            DidCloseTextDocument::METHOD => {
                let p: lsp_types::DidCloseTextDocumentParams =
                    serde_json::from_value(n.params)?;
                self.touch(&p.text_document.uri);
                self.documents.close(&p.text_document.uri);
            }
            DidChangeWatchedFiles::METHOD => {
                let p: lsp_types::DidChangeWatchedFilesParams =
                    serde_json::from_value(n.params)?;
                for change in p.changes {
                    self.touch(&change.uri);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Marks the pack of the document at `uri` to be checked again once
    /// the edits pause.
    fn touch(&mut self, at: &Uri) {
        let Some(path) = uri::to_path(at) else {
            return;
        };
        self.dirty.insert(root_of(&path, &self.workspace));
        self.due = Some(Instant::now() + DEBOUNCE);
    }

    /// Checks every pack marked, and publishes what changed.
    pub fn check_dirty(&mut self) {
        self.due = None;
        let texts = self.documents.texts();
        for root in std::mem::take(&mut self.dirty) {
            let started = Instant::now();
            match self.checker.check(&root, &texts) {
                Ok(found) => self.publish(&root, found),
                Err(e) => log(&format!("cannot check {}: {e}", root.display())),
            }
            log(&format!(
                "checked {} in {} ms",
                root.display(),
                started.elapsed().as_millis()
            ));
        }
    }

    /// Publishes the findings of the pack at `root` that differ from the
    /// last published, and clears those of documents that have none now.
    fn publish(&mut self, root: &std::path::Path, found: crate::pack::PackFindings) {
        let mut now: HashMap<Uri, Vec<Diagnostic>> = HashMap::new();
        let mut versions = HashMap::new();
        for (path, findings) in found {
            let Some((uri, converted, version)) = self.convert(&path, &findings)
            else {
                continue;
            };
            versions.insert(uri.clone(), version);
            now.insert(uri, converted);
        }
        let before = self.published.remove(root).unwrap_or_default();
        for uri in before.keys() {
            if !now.contains_key(uri) {
                self.send_diagnostics(uri.clone(), Vec::new(), None);
            }
        }
        for (uri, list) in &now {
            if before.get(uri) != Some(list) {
                let version = versions.get(uri).copied().flatten();
                self.send_diagnostics(uri.clone(), list.clone(), version);
            }
        }
        self.published.insert(root.to_path_buf(), now);
    }

    /// A file's findings as the protocol's, located in the text they were
    /// found in (the open buffer's, else the file's), with its URI.
    fn convert(
        &mut self,
        path: &std::path::Path,
        findings: &[berthier_validator::Diagnostic],
    ) -> Option<(Uri, Vec<Diagnostic>, Option<i32>)> {
        let open = self.documents.by_canonical(path);
        let (uri, version) = match open {
            Some((uri, d)) => (uri.clone(), Some(d.version)),
            None => (uri::from_path(path)?, None),
        };
        if findings.is_empty() {
            self.findings.remove(path);
            return Some((uri, Vec::new(), version));
        }
        let (text, lines) = match open {
            Some((_, d)) => (d.text.clone(), d.lines.clone()),
            None => {
                let text: std::sync::Arc<str> =
                    std::fs::read_to_string(path).unwrap_or_default().into();
                let lines = crate::position::LineIndex::new(&text);
                (text, lines)
            }
        };
        let format = berthier_schema::Format::of_path(path);
        let mut converted = Vec::with_capacity(findings.len());
        let mut at = Vec::with_capacity(findings.len());
        for f in findings {
            let (d, span) = diagnostics::to_lsp(f, &text, &lines, format);
            converted.push(d);
            at.push((span, f.code));
        }
        self.findings.insert(path.to_path_buf(), at);
        Some((uri, converted, version))
    }

    fn send_diagnostics(&self, uri: Uri, diagnostics: Vec<Diagnostic>, version: Option<i32>) {
        let params = PublishDiagnosticsParams { uri, diagnostics, version };
        let n = Notification::new(PublishDiagnostics::METHOD.to_owned(), params);
        self.send(Message::Notification(n));
    }

    fn send(&self, message: Message) {
        if self.connection.sender.send(message).is_err() {
            log("the client is gone; a message was not sent");
        }
    }
}

/// An error response to `request`.
pub fn error_response(request: &Request, code: ErrorCode, message: String) -> Response {
    Response::new_err(request.id.clone(), code as i32, message)
}

/// The client's workspace folders (the older `rootUri` when it names
/// none).
fn workspace_folders(params: &InitializeParams) -> Vec<PathBuf> {
    let folders = params.workspace_folders.iter().flatten();
    let mut out: Vec<PathBuf> =
        folders.filter_map(|f| uri::to_path(&f.uri)).collect();
    #[allow(deprecated)] // still the only root some clients send
    if out.is_empty()
        && let Some(root) = params.root_uri.as_ref().and_then(uri::to_path)
    {
        out.push(root);
    }
    out
}
