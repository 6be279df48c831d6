//! File > Export: the map as a PNG, the order of battle as a printable
//! counter sheet, the battle as a VASSAL module, the map as a Tiled map;
//! each the same export as its command (`berthier-editor render`,
//! `counters`, `export-vassal`, `export-tiled`, from the GUI-free
//! library), asked for a file first (starting beside the document), run
//! off the UI thread ([`crate::job`]) with its steps in the work bar, and
//! ended with what was written or why nothing was.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use iced::Task;

use super::status::Status;
use super::{App, Message, Screen};
use crate::job::{self, Update};
use berthier_tools::counter_art::sheet::{self, SheetArgs};
use berthier_tools::render::{self, RenderArgs};

/// What is exported.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The map drawn as a PNG.
    MapPng,
    /// The order of battle's counters, fronts and backs, to print.
    CounterSheet,
    /// The battle (map, counters, setup) as a VASSAL module.
    VassalModule,
    /// The map as a Tiled map.
    TiledMap,
}

impl Kind {
    fn what(self) -> &'static str {
        match self {
            Self::MapPng => "the map as a PNG",
            Self::CounterSheet => "the counter sheet",
            Self::VassalModule => "the VASSAL module",
            Self::TiledMap => "the Tiled map",
        }
    }

    /// The file name offered, from the document's stem.
    fn file_name(self, stem: &str) -> String {
        match self {
            Self::MapPng => format!("{stem}.png"),
            Self::CounterSheet => format!("{stem}-counters.png"),
            Self::VassalModule => format!("{stem}.vmod"),
            Self::TiledMap => format!("{stem}.tmx"),
        }
    }

    fn filter(self) -> (&'static str, &'static [&'static str]) {
        match self {
            Self::MapPng | Self::CounterSheet => ("PNG images", &["png"]),
            Self::VassalModule => ("VASSAL modules", &["vmod"]),
            Self::TiledMap => ("Tiled maps", &["tmx"]),
        }
    }
}

/// The steps of an export.
#[derive(Debug, Clone)]
pub enum Export {
    /// Ask for the file to write.
    Ask(Kind),
    /// The dialog closed (`None`: cancelled).
    Picked(Kind, PathBuf, Option<PathBuf>),
    /// A step of the work, for the bar.
    Step(String),
    /// The work ended: what was written, or why not.
    Done(Result<String, ExportFailed>),
}

