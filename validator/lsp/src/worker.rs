//! The pack checks run on a thread of their own, so the server answers
//! requests (and takes the next edits) while a large pack or a huge
//! document is being checked.

use std::path::PathBuf;
use std::thread;
use std::time::{Duration, Instant};

use berthier_validator::{RunError, Texts};
use crossbeam_channel::{Receiver, Sender, unbounded};

use crate::pack::{PackChecker, PackFindings};

/// Packs to check, with the unsaved texts standing for their files.
pub struct Job {
    /// The pack roots.
    pub roots: Vec<PathBuf>,
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
    pub found: Result<PackFindings, RunError>,
    /// How long the check took.
    pub took: Duration,
    /// Whether it is the job's last pack.
    pub last: bool,
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
            for (i, root) in job.roots.into_iter().enumerate() {
                let started = Instant::now();
                let found = checker.check(&root, &job.texts);
                let checked = Checked {
                    root,
                    texts: job.texts.clone(),
                    found,
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
