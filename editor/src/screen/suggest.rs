//! The "Suggest terrain" screen: the designer picks a terrain type and
//! clicks sample hexes of it, "Propose" classifies the other hexes from the
//! scan's colours (shaded over the map by confidence, half-water hexes
//! outlined in magenta), and accepting returns one `Edit::Batch`. The scan's
//! pixels are decoded once, on the first proposal, and kept for the next.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use berthier_schema::HexId;
use berthier_schema::edit::Edit;
use iced::widget::{
    button, checkbox, column, pick_list, row, rule, scrollable, slider, text,
};
use iced::{Color, Element, Fill, Task};

use super::overlay::{Key, MapView, Mark, Pointer};
use super::register::Job;
use crate::job::JobError;
use crate::map_canvas::{self, Layer};
use berthier_tools::project::{self, OpenedMap};
use berthier_tools::suggest::{self, Proposal, Sample};

/// The screen's state.
#[derive(Debug)]
pub struct SuggestScreen {
    opened: OpenedMap,
    map_view: MapView,
    terrains: Vec<String>,
    water: Vec<String>,
    terrain: Option<String>,
    samples: Vec<Sample>,
    proposals: Vec<Proposal>,
    accepted: BTreeSet<HexId>,
    painted_too: bool,
    min_confidence: f64,
    status: String,
    busy: bool,
    /// The scan's pixels, once a proposal has decoded them.
    pixels: Option<Arc<image::RgbImage>>,
    /// How many times the scan file was decoded.
    decodes: Arc<AtomicUsize>,
}

/// What a proposal returns: the proposals and the pixels it used.
pub type Outcome = (Arc<image::RgbImage>, Arc<Vec<Proposal>>);

/// What the screen handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// From the map canvas.
    Canvas(map_canvas::Message),
    /// Keys (unused here).
    Key(Key),
    /// The terrain type samples are marked as.
    Terrain(String),
    /// Propose for painted hexes too.
    PaintedToo(bool),
    /// Classify.
    Propose,
    /// Classification finished.
    Proposed(Result<Outcome, JobError>),
    /// Accept one hex's proposal.
    AcceptHex(HexId),
    /// Confidence threshold for bulk accept.
    MinConfidence(f64),
    /// Accept every proposal above the threshold (not flagged) and leave.
    AcceptAll,
    /// Leave with the hexes accepted one by one.
    Finish,
    /// Leave without changes.
    Cancel,
}

/// What the screen asks of the application.
#[derive(Debug, Clone)]
pub enum Event {
    /// Back to the map, with the terrain edits if any were accepted.
    Done(Option<Edit>),
}

impl SuggestScreen {
    /// Suggesting terrain on `opened`.
    pub fn new(opened: OpenedMap) -> Self {
        let (terrains, water) = match &opened.series {
            Some(s) => (
                s.terrain.iter().map(|t| t.id.clone()).collect(),
                suggest::water_types(s),
            ),
            None => (Vec::new(), Vec::new()),
        };
        Self {
            terrain: terrains.first().cloned(),
            opened,
            map_view: MapView::default(),
            terrains,
            water,
            samples: Vec::new(),
            proposals: Vec::new(),
            accepted: BTreeSet::new(),
            painted_too: false,
            min_confidence: 0.3,
            status: "Pick a terrain type and click sample hexes of it (two or more each)".to_owned(),
            busy: false,
            pixels: None,
            decodes: Arc::default(),
        }
    }

    /// How many times this screen has decoded the scan file.
    pub fn scan_decodes(&self) -> usize {
        self.decodes.load(Ordering::Relaxed)
    }

    /// The current proposals.
    pub fn proposals(&self) -> &[Proposal] {
        &self.proposals
    }

    /// The marked samples.
    pub fn samples(&self) -> &[Sample] {
        &self.samples
    }

    /// The map view (tests convert hex centres to canvas points).
    pub fn viewport(&self) -> map_canvas::geometry::Viewport {
        self.map_view.view
    }

