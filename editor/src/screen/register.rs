//! The "Register grid" screen: the scan with the candidate grid drawn over
//! it; numbers, sliders and keys for manual registration (arrows nudge the
//! origin 0.1 px, Shift 1 px; `[` `]` turn 0.01 degrees); a three-point
//! mode (click a hex centre, type its printed number; least-squares fit
//! with the residual per point); automatic proposal in the background;
//! Accept hands an `Edit::Grid` back to the map screen. Handles on the map
//! drag the origin, the rotation and the hex size; every drag, key, fit or
//! proposal is one step of the screen's own undo. An automatic proposal
//! must have its numbering anchored before Accept (`numbering`).

pub mod handles;
pub mod numbering;
pub mod task;
pub mod view;

use std::sync::Arc;

use berthier_schema::edit::Edit;
use berthier_schema::fit::{Landmark, fit_grid};
use berthier_schema::{Grid, HexId, Orientation, Shift};
use iced::Task;

use super::overlay::{Key, MapView, Pointer};
use crate::job::JobError;
use crate::map_canvas;
use berthier_tools::project::OpenedMap;
use berthier_tools::registration::{self, piecewise};
use handles::Drag;
use task::{Found, ReportingJob, Step};

/// The screen's state.
#[derive(Debug)]
pub struct RegisterScreen {
    opened: OpenedMap,
    original: Grid,
    map_view: MapView,
    three_point: bool,
    /// A click waiting for its printed number.
    pending: Option<[f64; 2]>,
    number: String,
    landmarks: Vec<Landmark>,
    residuals: Vec<f64>,
    fields: [String; 5],
    status: String,
    busy: bool,
    auto: Option<numbering::Proposal>,
    /// Amber warnings about the proposal.
    warnings: Vec<String>,
    drag: Option<Drag>,
    /// Grids before each change, newest last.
    undo: Vec<Grid>,
    /// What made the last change (typing in one field or moving one
    /// slider is one step, not one per keystroke).
    last_source: Option<Source>,
}

/// Where a change came from, for merging undo steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    Field(Field),
    RadiusSlider,
    RotationSlider,
}

/// A numeric field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// Hex radius.
    Radius = 0,
    /// Origin x.
    OriginX,
    /// Origin y.
    OriginY,
    /// Rotation.
    Rotation,
    /// Aspect.
    Aspect,
}

/// What the screen handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// From the map canvas.
    Canvas(map_canvas::Message),
    /// Arrow and bracket keys.
    Key(Key),
    /// Orientation picked.
    Orientation(Orientation),
    /// Shift picked.
    Shift(Shift),
    /// A numeric field edited.
    Field(Field, String),
    /// Radius slider.
    Radius(f64),
    /// Rotation slider.
    Rotation(f64),
    /// Three-point mode on or off.
    ThreePoint(bool),
    /// "Numbering checked" ticked or not.
    NumberingChecked(bool),
    /// The printed number being typed.
    Number(String),
    /// Add the pending click with the typed number.
    AddLandmark,
    /// Forget a landmark.
    RemoveLandmark(usize),
    /// Run automatic registration.
    Propose,
    /// Automatic registration reached a step.
    Step(Step),
    /// Automatic registration finished.
    Proposed(Result<Found, JobError>),
    /// Undo the last change of the grid.
    Undo,
    /// Bend the grid onto the landmarks or auto-found centres.
    Piecewise,
    /// Keep the grid.
    Accept,
    /// Leave without changes.
    Cancel,
}

/// What the screen asks of the application.
#[derive(Debug, Clone)]
pub enum Event {
    /// Back to the map, with the grid edit if accepted.
    Done(Option<Edit>),
}

impl RegisterScreen {
    /// Registering the grid of `opened`.
    pub fn new(opened: OpenedMap) -> Self {
        let original = opened.map.grid.clone();
        let mut s = Self {
            opened,
            fields: Default::default(),
            original,
            map_view: MapView::default(),
            three_point: false,
            pending: None,
            number: String::new(),
            landmarks: Vec::new(),
            residuals: Vec::new(),
            status: String::new(),
            busy: false,
            auto: None,
            warnings: Vec::new(),
            drag: None,
            undo: Vec::new(),
            last_source: None,
        };
        s.refresh_fields();
        s
    }

    /// The candidate grid.
    pub fn grid(&self) -> &Grid {
        &self.opened.map.grid
    }

    /// The landmarks and their residuals (pixels).
    pub fn landmarks(&self) -> (&[Landmark], &[f64]) {
        (&self.landmarks, &self.residuals)
    }

    /// The status line.
    pub fn status(&self) -> &str {
        &self.status
    }

    /// The map view (tests convert hex centres to canvas points).
    pub fn viewport(&self) -> map_canvas::geometry::Viewport {
        self.map_view.view
    }

