//! The pack checks run on a thread of their own, so the server answers
//! requests (and takes the next edits) while a large pack or a huge
//! document is being checked.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};

use berthier_validator::{RunError, Texts};
use crossbeam_channel::{Receiver, Sender, unbounded};

use crate::pack::{PackChecker, PackFindings};

/// What to check of a pack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edited {
    /// Every document.
    All,
    /// The documents an edit to these files can change.
    Files(BTreeSet<PathBuf>),
}

/// Packs to check, with the unsaved texts standing for their files.
pub struct Job {
    /// The pack roots, with what to check of each.
    pub roots: Vec<(PathBuf, Edited)>,
    /// The open buffers' texts, by canonical path.
    pub texts: Texts,
}

/// One pack checked.
pub struct Checked {
    /// Its root.
    pub root: PathBuf,
    /// The texts it was checked with (its findings are located in them).
    pub texts: Texts,
    /// What was found, or why it could not be checked.
    pub found: Result<PackFindings, CheckFailed>,
    /// How long the check took.
    pub took: Duration,
    /// Whether the whole pack was checked.
    pub whole: bool,
    /// Whether it is the job's last pack.
    pub last: bool,
}

/// Why a pack could not be checked.
#[derive(Debug, thiserror::Error)]
pub enum CheckFailed {
    /// The validator could not run (as the command line's exit 2).
    #[error(transparent)]
    Run(#[from] RunError),
    /// The check panicked: a bug, reported instead of ending the server.
    #[error(
        "the check failed unexpectedly (a bug in berthier-lsp or the validator)"
    )]
    Panicked,
}

/// Starts the checking thread: jobs in, one [`Checked`] per pack out. It
/// ends when the job sender is dropped.
pub fn spawn() -> (Sender<Job>, Receiver<Checked>) {
    let (jobs, job_receiver) = unbounded::<Job>();
    let (done_sender, done) = unbounded();
    thread::spawn(move || {
        let checker = PackChecker::default();
        for job in job_receiver {
            let count = job.roots.len();
            for (i, (root, edited)) in job.roots.into_iter().enumerate() {
                let started = Instant::now();
                let checked =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(
                        || check(&checker, &root, &edited, &job.texts),
                    ));
                let (found, whole) = match checked {
                    Ok((found, whole)) => {
                        (found.map_err(CheckFailed::from), whole)
                    }
                    Err(_) => (Err(CheckFailed::Panicked), false),
                };
                let checked = Checked {
                    root,
                    texts: job.texts.clone(),
                    found,
                    whole,
                    took: started.elapsed(),
                    last: i + 1 == count,
                };
                if done_sender.send(checked).is_err() {
                    return;
                }
            }
        }
    });
    (jobs, done)
}

/// Checks what `edited` says of the pack at `root`; also says whether
/// the whole pack was checked (so is an edit to a file no longer there:
/// its findings go with it).
fn check(
    checker: &PackChecker,
    root: &Path,
    edited: &Edited,
    texts: &Texts,
) -> (Result<PackFindings, RunError>, bool) {
    match edited {
        Edited::Files(files) if files.iter().all(|f| f.exists()) => {
            let files: Vec<PathBuf> = files.iter().cloned().collect();
            (checker.check_edited(root, &files, texts), false)
        }
        _ => (checker.check(root, texts), true),
    }
}
