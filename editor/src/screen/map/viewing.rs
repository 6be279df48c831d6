//! Looking at the map: pan, zoom, fitting (again after a resize while the
//! map is as Fit left it), the side panels a narrow window can hide, and
//! the status bar's readings.

use berthier_schema::HexId;
use iced::Size;

use super::MapScreen;
use crate::map_canvas::geometry::{self, Viewport};
use crate::map_canvas::{self, MapCanvas};

/// A side panel of the map screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Panel {
    /// The tools, palette and forms on the left.
    Tools,
    /// The map checks on the right.
    Checks,
}

/// Which side panels show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Panels {
    /// The tool panel.
    pub tools: bool,
    /// The findings panel.
    pub checks: bool,
}

impl Default for Panels {
    fn default() -> Self {
        Self {
            tools: true,
            checks: true,
        }
    }
}

impl Panels {
    pub(super) fn set(&mut self, panel: Panel, on: bool) {
        match panel {
            Panel::Tools => self.tools = on,
            Panel::Checks => self.checks = on,
        }
    }
}

impl MapScreen {
    pub(super) fn canvas(&mut self, message: map_canvas::Message) {
        match message {
            map_canvas::Message::Pan(delta) => {
                self.view.pan(delta);
                self.fitted = false;
            }
            map_canvas::Message::Zoom { factor, anchor } => {
                self.view.zoom_at(factor, anchor);
                self.fitted = false;
            }
            map_canvas::Message::Hover(p) => {
                self.hover = p;
                // Hovering changes only the uncached overlay.
                return self.update_preview();
            }
            map_canvas::Message::Resized(size) => {
                let first = self.canvas_size.is_none();
                self.canvas_size = Some(size);
                // A map still as Fit left it follows the window.
                if first || self.fitted {
                    self.fit();
                }
            }
            map_canvas::Message::Fit => self.fit(),
            map_canvas::Message::Press { at, modifiers } => {
                return self.press(at, modifiers);
            }
            map_canvas::Message::Drag(at) => return self.drag(at),
            map_canvas::Message::Release => return self.release(),
        }
        self.caches.clear();
    }

    /// Takes over the canvas size of the screen this one replaces (the
    /// canvas widget stays and reports no new size) and fits the map.
    pub fn inherit_canvas_size(&mut self, size: Option<Size>) {
        if self.canvas_size.is_none() {
            self.canvas_size = size;
            self.fit();
        }
    }

    /// Zooms and centres so the whole map shows.
    pub(super) fn fit(&mut self) {
        let Some(size) = self.canvas_size else {
            return;
        };
        if let Some(content) = self.content_bounds() {
            self.view = Viewport::fit(content, size);
            self.fitted = true;
            self.caches.clear();
        }
    }

    /// Scan-pixel bounds of the map: the scan and the sheets' own scans
    /// if there are any, else the corners of every printed hex.
    fn content_bounds(&self) -> Option<iced::Rectangle> {
        let mut corners: Vec<[f64; 2]> = Vec::new();
        if let Some(scan) = &self.opened.scan {
            corners.extend([
                [0.0, 0.0],
                [f64::from(scan.width), f64::from(scan.height)],
            ]);
        }
        for sheet in &self.opened.sheet_scans {
            let (w, h) =
                (f64::from(sheet.scan.width), f64::from(sheet.scan.height));
            corners.extend(
                [[0.0, 0.0], [w, 0.0], [0.0, h], [w, h]]
                    .map(|p| sheet.place.to_map(p)),
            );
        }
        if !corners.is_empty() {
            return geometry::bounds(corners);
        }
        let map = &self.opened.map;
        let placed = map.geometry();
        geometry::bounds(
            berthier_tools::scene::all_hexes(map)
                .flat_map(|h| placed.corners_px(h)),
        )
    }

    /// The printed hex under the cursor, if on the map.
    pub fn hovered_hex(&self) -> Option<HexId> {
        self.hover
            .and_then(|p| map_canvas::hex_at(&self.canvas_parts(), p))
    }

    /// The status line texts: hex, terrain, zoom.
    pub fn status(&self) -> [String; 3] {
        let hex = self.hovered_hex();
        let data = hex.and_then(|h| self.opened.map.hexes.get(&h));
        let terrain = data.and_then(|d| d.terrain.clone());
        [
            hex.map_or_else(|| "Hex: -".to_owned(), |h| self.hex_text(h)),
            match (hex, terrain) {
                (None, _) => "Terrain: -".to_owned(),
                (Some(_), None) => "Terrain: unpainted".to_owned(),
                (Some(_), Some(t)) => format!("Terrain: {t}"),
            },
            format!("Zoom: {:.0}%", self.view.zoom * 100.0),
        ]
    }

    /// "Hex: 1715"; on a map with a printed numbering, the label first
    /// and the grid position the files hold after it ("Hex: D4 (0404)").
    fn hex_text(&self, h: HexId) -> String {
        let label = self.opened.map.label(h);
        if label == h.to_string() {
            format!("Hex: {h}")
        } else {
            format!("Hex: {label} ({h})")
        }
    }

    /// "Level: 2" for the hovered hex, if it has a level.
    pub fn status_level(&self) -> Option<String> {
        let hex = self.hovered_hex()?;
        let level = self.opened.map.hexes.get(&hex)?.level?;
        Some(format!("Level: {level}"))
    }

    pub(super) fn canvas_parts(&self) -> MapCanvas<'_> {
        MapCanvas {
            opened: &self.opened,
            view: self.view,
            caches: &self.caches,
            visible: self.visible,
            hover: self.hover,
            preview: &self.paint.preview,
            highlight: self.live_highlight().or(self.findings.highlighted()),
            marked: &self.scenario.marked,
        }
    }
}
