//! The message loop: documents opened and changed, the packs they belong
//! to checked again once the edits pause, requests answered.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use berthier_validator::RunError;
use crossbeam_channel::{Receiver, Sender, select};
use lsp_server::{Connection, Message, Notification};
use lsp_types::notification::{
    DidChangeTextDocument, DidChangeWatchedFiles, DidCloseTextDocument,
    DidOpenTextDocument, DidSaveTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::{Diagnostic, InitializeParams, PublishDiagnosticsParams, Uri};

use crate::documents::Documents;
use crate::hover::FindingAt;
use crate::pack::root_of;
use crate::position::LineIndex;
use crate::transport::log;
use crate::worker::{self, CheckFailed, Checked, Edited, Job};
use crate::{ServeError, diagnostics, requests, uri};

/// How long edits must pause before the pack is checked again.
pub const DEBOUNCE: Duration = Duration::from_millis(150);

/// Findings published at most for one document: a million duplicated
/// setup entries make two million, which no editor can show; past this
/// a last note says how many more a run reports.
pub const MAX_PER_DOCUMENT: usize = 1000;

/// A document's diagnostics as published: its URI, the list, and the
/// version of the text they are about.
type Published = (Uri, Vec<Diagnostic>, Option<i32>);

/// The server's state between messages.
pub struct Server {
    connection: Connection,
    /// The client's workspace folders.
    workspace: Vec<PathBuf>,
    documents: Documents,
    /// Jobs to the checking thread, and its results.
    jobs: Sender<Job>,
    checked: Receiver<Checked>,
    /// Whether the checking thread has a job.
    busy: bool,
    /// Pack roots to check again, and when.
    dirty: BTreeMap<PathBuf, Edited>,
    due: Option<Instant>,
    /// What was last published, by pack root and canonical path.
    published: HashMap<PathBuf, HashMap<PathBuf, Published>>,
    /// The `berthier.toml` files whose error is published.
    config_errors: std::collections::BTreeSet<PathBuf>,
    /// The findings' codes and byte ranges, by canonical path (hover).
    findings: HashMap<PathBuf, Vec<FindingAt>>,
}

impl Server {
    /// A server for a client that initialized with `params`.
    pub fn new(connection: Connection, params: &InitializeParams) -> Self {
        let (jobs, checked) = worker::spawn();
        Self {
            connection,
            workspace: workspace_folders(params),
            documents: Documents::default(),
            jobs,
            checked,
            busy: false,
            dirty: BTreeMap::new(),
            due: None,
            published: HashMap::new(),
            findings: HashMap::new(),
            config_errors: Default::default(),
        }
    }

    /// Handles messages until the client shuts the server down or the
    /// connection ends. A check still running then is abandoned.
    pub fn run(&mut self) -> Result<(), ServeError> {
        loop {
            let timer = match self.due {
                Some(due) => crossbeam_channel::at(due),
                None => crossbeam_channel::never(),
            };
            let message = select! {
                recv(self.connection.receiver) -> message => match message {
                    Ok(message) => message,
                    Err(_) => return Ok(()),
                },
                recv(self.checked) -> checked => {
                    match checked {
                        Ok(checked) => self.finished(checked),
                        // The thread is gone: a new one takes the next job.
                        Err(_) => self.restart_worker(),
                    }
                    continue;
                },
                recv(timer) -> _ => {
                    self.start_check();
                    continue;
                },
            };
            match message {
                Message::Request(request) => {
                    if self.connection.handle_shutdown(&request)? {
                        return Ok(());
                    }
                    let state = requests::State {
                        documents: &self.documents,
                        findings: &self.findings,
                        workspace: &self.workspace,
                    };
                    let response = requests::answer(&state, request);
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
                self.touch(&d.uri, false);
            }
            DidChangeTextDocument::METHOD => {
                let p: lsp_types::DidChangeTextDocumentParams =
                    serde_json::from_value(n.params)?;
                // Full synchronisation: the last change is the whole text.
                if let Some(change) = p.content_changes.into_iter().last() {
                    let d = p.text_document;
                    self.documents.set(d.uri.clone(), change.text, d.version);
                    self.touch(&d.uri, false);
                }
            }
            DidSaveTextDocument::METHOD => {
                let p: lsp_types::DidSaveTextDocumentParams =
                    serde_json::from_value(n.params)?;
                // `berthier.toml` is read from disk: saved, it may change
                // any finding of the pack.
                let config = uri::to_path(&p.text_document.uri)
                    .is_some_and(|p| p.ends_with("berthier.toml"));
                self.touch(&p.text_document.uri, config);
            }
            DidCloseTextDocument::METHOD => {
                let p: lsp_types::DidCloseTextDocumentParams =
                    serde_json::from_value(n.params)?;
                self.touch(&p.text_document.uri, false);
                self.documents.close(&p.text_document.uri);
            }
            DidChangeWatchedFiles::METHOD => {
                let p: lsp_types::DidChangeWatchedFilesParams =
                    serde_json::from_value(n.params)?;
                for change in p.changes {
                    self.touch(&change.uri, true);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Marks the pack of the document at `uri` to be checked again once
    /// the edits pause: the whole pack when `whole` or when it was never
    /// checked, else the documents the edit can change.
    fn touch(&mut self, at: &Uri, whole: bool) {
        let Some(path) = uri::to_path(at) else {
            return;
        };
        let root = root_of(&path, &self.workspace);
        let whole = whole || !self.published.contains_key(&root);
        let edited = self
            .dirty
            .entry(root)
            .or_insert_with(|| Edited::Files(Default::default()));
        match edited {
            Edited::Files(_) if whole => *edited = Edited::All,
            Edited::Files(files) => {
                files.insert(path);
            }
            Edited::All => {}
        }
        self.due = Some(Instant::now() + DEBOUNCE);
    }

    fn restart_worker(&mut self) {
        log("the checking thread ended; starting another");
        (self.jobs, self.checked) = worker::spawn();
        self.busy = false;
        if !self.dirty.is_empty() {
            self.due = Some(Instant::now() + DEBOUNCE);
        }
    }

    /// Hands the packs marked to the checking thread, unless it is busy
    /// (they are handed over when it is done).
    fn start_check(&mut self) {
        self.due = None;
        if self.busy || self.dirty.is_empty() {
            return;
        }
        let roots: Vec<(PathBuf, Edited)> =
            std::mem::take(&mut self.dirty).into_iter().collect();
        // A pack with no result yet is marked checked whole, so edits
        // meanwhile are checked as edits.
        for (root, _) in &roots {
            self.published.entry(root.clone()).or_default();
        }
        let job = Job {
            roots,
            texts: self.documents.texts(),
        };
        self.busy = self.jobs.send(job).is_ok();
    }

    /// Publishes what a check found; starts the next when edits came in
    /// meanwhile.
    fn finished(&mut self, checked: Checked) {
        let root = checked.root.display().to_string();
        let took = checked.took.as_millis();
        let config = checked.root.join("berthier.toml");
        match checked.found {
            Ok(found) => {
                self.publish_config_error(&config, None);
                self.publish(
                    &checked.root,
                    found,
                    &checked.texts,
                    checked.whole,
                );
            }
            // Nothing of the pack can be checked: said on the file.
            Err(CheckFailed::Run(RunError::Config { path, message })) => {
                self.publish_config_error(&path, Some(message));
            }
            Err(e) => log(&format!("cannot check {root}: {e}")),
        }
        log(&format!("checked {root} in {took} ms"));
        if checked.last {
            self.busy = false;
            if !self.dirty.is_empty() && self.due.is_none() {
                self.start_check();
            }
        }
    }

    /// Publishes why `berthier.toml` at `path` stops the pack from being
    /// checked, or (`None`) clears it once it no longer does.
    fn publish_config_error(
        &mut self,
        path: &std::path::Path,
        why: Option<String>,
    ) {
        let Some(uri) = uri::from_path(path) else {
            return;
        };
        let shown = why.is_some();
        if !shown && !self.config_errors.remove(path) {
            return;
        }
        let list = why.map(diagnostics::config_error).into_iter().collect();
        if shown {
            self.config_errors.insert(path.to_path_buf());
        }
        self.send_diagnostics(uri, list, None);
    }

    /// Publishes the findings of the documents checked that differ from
    /// the last published; after a check of the whole pack, also clears
    /// those of documents it no longer holds.
    fn publish(
        &mut self,
        root: &std::path::Path,
        found: crate::pack::PackFindings,
        texts: &berthier_validator::Texts,
        whole: bool,
    ) {
        let mut now: HashMap<PathBuf, Published> = HashMap::new();
        for (path, findings) in found {
            if let Some(published) = self.convert(&path, &findings, texts) {
                now.insert(path, published);
            }
        }
        let mut kept = self.published.remove(root).unwrap_or_default();
        if whole {
            for (path, (uri, _, _)) in &kept {
                if !now.contains_key(path) {
                    self.send_diagnostics(uri.clone(), Vec::new(), None);
                }
            }
            kept.retain(|path, _| now.contains_key(path));
        }
        for (path, published) in now {
            let (uri, list, version) = &published;
            let same = kept
                .get(&path)
                .is_some_and(|(u, l, _)| u == uri && l == list);
            if !same {
                self.send_diagnostics(uri.clone(), list.clone(), *version);
            }
            kept.insert(path, published);
        }
        self.published.insert(root.to_path_buf(), kept);
    }

    /// A file's findings as the protocol's, located in the text they were
    /// found in (the buffer's as checked, else the file's), with its URI.
    fn convert(
        &mut self,
        path: &std::path::Path,
        findings: &[berthier_validator::Diagnostic],
        texts: &berthier_validator::Texts,
    ) -> Option<Published> {
        let open = self.documents.by_canonical(path);
        let checked = texts.get(path);
        let (uri, version) = match open {
            // The version only when the findings are of its text as it is.
            Some((uri, d)) => {
                let same = checked.is_some_and(|t| Arc::ptr_eq(t, &d.text));
                (uri.clone(), same.then_some(d.version))
            }
            None => (uri::from_path(path)?, None),
        };
        if findings.is_empty() {
            self.findings.remove(path);
            return Some((uri, Vec::new(), version));
        }
        let text: Arc<str> = match checked {
            Some(text) => text.clone(),
            None => std::fs::read_to_string(path).unwrap_or_default().into(),
        };
        let lines = LineIndex::new(&text);
        let format = berthier_schema::Format::of_path(path);
        let shown = &findings[..findings.len().min(MAX_PER_DOCUMENT)];
        let mut converted = Vec::with_capacity(shown.len() + 1);
        let mut at = Vec::with_capacity(shown.len());
        for f in shown {
            let (d, span) = diagnostics::to_lsp(f, &text, &lines, format);
            converted.push(d);
            at.push((span, f.code));
        }
        if findings.len() > shown.len() {
            converted.push(diagnostics::more(findings.len() - shown.len()));
        }
        self.findings.insert(path.to_path_buf(), at);
        Some((uri, converted, version))
    }

    fn send_diagnostics(
        &self,
        uri: Uri,
        diagnostics: Vec<Diagnostic>,
        version: Option<i32>,
    ) {
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        };
        let n =
            Notification::new(PublishDiagnostics::METHOD.to_owned(), params);
        self.send(Message::Notification(n));
    }

    fn send(&self, message: Message) {
        if self.connection.sender.send(message).is_err() {
            log("the client is gone; a message was not sent");
        }
    }
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
