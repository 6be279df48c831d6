//! The findings panel: the validator's map checks (road gaps, roads over
//! rivers without a bridge or ford, slopes against the painted levels,
//! entry points off the edges) run on the map in memory after every edit,
//! listed beside the canvas. Clicking a finding centres the view on its
//! hex at a readable zoom and outlines that hex on the overlay.
//!
//! The checks are linear in the map's hexes, hexsides and road steps (a
//! millisecond or so on the bundled maps), so they run on every change
//! without debouncing.

use std::sync::Arc;

use berthier_schema::series::Series;
use berthier_schema::{HexId, Map};
use berthier_validator::map_checks::{self, Finding};
use iced::widget::{Column, button, column, scrollable, text};
use iced::{Element, Fill, Point, Size, Vector};

use super::MapScreen;
use crate::map_canvas::geometry::{MAX_ZOOM, Viewport};
use crate::project::OpenedMap;

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
    /// Why the checks cannot run, if they cannot.
    problem: Option<String>,
    list: Vec<Finding>,
    /// The finding last clicked.
    selected: Option<usize>,
}

impl Findings {
    /// The findings of `opened`; reads its series' `extends` chain (the
    /// editor's own series has the first file only).
    pub fn new(opened: &OpenedMap) -> Self {
        let series = map_checks::series_for_map(&opened.path, &opened.map);
        let mut findings = match series {
            Ok(s) => Self {
                series: Some(Arc::new(s)),
                ..Self::default()
            },
            Err(e) => Self {
                series: opened.series.clone(),
                problem: opened.series.is_none().then_some(e),
                ..Self::default()
            },
        };
        findings.refresh(&opened.map);
        findings
    }

    /// Runs the checks again on `map` (after an edit).
    pub fn refresh(&mut self, map: &Map) {
        let Some(series) = &self.series else { return };
        let list = map_checks::check(map, Some(series));
        if list != self.list {
            self.list = list;
            self.selected = None;
        }
    }

    /// The current findings.
    pub fn list(&self) -> &[Finding] {
        &self.list
    }

    /// The hex of the finding last clicked, outlined on the overlay.
    pub fn highlighted(&self) -> Option<HexId> {
        self.list.get(self.selected?)?.hex
    }

    /// The panel.
    pub fn view(&self) -> Element<'_, Message> {
        let heading = match (&self.problem, self.list.len()) {
            (Some(p), _) => format!("Map checks cannot run: {p}"),
            (None, 0) => "Map checks: no problems found".to_owned(),
            (None, n) => format!("Map checks: {n} found"),
        };
        let mut list = Column::new().spacing(4);
        for (i, f) in self.list.iter().enumerate() {
            let style = if self.selected == Some(i) {
                button::primary
            } else {
                button::secondary
            };
            list = list.push(
                button(text(label(f)).size(13))
                    .width(Fill)
                    .style(style)
                    .on_press_maybe(f.hex.map(|_| Message::Show(i))),
            );
        }
        column![text(heading).size(14), scrollable(list).height(Fill)]
            .spacing(6)
            .padding(8)
            .into()
    }
}

/// `error MAP001 0906: road `vere-road` crosses…`, as listed.
pub fn label(f: &Finding) -> String {
    let severity = f.code.severity().as_str();
    let hex = f.hex.map_or_else(String::new, |h| format!(" {h}"));
    format!("{severity} {}{hex}: {}", f.code, f.message)
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
        let Some(hex) = self.findings.list.get(i).and_then(|f| f.hex) else {
            return;
        };
        self.findings.selected = Some(i);
        let map = &self.opened.map;
        if let Some(size) = self.canvas_size {
            let px = map.grid.center_px(hex);
            self.view = centred_on(self.view, px, size, map.grid.hex_radius_px);
        }
        self.caches.clear();
    }

    /// Runs the map checks again after the map changed.
    pub(super) fn recheck(&mut self) {
        self.findings.refresh(&self.opened.map);
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
