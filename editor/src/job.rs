//! Long work (tiling a scan, automatic registration, classifying terrain)
//! on a worker thread of its own, so the window stays responsive.
//!
//! The work reports steps through a callback; they arrive as
//! [`Update::Step`], then exactly one [`Update::Done`] ends the stream,
//! also when the work panics: the panic becomes a [`Failed`] ("tiling the
//! scan failed: <panic message>") for the screen to show, so a progress
//! bar or a busy status never waits for a result that will not come.

use std::any::Any;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use iced::futures::channel::{mpsc, oneshot};
use iced::futures::stream::Stream;

/// What a job's stream carries.
#[derive(Debug, Clone)]
pub enum Update<S, T> {
    /// A step the work reported.
    Step(S),
    /// The work's result, or the panic that ended it. Always the last.
    Done(Result<T, Failed>),
}

/// A job that panicked: what it was doing and the panic's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failed {
    /// What the job was doing, e.g. "tiling the scan".
    pub what: &'static str,
    /// The panic's message (its `&str` or `String` payload).
    pub message: String,
}

impl fmt::Display for Failed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} failed: {}", self.what, self.message)
    }
}

impl std::error::Error for Failed {}

/// Why a screen's background job gave no result. Cloneable, as the
/// message that carries it to the screen must be.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum JobError {
    /// The scan could not be read.
    #[error(transparent)]
    Open(#[from] berthier_tools::project::OpenError),
    /// Automatic registration found no grid.
    #[error(transparent)]
    Auto(#[from] berthier_tools::registration::auto::AutoError),
    /// The work panicked.
    #[error(transparent)]
    Failed(#[from] Failed),
}

/// Runs `work` on a thread of its own. The stream yields each step it
/// reports, then its result (or the panic, as [`Failed`] naming `what`).
pub fn spawn<S, T>(
    what: &'static str,
    work: impl FnOnce(&mut dyn FnMut(S)) -> T + Send + 'static,
) -> impl Stream<Item = Update<S, T>> + Send + 'static
where
    S: Send + 'static,
    T: Send + 'static,
{
    let (tx, rx) = mpsc::unbounded();
    std::thread::spawn(move || {
        let steps = tx.clone();
        let mut report = move |s| {
            // The receiver is gone when the screen was closed: fine.
            let _ = steps.unbounded_send(Update::Step(s));
        };
        let result = catching(what, || work(&mut report));
        let _ = tx.unbounded_send(Update::Done(result));
    });
    rx
}

/// Runs `work`, which reports nothing, on a thread of its own; resolves to
/// its result or the panic.
pub async fn run<T: Send + 'static>(
    what: &'static str,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Failed> {
    let (tx, rx) = oneshot::channel();
    std::thread::spawn(move || {
        let _ = tx.send(catching(what, work));
    });
    // The sender is dropped without sending only if the thread itself
    // could not finish (it catches the work's panics).
    rx.await.unwrap_or_else(|_| {
        Err(Failed {
            what,
            message: "the worker stopped".to_owned(),
        })
    })
}

/// `work()`, its panic turned into [`Failed`].
fn catching<T>(
    what: &'static str,
    work: impl FnOnce() -> T,
) -> Result<T, Failed> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|payload| Failed {
        what,
        message: panic_message(payload.as_ref()),
    })
}

/// The message of a panic payload (`panic!("...")` gives a `&str` or a
/// `String`).
fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use iced::futures::StreamExt;
    use iced::futures::executor::block_on;

    #[test]
    fn steps_then_the_result() {
        let updates: Vec<Update<u32, Result<&str, JobError>>> = block_on(
            spawn("counting", |report| {
                report(1);
                report(2);
                Ok("done")
            })
            .collect(),
        );
        assert!(matches!(
            updates.as_slice(),
            [
                Update::Step(1),
                Update::Step(2),
                Update::Done(Ok(Ok("done")))
            ]
        ));
    }

    #[test]
    fn a_panicking_job_ends_with_its_message() {
        let updates: Vec<Update<u32, ()>> = block_on(
            spawn("tiling the scan", |report| {
                report(37);
                panic!("tile {} out of range", 3);
            })
            .collect(),
        );
        let [Update::Step(37), Update::Done(Err(failed))] = updates.as_slice()
        else {
            panic!("{updates:?}");
        };
        assert_eq!(
            failed.to_string(),
            "tiling the scan failed: tile 3 out of range"
        );
        let failed = block_on(run("classifying the hexes", || -> u8 {
            panic!("no samples")
        }))
        .expect_err("panicked");
        assert_eq!(
            failed.to_string(),
            "classifying the hexes failed: no samples"
        );
    }
}
