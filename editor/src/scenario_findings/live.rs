//! Running [`super::check`] after each change without holding up the
//! window: a change starts a worker thread that waits [`DEBOUNCE`] and
//! gives up if another change came meanwhile (painting a stroke changes
//! the map many times a second), else checks; its result comes back as a
//! [`Message::Checked`] tagged with the change it answers, and a result
//! for a change that has since been superseded is dropped.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use berthier_rules::Diagnostic;
use iced::Task;

use super::{Checker, Memory, Outcome, Texts};

/// How long a change waits for the next one before the check starts.
pub const DEBOUNCE: Duration = Duration::from_millis(60);

/// What the panel handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// The worker's result for change number `.0`.
    Checked(u64, Arc<Result<Outcome, super::FindingsError>>),
    /// Show the finding at this index of the list.
    Show(usize),
    /// Show a code's documentation (Help > Rule codes; the application
    /// takes it, over whichever screen holds the panel).
    Explain(berthier_rules::Code),
}

/// Makes the in-memory documents on the worker thread (serialising a
/// large map is part of the work kept off the window's thread).
pub type MakeTexts = Box<dyn FnOnce() -> Texts + Send>;

/// Makes the in-memory documents, maps typed, on the worker thread.
pub type MakeMemory = Box<dyn FnOnce() -> Memory + Send>;

/// The live findings of one scenario.
#[derive(Debug)]
pub struct Live {
    scenario: PathBuf,
    /// What a check keeps for the next (shared with the workers).
    checker: Arc<Checker>,
    /// Number of the latest change (shared with the workers, which give
    /// up when it moves on).
    latest: Arc<AtomicU64>,
    /// Number of the change whose result is shown (0: none yet).
    shown: u64,
    outcome: Option<Arc<Result<Outcome, super::FindingsError>>>,
    /// The files read from memory (their line numbers are not the file's).
    in_memory: Vec<PathBuf>,
    /// The finding last clicked.
    selected: Option<usize>,
    /// When the latest change was made.
    changed_at: Option<Instant>,
    /// How long the latest shown result took from its change.
    pub last_latency: Option<Duration>,
}

impl Live {
    /// Live findings of the scenario at `scenario`, none yet.
    pub fn new(scenario: &Path) -> Self {
        Self {
            scenario: scenario.to_owned(),
            checker: Arc::default(),
            latest: Arc::new(AtomicU64::new(0)),
            shown: 0,
            outcome: None,
            in_memory: Vec::new(),
            selected: None,
            changed_at: None,
            last_latency: None,
        }
    }

    /// The scenario checked.
    pub fn scenario(&self) -> &Path {
        &self.scenario
    }

    /// Records a change and returns the task that checks it:
    /// `in_memory` names the files `texts` will make.
    pub fn changed(
        &mut self,
        in_memory: Vec<PathBuf>,
        texts: MakeTexts,
    ) -> Task<Message> {
        self.changed_memory(
            in_memory,
            Box::new(move || Memory {
                texts: texts(),
                ..Memory::default()
            }),
        )
    }

    /// [`Self::changed`] with documents held typed: `in_memory` names the
    /// files `memory` will make.
    pub fn changed_memory(
        &mut self,
        in_memory: Vec<PathBuf>,
        memory: MakeMemory,
    ) -> Task<Message> {
        let number = self.latest.fetch_add(1, Ordering::SeqCst) + 1;
        self.changed_at = Some(Instant::now());
        self.in_memory = in_memory;
        let latest = Arc::clone(&self.latest);
        let scenario = self.scenario.clone();
        let checker = Arc::clone(&self.checker);
        let (send, receive) = iced::futures::channel::oneshot::channel();
        std::thread::spawn(move || {
            std::thread::sleep(DEBOUNCE);
            if latest.load(Ordering::SeqCst) != number {
                return; // superseded: the receiver sees a cancellation
            }
            let _ = send.send(checker.check(&scenario, memory()));
        });
        Task::perform(receive, move |result| match result {
            Ok(outcome) => Message::Checked(number, Arc::new(outcome)),
            Err(_) => Message::Checked(
                0,
                Arc::new(Err(super::FindingsError::Cancelled)),
            ),
        })
    }

    /// Checks now on this thread, as if change `number` had just been
    /// checked by a worker (tests and the benchmark's baseline).
    pub fn check_now(&mut self, texts: &Texts) -> Message {
        self.check_now_memory(Memory {
            texts: texts.clone(),
            ..Memory::default()
        })
    }

    /// [`Self::check_now`] with documents held typed.
    pub fn check_now_memory(&mut self, memory: Memory) -> Message {
        let number = self.latest.fetch_add(1, Ordering::SeqCst) + 1;
        self.changed_at = Some(Instant::now());
        let outcome = self.checker.check(&self.scenario, memory);
        Message::Checked(number, Arc::new(outcome))
    }

    /// Handles a message; returns the hex to centre on for `Show`.
    pub fn update(&mut self, message: Message) -> Option<&Diagnostic> {
        match message {
            Message::Checked(number, outcome) => {
                if number == 0 || number != self.latest.load(Ordering::SeqCst) {
                    return None; // stale or cancelled
                }
                self.shown = number;
                self.last_latency = self.changed_at.map(|t| t.elapsed());
                let same = matches!(
                    (self.outcome.as_deref(), &*outcome),
                    (Some(Ok(shown)), Ok(now)) if shown == now
                );
                if !same {
                    self.selected = None;
                }
                self.outcome = Some(outcome);
                None
            }
            Message::Show(i) => {
                let list = self.findings();
                list.get(i)?;
                self.selected = Some(i);
                self.findings().get(i)
            }
            Message::Explain(_) => None,
        }
    }

    /// Whether a change has not been checked yet.
    pub fn checking(&self) -> bool {
        self.shown != self.latest.load(Ordering::SeqCst)
    }

    /// The result shown: the findings, or why the scenario could not be
    /// checked.
    pub fn outcome(&self) -> Option<&Result<Outcome, super::FindingsError>> {
        self.outcome.as_deref()
    }

    /// The findings shown (none before the first result).
    pub fn findings(&self) -> &[Diagnostic] {
        match self.outcome.as_deref() {
            Some(Ok(o)) => &o.findings,
            _ => &[],
        }
    }

    /// The finding last clicked.
    pub fn selected(&self) -> Option<&Diagnostic> {
        self.findings().get(self.selected?)
    }

    /// Index of the finding last clicked.
    pub fn selected_index(&self) -> Option<usize> {
        self.selected
    }

    /// Whether `file` (relative to the pack) is read from memory.
    pub(super) fn in_memory(&self, file: &str) -> bool {
        self.in_memory.iter().any(|p| p.ends_with(file))
    }
}

impl Live {
    /// The unit `finding` is about, if its pointer names one.
    pub fn unit_of(&self, finding: &Diagnostic) -> Option<String> {
        super::unit_of(&self.scenario, finding)
    }
}
