//! The findings panel: every check `berthier-validate` runs on a map file
//! that the map in memory and its series decide (`map_checks::check`: ids,
//! hexes off the map, series ids, road gaps, roads over rivers without a
//! bridge or ford, slopes against the painted levels, entry points off the
//! edges), run after every edit and listed beside the canvas with the
//! map's names, then a note on the checks that did not run. Clicking a
//! finding centres the view on it at a readable zoom and marks it on the
//! overlay (`map_canvas::highlight`).
//!
//! The checks are linear in the map's hexes, hexsides and road steps (a
//! millisecond or so on the bundled maps), so they run on every change
//! without debouncing.

mod wording;

use std::sync::Arc;

use berthier_rules::map_checks::{self, Finding};
use berthier_schema::series::Series;
use berthier_schema::{HexId, Map};
use iced::widget::{Column, button, column, scrollable, text};
use iced::{Element, Fill, Point, Size, Vector};

use super::MapScreen;
use crate::map_canvas::geometry::{MAX_ZOOM, Viewport};
use crate::map_canvas::highlight::Highlight;
use berthier_tools::project::OpenedMap;
pub use wording::{label, not_run};

/// Screen pixels of a hex radius a finding is shown at, at least.
pub const READABLE_RADIUS: f32 = 40.0;

/// What the panel sends.
#[derive(Debug, Clone)]
pub enum Message {
    /// Show the finding at this index of the list.
    Show(usize),
}

/// The findings of the map as it is now.
#[derive(Debug, Default)]
pub struct Findings {
    /// The map's series with its `extends` chain (`None`: unreadable).
    series: Option<Arc<Series>>,
    /// Why the series cannot be read, if it cannot.
    problem: Option<String>,
    list: Vec<Finding>,
    /// Each finding as listed, with the map's names.
    labels: Vec<String>,
    /// The finding last clicked.
    selected: Option<usize>,
}

impl Findings {
    /// The findings of `opened`; reads its series' `extends` chain (the
    /// editor's own series has the first file only). Without it, the
    /// checks that compare the map with its series do not run, as in
    /// `berthier-validate`.
    pub fn new(opened: &OpenedMap) -> Self {
        let series =
            berthier_schema::pack::series_for_map(&opened.path, &opened.map);
        let mut findings = match series {
            Ok(s) => Self {
                series: Some(Arc::new(s)),
                ..Self::default()
            },
            Err(e) => Self {
                problem: Some(e.to_string()),
                ..Self::default()
            },
        };
        findings.refresh(&opened.map);
        findings
    }

    /// Runs the checks again on `map` (after an edit).
    pub fn refresh(&mut self, map: &Map) {
        let list = map_checks::check(map, self.series.as_deref());
        if list != self.list {
            self.list = list;
            self.selected = None;
        }
        // A renamed road changes the labels, not the findings.
        self.labels = self.list.iter().map(|f| label(map, f)).collect();
    }

    /// The current findings.
    pub fn list(&self) -> &[Finding] {
        &self.list
    }

    /// The finding last clicked, marked on the overlay.
    pub fn highlighted(&self) -> Option<Highlight> {
        let f = self.list.get(self.selected?)?;
        Some(Highlight {
            hex: target(f)?,
            side: f.side,
        })
    }

    /// The notes under the list: which checks did not run, and why.
    pub fn notes(&self) -> Vec<String> {
        not_run(self.problem.as_deref())
    }

    /// The panel.
    pub fn view(&self) -> Element<'_, Message> {
        let heading = match self.list.len() {
            0 => "Map checks: no problems found".to_owned(),
            n => format!("Map checks: {n} found"),
        };
        let mut list = Column::new().spacing(4);
        for (i, (f, label)) in self.list.iter().zip(&self.labels).enumerate() {
            let style = if self.selected == Some(i) {
                button::primary
            } else {
                button::secondary
            };
            list = list.push(
                button(text(label.as_str()).size(13))
                    .width(Fill)
                    .style(style)
                    .on_press_maybe(target(f).map(|_| Message::Show(i))),
            );
        }
        let mut notes = Column::new().spacing(2);
        for note in self.notes() {
            notes = notes.push(text(note).size(12));
        }
        column![text(heading).size(14), scrollable(list).height(Fill), notes]
            .spacing(6)
            .padding(8)
            .into()
    }
}

/// The hex a finding is shown at: its own, else the first of its hexside
/// (an unknown hexside feature names no hex).
fn target(f: &Finding) -> Option<HexId> {
    f.hex.or_else(|| f.side.map(|s| s.hexes()[0]))
}

/// The viewport that shows scan pixel `px` in the middle of a canvas of
/// `canvas` size, zoomed in to a readable size if it was further out.
pub fn centred_on(
    view: Viewport,
    px: [f64; 2],
    canvas: Size,
    hex_radius_px: f64,
) -> Viewport {
    let readable = READABLE_RADIUS / (hex_radius_px as f32).max(1.0);
    let zoom = view.zoom.max(readable).min(MAX_ZOOM);
    let at = Point::new(px[0] as f32 * zoom, px[1] as f32 * zoom);
    Viewport {
        zoom,
        offset: Vector::new(
            canvas.width / 2.0 - at.x,
            canvas.height / 2.0 - at.y,
        ),
    }
}

impl MapScreen {
    /// Handles a findings panel message.
    pub(super) fn findings_message(&mut self, message: Message) {
        let Message::Show(i) = message;
        let Some(f) = self.findings.list.get(i) else {
            return;
        };
        let Some(hex) = target(f) else { return };
        self.findings.selected = Some(i);
        self.centre_on(hex);
    }

    /// Centres the view on `hex` at a readable zoom.
    pub(super) fn centre_on(&mut self, hex: HexId) {
        let map = &self.opened.map;
        if let Some(size) = self.canvas_size {
            let px = map.geometry().center_px(hex);
            self.view = centred_on(self.view, px, size, map.grid.hex_radius_px);
            self.fitted = false;
        }
        self.caches.clear();
    }

    /// Runs the map checks again after the map changed.
    pub(super) fn recheck(&mut self) {
        self.findings.refresh(&self.opened.map);
        self.scenario.live_due = true;
    }

    /// The findings of the map as it is now.
    pub fn findings(&self) -> &Findings {
        &self.findings
    }

    /// The canvas size, once the canvas has reported it.
    pub fn canvas_size(&self) -> Option<Size> {
        self.canvas_size
    }
}
