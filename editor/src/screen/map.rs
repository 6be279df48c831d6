//! The map screen: the map canvas, a small toolbar and the status bar.

use berthier_schema::HexId;
use iced::widget::{button, checkbox, column, container, row, rule, text};
use iced::{Element, Fill, Point, Size, Task};

use crate::map_canvas::geometry::{self, Viewport};
use crate::map_canvas::{self, Caches, MapCanvas, Visible};
use crate::project::{self, OpenError, OpenedMap};

/// The map screen's state.
#[derive(Debug)]
pub struct MapScreen {
    opened: OpenedMap,
    view: Viewport,
    canvas_size: Option<Size>,
    /// Fit once the canvas size is first known.
    fitted: bool,
    hover: Option<Point>,
    visible: Visible,
    caches: Caches,
}

/// What the screen handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// From the canvas.
    Canvas(map_canvas::Message),
    /// Show the whole map.
    FitToWindow,
    /// Show or hide terrain, hexsides and roads.
    ShowTerrain(bool),
    /// Show or hide grid and numbers.
    ShowGrid(bool),
    /// Read the file again from disk.
    Reload,
}

/// What the screen asks of the application.
#[derive(Debug, Clone)]
pub enum Event {
    /// Reloading failed; show the error instead.
    Failed(OpenError),
}

impl MapScreen {
    /// A screen showing `opened`.
    pub fn new(opened: OpenedMap) -> Self {
        Self {
            opened,
            view: Viewport::default(),
            canvas_size: None,
            fitted: false,
            hover: None,
            visible: Visible {
                terrain: true,
                grid: true,
            },
            caches: Caches::default(),
        }
    }

    /// The opened map.
    pub fn opened(&self) -> &OpenedMap {
        &self.opened
    }

    /// Pan and zoom.
    pub fn viewport(&self) -> Viewport {
        self.view
    }

    /// Handles a message.
    pub fn update(
        &mut self,
        message: Message,
    ) -> (Task<Message>, Option<Event>) {
        match message {
            Message::Canvas(m) => self.canvas(m),
            Message::FitToWindow => self.fit(),
            Message::ShowTerrain(on) => self.visible.terrain = on,
            Message::ShowGrid(on) => self.visible.grid = on,
            Message::Reload => match project::open(&self.opened.path) {
                Ok(opened) => {
                    self.opened = opened;
                    self.caches.clear();
                }
                Err(e) => return (Task::none(), Some(Event::Failed(e))),
            },
        }
        (Task::none(), None)
    }

    fn canvas(&mut self, message: map_canvas::Message) {
        match message {
            map_canvas::Message::Pan(delta) => self.view.pan(delta),
            map_canvas::Message::Zoom { factor, anchor } => {
                self.view.zoom_at(factor, anchor);
            }
            map_canvas::Message::Hover(p) => {
                self.hover = p;
                // Hovering changes only the uncached highlight.
                return;
            }
            map_canvas::Message::Resized(size) => {
                self.canvas_size = Some(size);
                if !self.fitted {
                    self.fit();
                }
            }
            map_canvas::Message::Fit => self.fit(),
        }
        self.caches.clear();
    }

    /// Zooms and centres so the whole map shows.
    fn fit(&mut self) {
        let Some(size) = self.canvas_size else {
            return;
        };
        if let Some(content) = self.content_bounds() {
            self.view = Viewport::fit(content, size);
            self.fitted = true;
            self.caches.clear();
        }
    }

    /// Scan-pixel bounds of the map: the scan if there is one, else the
    /// corners of every printed hex.
    fn content_bounds(&self) -> Option<iced::Rectangle> {
        if let Some(scan) = &self.opened.scan {
            return geometry::bounds([
                [0.0, 0.0],
                [f64::from(scan.width), f64::from(scan.height)],
            ]);
        }
        let map = &self.opened.map;
        geometry::bounds(
            crate::scene::all_hexes(map).flat_map(|h| map.grid.corners_px(h)),
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
        let terrain = hex
            .and_then(|h| self.opened.map.hexes.get(&h))
            .and_then(|d| d.terrain.clone());
        [
            hex.map_or_else(|| "Hex: -".to_owned(), |h| format!("Hex: {h}")),
            match (hex, terrain) {
                (None, _) => "Terrain: -".to_owned(),
                (Some(_), None) => "Terrain: unpainted".to_owned(),
                (Some(_), Some(t)) => format!("Terrain: {t}"),
            },
            format!("Zoom: {:.0}%", self.view.zoom * 100.0),
        ]
    }

    fn canvas_parts(&self) -> MapCanvas<'_> {
        MapCanvas {
            opened: &self.opened,
            view: self.view,
            caches: &self.caches,
            visible: self.visible,
            hover: self.hover,
        }
    }

    /// The screen.
    pub fn view(&self) -> Element<'_, Message> {
        let toolbar = row![
            button("Fit to window").on_press(Message::FitToWindow),
            button("Reload").on_press(Message::Reload),
            checkbox(self.visible.terrain)
                .label("Terrain")
                .on_toggle(Message::ShowTerrain),
            checkbox(self.visible.grid)
                .label("Grid")
                .on_toggle(Message::ShowGrid),
            text(self.opened.map.name.clone()),
        ]
        .spacing(12)
        .padding(6)
        .align_y(iced::Center);
        let [hex, terrain, zoom] = self.status();
        let mut status = row![text(hex), text(terrain), text(zoom)].spacing(24);
        for w in &self.opened.warnings {
            status = status.push(text(w.clone()).style(text::danger));
        }
        column![
            toolbar,
            rule::horizontal(1),
            container(self.canvas_parts().view().map(Message::Canvas))
                .width(Fill)
                .height(Fill),
            rule::horizontal(1),
            container(status).padding(6),
        ]
        .into()
    }
}
