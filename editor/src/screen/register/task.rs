//! Automatic registration in the background, reporting each step (scan
//! decoded, lattice found, hexes measured n/N, fit) to the status line.

use std::path::Path;
use std::sync::Arc;

use berthier_schema::fit::Landmark;
use berthier_schema::{HexId, Shift};
use iced::Task;

use crate::job::{self, JobError, Update};
use berthier_tools::project;
use berthier_tools::registration::auto::{self, AutoStep};
use berthier_tools::registration::{Gray, RefineStep, Refined};

/// A step of automatic registration, as the status line shows it.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// Reading and decoding the scan.
    Decoding,
    /// Looking for the repeating hex pattern.
    Searching,
    /// The lattice was found.
    Lattice {
        /// Its hex radius, pixels.
        radius_px: f64,
        /// Its rotation, degrees.
        rotation_deg: f64,
    },
    /// Measuring and fitting hexes.
    Refine(RefineStep),
}

impl Step {
    /// Status-line text.
    pub fn label(&self) -> String {
        match self {
            Self::Decoding => "Automatic: reading the scan…".to_owned(),
            Self::Searching => {
                "Automatic: looking for the hex lattice…".to_owned()
            }
            Self::Lattice {
                radius_px,
                rotation_deg,
            } => format!(
                "Automatic: lattice found (radius {radius_px:.1} px, {rotation_deg:.2}°); measuring hexes…"
            ),
            Self::Refine(RefineStep::Measuring {
                pass,
                passes,
                done,
                total,
            }) => format!(
                "Automatic: pass {pass}/{passes}, hexes measured {done}/{total}"
            ),
            Self::Refine(RefineStep::Fitting { pass }) => {
                format!("Automatic: pass {pass}, fitting the grid…")
            }
        }
    }
}

/// What automatic registration finds: the gray scan (kept for "Bend for
/// drift") and the refined grid.
pub type Found = Arc<(Gray, Refined)>;

/// Work for a worker thread that reports steps of type `S`.
pub type ReportingJob<T, S> =
    Box<dyn FnOnce(&mut dyn FnMut(S)) -> Result<T, JobError> + Send>;

/// The automatic registration of the scan at `path`, numbered by `anchor`,
/// measuring `hexes`.
pub fn auto_job(
    path: std::path::PathBuf,
    shift: Shift,
    anchor: Landmark,
    hexes: Vec<HexId>,
) -> ReportingJob<Found, Step> {
    Box::new(move |report| auto_register(&path, shift, anchor, &hexes, report))
}

fn auto_register(
    path: &Path,
    shift: Shift,
    anchor: Landmark,
    hexes: &[HexId],
    report: &mut dyn FnMut(Step),
) -> Result<Found, JobError> {
    report(Step::Decoding);
    let rgba = project::load_rgba(path)?;
    let gray = Gray::from_rgba(&rgba);
    drop(rgba);
    report(Step::Searching);
    let (_, refined) =
        auto::propose_reporting(&gray, shift, anchor, hexes, &mut |s| {
            report(match s {
                AutoStep::Lattice(l) => Step::Lattice {
                    radius_px: l.radius_px,
                    rotation_deg: l.rotation_deg,
                },
                AutoStep::Refine(r) => Step::Refine(r),
            });
        })?;
    Ok(Arc::new((gray, refined)))
}

/// Runs `work` as a [`crate::job`]: its steps arrive as `on_step`
/// messages, then its result as `on_done` (a panic as an error naming
/// `what`, e.g. "automatic registration failed: <panic message>").
pub fn run_reporting<T, S, M>(
    what: &'static str,
    work: ReportingJob<T, S>,
    on_step: fn(S) -> M,
    on_done: fn(Result<T, JobError>) -> M,
) -> Task<M>
where
    T: Send + 'static,
    S: Send + 'static,
    M: Send + 'static,
{
    Task::run(job::spawn(what, work), move |update| match update {
        Update::Step(s) => on_step(s),
        Update::Done(result) => {
            on_done(result.unwrap_or_else(|failed| Err(failed.into())))
        }
    })
}