    /// Handles a message.
    pub fn update(
        &mut self,
        message: Message,
    ) -> (Task<Message>, Option<Event>) {
        match message {
            Message::Canvas(m) => {
                if let Some(Pointer::Press(px)) =
                    self.map_view.update(m, &self.opened)
                {
                    self.click(px);
                }
            }
            Message::Key(_) => {}
            Message::Terrain(t) => self.terrain = Some(t),
            Message::PaintedToo(on) => self.painted_too = on,
            Message::Propose => return (self.propose(), None),
            Message::Proposed(Ok((pixels, p))) => {
                self.busy = false;
                self.pixels = Some(pixels);
                self.proposals = p.as_ref().clone();
                let flagged =
                    self.proposals.iter().filter(|p| p.half_water).count();
                self.status = format!(
                    "{} proposals, {flagged} half-water hexes flagged",
                    self.proposals.len()
                );
            }
            Message::Proposed(Err(e)) => {
                self.busy = false;
                self.status = format!("No proposals: {e}");
            }
            Message::AcceptHex(h) => {
                self.accepted.insert(h);
            }
            Message::MinConfidence(c) => self.min_confidence = c,
            Message::AcceptAll => {
                let min = self.min_confidence;
                let all = self
                    .proposals
                    .iter()
                    .filter(|p| !p.half_water && p.confidence >= min)
                    .map(|p| p.hex);
                self.accepted.extend(all.collect::<Vec<_>>());
                return (Task::none(), Some(Event::Done(self.edit())));
            }
            Message::Finish => {
                return (Task::none(), Some(Event::Done(self.edit())));
            }
            Message::Cancel => return (Task::none(), Some(Event::Done(None))),
        }
        (Task::none(), None)
    }

    fn edit(&self) -> Option<Edit> {
        let chosen: Vec<&Proposal> = self
            .proposals
            .iter()
            .filter(|p| self.accepted.contains(&p.hex))
            .collect();
        (!chosen.is_empty()).then(|| suggest::accept(chosen))
    }

    /// A click marks (or unmarks) a sample of the current terrain type.
    fn click(&mut self, px: [f64; 2]) {
        let map = &self.opened.map;
        let Some(hex) = map
            .geometry()
            .hex_at_px(px, None)
            .filter(|h| map.contains(*h))
        else {
            return;
        };
        let Some(terrain) = self.terrain.clone() else {
            return;
        };
        if let Some(i) = self.samples.iter().position(|s| s.hex == hex) {
            self.samples.remove(i);
        } else {
            self.samples.push(Sample { hex, terrain });
        }
        self.status = format!("{} samples", self.samples.len());
    }

    fn propose(&mut self) -> Task<Message> {
        let Some(job) = self.job() else {
            self.status = "This map has no scan".to_owned();
            return Task::none();
        };
        self.busy = true;
        self.status = if self.pixels.is_some() {
            "Classifying hexes…"
        } else {
            "Reading the scan, then classifying hexes…"
        }
        .to_owned();
        Task::perform(crate::job::run("classifying the hexes", job), |r| {
            Message::Proposed(r.unwrap_or_else(|failed| Err(failed.into())))
        })
    }

    /// The classification "Propose" runs on a worker thread (public so
    /// tests can run it where they are); `None` without a scan.
    pub fn job(&self) -> Option<Job<Outcome>> {
        let scan = self.opened.scan.as_ref()?;
        let map = self.opened.map.clone();
        let hexes: Vec<HexId> = berthier_tools::scene::all_hexes(&map)
            .filter(|h| self.samples.iter().all(|s| s.hex != *h))
            .filter(|h| {
                self.painted_too
                    || map.hexes.get(h).is_none_or(|d| d.terrain.is_none())
            })
            .collect();
        let (path, samples, water) =
            (scan.path.clone(), self.samples.clone(), self.water.clone());
        let (kept, decodes) = (self.pixels.clone(), self.decodes.clone());
        Some(Box::new(move || {
            let rgb = match kept {
                Some(rgb) => rgb,
                None => {
                    decodes.fetch_add(1, Ordering::Relaxed);
                    let img = project::load_rgba(&path)?;
                    Arc::new(image::DynamicImage::ImageRgba8(img).into_rgb8())
                }
            };
            let p = suggest::propose(&rgb, &map.grid, &hexes, &samples, &water);
            Ok((rgb, Arc::new(p)))
        }))
    }