/// Why an export wrote nothing. Cloneable, as the message carrying it
/// must be.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ExportFailed {
    /// The map did not open or the PNG was not written.
    #[error(transparent)]
    Map(#[from] berthier_tools::project::OpenError),
    /// The counter sheet.
    #[error(transparent)]
    Sheet(Arc<sheet::SheetError>),
    /// The VASSAL module.
    #[error(transparent)]
    Vassal(Arc<berthier_tools::vassal::export::battle::VmodError>),
    /// The Tiled map.
    #[error(transparent)]
    Tiled(Arc<berthier_tools::tiled::ExportError>),
    /// The work panicked.
    #[error(transparent)]
    Failed(#[from] job::Failed),
}

impl App {
    /// The document an export of `kind` is made from, for the screen
    /// shown: the map, the order of battle, or the scenario.
    pub fn export_source(&self, kind: Kind) -> Option<PathBuf> {
        match kind {
            Kind::MapPng | Kind::TiledMap => {
                self.map().map(|m| m.opened().path.clone())
            }
            Kind::CounterSheet => match &self.screen {
                Screen::Oob(s) => Some(s.doc().path().to_owned()),
                _ => self.scenario_counters.clone(),
            },
            Kind::VassalModule => match &self.screen {
                Screen::Setup(s) => Some(s.doc().path().to_owned()),
                Screen::Timeline(s) => Some(s.doc().path().to_owned()),
                _ => self.scenario.clone(),
            },
        }
    }

    /// One step of an export.
    pub(super) fn export(&mut self, step: Export) -> Task<Message> {
        match step {
            Export::Ask(kind) => {
                let Some(source) = self.export_source(kind) else {
                    return Task::none();
                };
                ask(kind, source)
            }
            Export::Picked(kind, source, Some(out)) => {
                self.work_status = Some(Status::Running(format!(
                    "Exporting {}…",
                    kind.what()
                )));
                run(kind, source, out)
            }
            Export::Picked(_, _, None) => Task::none(),
            Export::Step(s) => {
                self.work_status = Some(Status::Running(s));
                Task::none()
            }
            Export::Done(Ok(s)) => {
                self.work_status = Some(Status::Ended(s));
                Task::none()
            }
            Export::Done(Err(e)) => {
                self.work_status =
                    Some(Status::Ended(format!("Export failed: {e}")));
                Task::none()
            }
        }
    }
}

/// The Save dialog for `kind`, beside `source`.
fn ask(kind: Kind, source: PathBuf) -> Task<Message> {
    let stem = stem_of(&source);
    let (label, extensions) = kind.filter();
    let mut dialog = rfd::AsyncFileDialog::new()
        .set_title(format!("Export {}", kind.what()))
        .add_filter(label, extensions)
        .set_file_name(kind.file_name(&stem));
    if let Some(dir) = source.parent() {
        dialog = dialog.set_directory(dir);
    }
    Task::perform(dialog.save_file(), move |h| {
        Message::Export(Export::Picked(
            kind,
            source.clone(),
            h.map(|h| h.path().to_owned()),
        ))
    })
}

/// `name.map.ron` gives `name`.
fn stem_of(path: &Path) -> String {
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    name.split('.').next().unwrap_or("export").to_owned()
}

/// Runs the export of `kind` from `source` to `out` on a thread of its
/// own; its steps and end come back as messages.
pub fn run(kind: Kind, source: PathBuf, out: PathBuf) -> Task<Message> {
    let work = move |step: &mut dyn FnMut(String)| {
        export_now(kind, &source, &out, step)
    };
    Task::run(job::spawn("the export", work), |update| match update {
        Update::Step(s) => Message::Export(Export::Step(s)),
        Update::Done(result) => {
            let result = result.unwrap_or_else(|failed| Err(failed.into()));
            Message::Export(Export::Done(result))
        }
    })
}

/// The export itself, on this thread: one line saying what was written,
/// or the error. Public for the tests, which run no tasks.
pub fn export_now(
    kind: Kind,
    source: &Path,
    out: &Path,
    step: &mut dyn FnMut(String),
) -> Result<String, ExportFailed> {
    let wrote = |detail: String| format!("Wrote {}: {detail}", out.display());
    match kind {
        Kind::MapPng => {
            let args = RenderArgs {
                input: source.to_owned(),
                out: out.to_owned(),
                layers: None,
                scanify: false,
            };
            let mut report =
                |s: render::Step| step(format!("Exporting the map: {s}"));
            let r = render::run_with_progress(&args, &mut report)?;
            Ok(wrote(format!("{}×{} px", r.size[0], r.size[1])))
        }
        Kind::CounterSheet => {
            let args = SheetArgs {
                file: source.to_owned(),
                out: out.to_owned(),
                size_mm: sheet::DEFAULT_SIZE_MM,
                dpi: sheet::DEFAULT_DPI,
                columns: sheet::DEFAULT_COLUMNS,
            };
            let r = sheet::run(&args)
                .map_err(|e| ExportFailed::Sheet(Arc::new(e)))?;
            Ok(wrote(format!(
                "{} counters of {} mm at {} dpi, fronts left, backs right",
                r.layout.cells.len(),
                sheet::DEFAULT_SIZE_MM,
                sheet::DEFAULT_DPI
            )))
        }
        Kind::VassalModule => {
            let r = berthier_tools::vassal::export::battle::export(source, out)
                .map_err(|e| ExportFailed::Vassal(Arc::new(e)))?;
            Ok(wrote(format!(
                "{} counters, {} pieces set up",
                r.counters, r.placed
            )))
        }
        Kind::TiledMap => {
            let r = berthier_tools::tiled::export(source, out)
                .map_err(|e| ExportFailed::Tiled(Arc::new(e)))?;
            Ok(wrote(format!(
                "{} hexes, {} files",
                r.hexes,
                r.written.len()
            )))
        }
    }
}
