//! File menu, "Import VASSAL module…": the module picked, then the folder
//! to write into, then the same import as `berthier-editor import-vassal`
//! ([`berthier_tools::vassal::import`]) off the UI thread, the work bar
//! ([`super::status`]) saying what runs and how it ended, and the imported battle opened (its
//! at-start scenario when the module has one, else its first map).
//!
//! The folder: an empty (or new) folder takes the import; a folder holding
//! files gets a new subfolder named after the module, so picking
//! `maps/` is enough. An import never writes into a folder with files
//! (it refuses, and says so in the bar).

use std::path::{Path, PathBuf};

use iced::Task;

use super::status::Status;
use super::{App, Message};
use crate::screen::unsaved::Pending;
use berthier_tools::vassal::import;

/// The steps of the import.
#[derive(Debug, Clone)]
pub enum VassalImport {
    /// Ask for the module.
    Start,
    /// The module dialog closed (`None`: cancelled).
    ModulePicked(Option<PathBuf>),
    /// The folder dialog closed for this module.
    FolderPicked(PathBuf, Option<PathBuf>),
    /// Import `module` into `folder` (as picked: see the module docs).
    Run {
        /// The `.vmod`.
        module: PathBuf,
        /// The folder picked.
        folder: PathBuf,
    },
    /// The import ended: the file to open and a summary, or the error.
    Done(Result<Imported, ImportFailed>),
}

/// A finished import.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    /// The scenario or map to open.
    pub open: PathBuf,
    /// One line for the bar.
    pub summary: String,
}

impl App {
    /// One step of the import.
    pub(super) fn vassal(&mut self, step: VassalImport) -> Task<Message> {
        match step {
            VassalImport::Start => {
                let mut dialog = rfd::AsyncFileDialog::new()
                    .set_title("Import VASSAL module")
                    .add_filter("VASSAL modules", &["vmod", "zip"]);
                // The folder of the document shown, as Open starts in.
                if let Some(folder) = self.folder() {
                    dialog = dialog.set_directory(folder);
                }
                Task::perform(dialog.pick_file(), move |h| {
                    Message::Vassal(VassalImport::ModulePicked(
                        h.map(|h| h.path().to_owned()),
                    ))
                })
            }
            VassalImport::ModulePicked(Some(module)) => {
                let mut dialog = rfd::AsyncFileDialog::new()
                    .set_title("Folder to import the module into");
                if let Some(dir) = module.parent() {
                    dialog = dialog.set_directory(dir);
                }
                Task::perform(dialog.pick_folder(), move |h| {
                    Message::Vassal(VassalImport::FolderPicked(
                        module.clone(),
                        h.map(|h| h.path().to_owned()),
                    ))
                })
            }
            VassalImport::FolderPicked(module, Some(folder)) => {
                self.vassal(VassalImport::Run { module, folder })
            }
            VassalImport::Run { module, folder } => {
                let out = target(&module, &folder);
                self.work_status = Some(Status::Running(format!(
                    "Importing {} into {}…",
                    module.display(),
                    out.display()
                )));
                Task::perform(async move { run(&module, &out) }, move |r| {
                    Message::Vassal(VassalImport::Done(r))
                })
            }
            VassalImport::Done(result) => self.vassal_done(result),
            VassalImport::ModulePicked(None)
            | VassalImport::FolderPicked(_, None) => Task::none(),
        }
    }

    fn vassal_done(
        &mut self,
        result: Result<Imported, ImportFailed>,
    ) -> Task<Message> {
        match result {
            Ok(done) => {
                self.work_status = Some(Status::Ended(done.summary));
                self.request(Pending::Open(done.open))
            }
            Err(e) => {
                self.work_status =
                    Some(Status::Ended(format!("Import failed: {e}")));
                Task::none()
            }
        }
    }
}

/// Where the import writes: `folder` if empty or new, else a new
/// subfolder named after the module (`-2`, `-3`.. if taken).
pub fn target(module: &Path, folder: &Path) -> PathBuf {
    let empty = |p: &Path| {
        std::fs::read_dir(p).map_or(true, |mut d| d.next().is_none())
    };
    if empty(folder) {
        return folder.to_owned();
    }
    let stem = module
        .file_stem()
        .map_or("vassal".into(), |s| s.to_string_lossy().into_owned());
    let mut n = 1;
    loop {
        let name = if n == 1 {
            stem.clone()
        } else {
            format!("{stem}-{n}")
        };
        let candidate = folder.join(name);
        if empty(&candidate) {
            return candidate;
        }
        n += 1;
    }
}

/// Why an import from the menu did not end with a file to open.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ImportFailed {
    /// The importer refused the module (nothing was written).
    #[error("{path}: {1}", path = .0.display())]
    Import(PathBuf, std::sync::Arc<import::ImportError>),
    /// The module was imported but has no hex-grid board to open.
    #[error(
        "{path}: no board with a hex grid to open ({1} skipped)",
        path = .0.display()
    )]
    NothingToOpen(PathBuf, usize),
}

/// Runs the import of `module` into `out`: what to open and a summary.
pub fn run(module: &Path, out: &Path) -> Result<Imported, ImportFailed> {
    let report = import::import(module, out).map_err(|e| {
        ImportFailed::Import(module.to_owned(), std::sync::Arc::new(e))
    })?;
    let open = report
        .scenarios
        .first()
        .or_else(|| report.maps.first().map(|m| &m.map))
        .cloned()
        .ok_or_else(|| {
            ImportFailed::NothingToOpen(module.to_owned(), report.skipped.len())
        })?;
    let mut summary = format!(
        "Imported {} into {}: {} map(s), {} counter(s), {} setup(s). The \
         series is a stub (series.ron) to complete.",
        module.display(),
        out.display(),
        report.maps.len(),
        report.units,
        report.scenarios.len()
    );
    if !report.notes.is_empty() {
        summary.push_str(&format!(
            " {} note(s): {}",
            report.notes.len(),
            report.notes.join("; ")
        ));
    }
    Ok(Imported { open, summary })
}