    fn set_grid(&mut self, grid: Grid) {
        Arc::make_mut(&mut self.opened.map).grid = grid;
        self.map_view.caches.clear();
        self.refresh_fields();
        self.refresh_checks();
    }

    /// How many changes can be undone.
    pub fn undo_steps(&self) -> usize {
        self.undo.len()
    }

    /// A change of the grid, one undo step unless it continues the last
    /// change from the same `source`.
    fn change(&mut self, source: Option<Source>, grid: Grid) {
        if grid == *self.grid() {
            return;
        }
        if source.is_none() || source != self.last_source {
            self.undo.push(self.grid().clone());
        }
        self.last_source = source;
        self.set_grid(grid);
    }

    fn edit_grid(&mut self, change: impl FnOnce(&mut Grid)) {
        let mut g = self.grid().clone();
        change(&mut g);
        self.change(None, g);
    }

    fn undo(&mut self) {
        if let Some(g) = self.undo.pop() {
            self.last_source = None;
            self.set_grid(g);
            self.status = "Undone".to_owned();
            self.forget_undone_proposal();
        }
    }

    /// The left button on the map: a handle is dragged, or in three-point
    /// mode a click waits for its printed number.
    fn pointer(&mut self, p: Pointer) {
        match (p, self.drag.take()) {
            (Pointer::Press(px), _) => {
                let view = self.map_view.view;
                if let Some(handle) = handles::grab(self.grid(), &view, px) {
                    self.drag = Some(Drag {
                        handle,
                        start: self.grid().clone(),
                        from: px,
                    });
                } else if self.three_point || self.needs_anchor() {
                    self.pending = Some(px);
                    self.status = format!(
                        "Clicked at ({:.1}, {:.1}): type its printed number",
                        px[0], px[1]
                    );
                } else {
                    self.status = "Drag the red disc (origin), purple ring (rotation) or teal square (size); or tick Three-point fit".to_owned();
                }
            }
            (Pointer::Drag(px), Some(drag)) => {
                self.set_grid(handles::dragged(&drag, px));
                self.drag = Some(drag);
            }
            (Pointer::Release, Some(drag)) => {
                // The whole drag is one step.
                if *self.grid() != drag.start {
                    self.undo.push(drag.start);
                    self.last_source = None;
                }
            }
            (Pointer::Drag(_) | Pointer::Release, None) => {}
        }
    }

    fn refresh_fields(&mut self) {
        let g = self.grid();
        self.fields = [
            format!("{:.3}", g.hex_radius_px),
            format!("{:.2}", g.origin_px[0]),
            format!("{:.2}", g.origin_px[1]),
            format!("{:.3}", g.rotation_deg),
            format!("{:.3}", g.aspect),
        ];
    }

    /// Handles a message.
    pub fn update(
        &mut self,
        message: Message,
    ) -> (Task<Message>, Option<Event>) {
        match message {
            Message::Canvas(m) => {
                if let Some(p) = self.map_view.update(m, &self.opened) {
                    self.pointer(p);
                }
            }
            Message::Key(Key::Nudge(d)) => self.edit_grid(|g| {
                g.origin_px = [g.origin_px[0] + d[0], g.origin_px[1] + d[1]];
            }),
            Message::Key(Key::Turn(d)) => self.edit_grid(|g| {
                g.rotation_deg = (g.rotation_deg + d).clamp(-45.0, 45.0)
            }),
            Message::Orientation(o) => self.edit_grid(|g| g.orientation = o),
            Message::Shift(s) => self.edit_grid(|g| g.shift = s),
            Message::Field(f, text) => self.field(f, text),
            Message::Radius(r) => {
                let g = Grid {
                    hex_radius_px: r,
                    ..self.grid().clone()
                };
                self.change(Some(Source::RadiusSlider), g);
            }
            Message::Rotation(r) => {
                let g = Grid {
                    rotation_deg: r,
                    ..self.grid().clone()
                };
                self.change(Some(Source::RotationSlider), g);
            }
            Message::ThreePoint(on) => self.three_point = on,
            Message::NumberingChecked(on) => self.set_checked(on),
            Message::Number(n) => self.number = n,
            Message::AddLandmark => self.add_landmark(),
            Message::RemoveLandmark(i) => {
                if i < self.landmarks.len() {
                    self.landmarks.remove(i);
                    self.landmarks_changed();
                }
            }
            Message::Propose => return (self.propose(), None),
            Message::Step(step) => self.status = step.label(),
            Message::Proposed(result) => self.proposed(result),
            Message::Undo => self.undo(),
            Message::Piecewise => self.piecewise(),
            Message::Accept if !self.can_accept() => {
                self.status = numbering::NOT_ANCHORED.to_owned();
            }
            Message::Accept => {
                let edit = (*self.grid() != self.original)
                    .then(|| Edit::Grid(Box::new(self.grid().clone())));
                return (Task::none(), Some(Event::Done(edit)));
            }
            Message::Cancel => return (Task::none(), Some(Event::Done(None))),
        }
        (Task::none(), None)
    }