    /// The screen.
    pub fn view(&self) -> Element<'_, Message> {
        let hide = [
            Layer::Terrain,
            Layer::Elevation,
            Layer::Hexsides,
            Layer::Roads,
            Layer::Places,
        ];
        let canvas = self.map_view.view(
            &self.opened,
            &hide,
            self.marks(),
            Message::Canvas,
            Message::Key,
        );
        let toolbar = row![
            button("Propose").on_press_maybe(
                (!self.busy && !self.samples.is_empty())
                    .then_some(Message::Propose)
            ),
            text(format!("Accept all ≥ {:.0}%", self.min_confidence * 100.0)),
            slider(0.0..=1.0, self.min_confidence, Message::MinConfidence)
                .step(0.05)
                .width(120),
            button("Accept all").on_press(Message::AcceptAll),
            button("Finish").on_press(Message::Finish),
            button("Cancel").on_press(Message::Cancel),
            text(&self.status),
        ];
        crate::screen::overlay::side_layout(toolbar, self.panel(), canvas)
    }

    fn panel(&self) -> Element<'_, Message> {
        let mut list = column![].spacing(2);
        let mut sorted: Vec<&Proposal> = self.proposals.iter().collect();
        // Flagged and least sure first: those need the designer's eye.
        sorted.sort_by(|a, b| {
            b.half_water
                .cmp(&a.half_water)
                .then(a.confidence.total_cmp(&b.confidence))
        });
        for p in sorted {
            let flag = if p.half_water {
                format!(" water {:.0}%", p.water_share * 100.0)
            } else {
                String::new()
            };
            let done = self.accepted.contains(&p.hex);
            list = list.push(
                row![
                    text(format!(
                        "{} {} {:.0}%{flag}",
                        p.hex,
                        p.terrain,
                        p.confidence * 100.0
                    ))
                    .width(Fill),
                    button(if done { "✓" } else { "Accept" }).on_press_maybe(
                        (!done).then_some(Message::AcceptHex(p.hex))
                    ),
                ]
                .spacing(6)
                .align_y(iced::Center),
            );
        }
        column![
            text("Samples").size(18),
            pick_list(
                self.terrains.clone(),
                self.terrain.clone(),
                Message::Terrain
            ),
            checkbox(self.painted_too)
                .label("Painted hexes too")
                .on_toggle(Message::PaintedToo),
            text(format!("{} samples marked", self.samples.len())),
            rule::horizontal(1),
            scrollable(list).spacing(4).height(Fill),
        ]
        .spacing(6)
        .into()
    }

    fn marks(&self) -> Vec<Mark> {
        // Worked out once for every proposal's hex.
        let grid = self.opened.map.geometry();
        let palette = &self.opened.palette;
        let colour = |t: &str, a: f32| {
            let [r, g, b] = palette.terrain(t);
            Color::from_rgba8(r, g, b, a)
        };
        let mut marks: Vec<Mark> = self
            .proposals
            .iter()
            .map(|p| Mark::Polygon {
                points: grid.corners_px(p.hex).to_vec(),
                fill: Some(colour(&p.terrain, 0.2 + 0.6 * p.confidence as f32)),
                stroke: p
                    .half_water
                    .then_some((Color::from_rgb8(0xe0, 0x00, 0xe0), 3.0)),
            })
            .collect();
        marks.extend(self.samples.iter().map(|s| Mark::Polygon {
            points: grid.corners_px(s.hex).to_vec(),
            fill: Some(colour(&s.terrain, 0.9)),
            stroke: Some((Color::BLACK, 2.5)),
        }));
        marks
    }
}