    fn field(&mut self, f: Field, text: String) {
        let value = text.trim().parse::<f64>().ok().filter(|v| v.is_finite());
        self.fields[f as usize] = text;
        let Some(v) = value else { return };
        let mut g = self.grid().clone();
        match f {
            Field::Radius if v >= 0.5 => g.hex_radius_px = v,
            Field::OriginX => g.origin_px[0] = v,
            Field::OriginY => g.origin_px[1] = v,
            Field::Rotation if v.abs() <= 45.0 => g.rotation_deg = v,
            Field::Aspect if (0.1..=10.0).contains(&v) => g.aspect = v,
            _ => return,
        }
        // Keep what the designer is typing; only the grid follows.
        let fields = self.fields.clone();
        self.change(Some(Source::Field(f)), g);
        self.fields = fields;
    }

    fn add_landmark(&mut self) {
        let Some(px) = self.pending else {
            self.status = "Click a hex centre on the map first".to_owned();
            return;
        };
        let Ok(hex) = self.number.trim().parse::<HexId>() else {
            self.status =
                format!("`{}` is not a hex number", self.number.trim());
            return;
        };
        self.landmarks.retain(|l| l.hex != hex);
        self.landmarks.push(Landmark { hex, px });
        self.pending = None;
        self.number.clear();
        self.landmarks_changed();
    }

    /// Least squares over the landmarks (schema's `fit_grid`).
    fn fit(&mut self) {
        let g = self.grid().clone();
        // Residuals follow the grid shown (the fit's, or the old one).
        let result = fit_grid(g.orientation, g.shift, &self.landmarks);
        self.refresh_checks();
        match result {
            Ok(fit) => {
                self.status = format!(
                    "Fitted to {} points: RMS {:.2} px",
                    self.landmarks.len(),
                    fit.rms()
                );
                let grid =
                    registration::rebase(&fit.grid, self.original.origin_hex);
                self.change(
                    None,
                    Grid {
                        aspect: 1.0,
                        ..grid
                    },
                );
            }
            Err(e) => {
                self.status = e.to_string();
            }
        }
    }

    /// Automatic registration on a worker thread, its steps shown in
    /// the status line.
    fn propose(&mut self) -> Task<Message> {
        let Some(job) = self.reporting_job() else {
            self.status = "This map has no scan to register".to_owned();
            return Task::none();
        };
        self.busy = true;
        self.status = Step::Decoding.label();
        task::run_reporting(
            "automatic registration",
            job,
            Message::Step,
            Message::Proposed,
        )
    }

    /// What "Propose automatically" runs on a worker thread, without
    /// progress (public so tests can run it where they are); `None`
    /// without a scan.
    pub fn job(&self) -> Option<Job<Found>> {
        let job = self.reporting_job()?;
        Some(Box::new(move || job(&mut |_| {})))
    }

    /// [`Self::job`], reporting its steps.
    pub fn reporting_job(&self) -> Option<ReportingJob<Found, Step>> {
        let path = self.opened.scan.as_ref()?.path.clone();
        let g = self.grid();
        // The printed numbering cannot be seen in lines: the first clicked
        // landmark names it, else the current grid's origin hex does.
        let anchor = self.landmarks.first().copied().unwrap_or(Landmark {
            hex: g.origin_hex,
            px: g.center_px(g.origin_hex),
        });
        let hexes: Vec<HexId> =
            berthier_tools::scene::all_hexes(&self.opened.map).collect();
        Some(task::auto_job(path, g.shift, anchor, hexes))
    }

    /// Corrections through the auto-found centres, or the clicked ones;
    /// only those that lower the local error enough are added.
    fn piecewise(&mut self) {
        let bend = if let Some(p) = &self.auto {
            let (gray, refined) = &*p.found;
            registration::refine_piecewise(gray, refined, &self.hexes())
        } else if self.landmarks.len() >= 3 {
            let candidates =
                piecewise::corrections(self.grid(), &self.landmarks);
            piecewise::bend(self.grid(), candidates, &self.landmarks)
        } else {
            self.status = "Bend needs an automatic proposal or three landmarks"
                .to_owned();
            return;
        };
        if bend.kept() == 0 {
            self.status = format!(
                "No drift found: largest improvement {:.2} px; no corrections added",
                bend.best_improvement
            );
            return;
        }
        self.status = format!(
            "{} corrections added; RMS {:.2} px -> {:.2} px",
            bend.kept(),
            bend.rms_before,
            bend.rms_after
        );
        let grid = registration::rebase(&bend.grid, self.original.origin_hex);
        self.change(None, grid);
    }
}

/// Work for a worker thread.
pub type Job<T> = Box<dyn FnOnce() -> Result<T, JobError> + Send>;
