//! The map view: three stacked canvases (scan image, terrain, grid and
//! numbers), one `canvas::Cache` each. They are separate canvases because
//! iced paints images over vector geometry within one canvas.

pub mod geometry;

use iced::widget::canvas::{
    self, Cache, Canvas, Event, Frame, Geometry, Path, Stroke,
};
use iced::widget::{stack, text::Alignment};
use iced::{
    Color, Element, Fill, Point, Rectangle, Renderer, Size, Theme, Vector,
    alignment,
};
use iced::{keyboard, mouse};

use crate::project::OpenedMap;
use crate::scene::{self, Layer, Shape};
use geometry::Viewport;

/// What the canvas reports to its screen.
#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    /// Dragged by a screen delta.
    Pan(Vector),
    /// Zoom by a factor keeping the canvas point `anchor` fixed.
    Zoom {
        /// Multiplier.
        factor: f32,
        /// Canvas point that stays put.
        anchor: Point,
    },
    /// The cursor moved to a canvas point, or left.
    Hover(Option<Point>),
    /// The canvas got a new size.
    Resized(Size),
    /// Fit the map to the canvas (Home key).
    Fit,
}

/// Screen-pixel size of a hex radius above which numbers are drawn.
pub const NUMBERS_MIN_RADIUS: f32 = 18.0;

/// The caches, one per layer; they live in the screen's state.
#[derive(Debug, Default)]
pub struct Caches {
    scan: Cache,
    terrain: Cache,
    grid: Cache,
}

impl Caches {
    /// Forgets every layer (after pan, zoom or a change of what shows).
    pub fn clear(&self) {
        self.scan.clear();
        self.terrain.clear();
        self.grid.clear();
    }
}

/// Which overlays show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Visible {
    /// Terrain, hexsides and roads.
    pub terrain: bool,
    /// Grid lines and numbers.
    pub grid: bool,
}

/// Everything one frame of the map view needs.
#[derive(Clone, Copy)]
pub struct MapCanvas<'a> {
    /// The opened map.
    pub opened: &'a OpenedMap,
    /// Pan and zoom.
    pub view: Viewport,
    /// Layer caches.
    pub caches: &'a Caches,
    /// Overlay switches.
    pub visible: Visible,
    /// Canvas point under the cursor.
    pub hover: Option<Point>,
}

impl<'a> MapCanvas<'a> {
    /// The stacked canvases.
    pub fn view(self) -> Element<'a, Message> {
        stack![
            Canvas::new(ScanLayer(self)).width(Fill).height(Fill),
            Canvas::new(TerrainLayer(self)).width(Fill).height(Fill),
            Canvas::new(self).width(Fill).height(Fill),
        ]
        .into()
    }

    /// Culling test: whether a hex's centre is near the visible area.
    fn keeper(
        &self,
        size: Size,
    ) -> impl Fn(berthier_schema::HexId) -> bool + '_ {
        let rect = self.view.visible_scan(size);
        let grid = &self.opened.map.grid;
        let margin = grid.hex_radius_px * grid.aspect.max(1.0) * 1.5;
        move |h| geometry::in_rect(grid.center_px(h), rect, margin)
    }

    fn draw_layers(&self, frame: &mut Frame, layers: &[Layer], alpha: f32) {
        let keep = self.keeper(frame.size());
        let zoom = self.view.zoom;
        let numbers_ok = self.opened.map.grid.hex_radius_px as f32 * zoom
            >= NUMBERS_MIN_RADIUS;
        for &layer in layers {
            if layer == Layer::Numbers && !numbers_ok {
                continue;
            }
            let map = &self.opened.map;
            let shapes =
                if layer == Layer::Numbers && self.opened.scan.is_some() {
                    scene::overlay_numbers(map, &keep)
                } else {
                    scene::shapes(map, &self.opened.palette, layer, &keep)
                };
            for shape in &shapes {
                draw_shape(frame, &self.view, shape, alpha);
            }
        }
    }
}

/// Draws one scene shape, converting scan pixels through the viewport.
fn draw_shape(frame: &mut Frame, view: &Viewport, shape: &Shape, alpha: f32) {
    let colour = |rgb: [u8; 3]| {
        Color::from_rgb8(rgb[0], rgb[1], rgb[2]).scale_alpha(alpha)
    };
    match shape {
        Shape::Fill { points, colour: c } => {
            let path = polyline(view, points);
            frame.fill(&path, colour(*c));
        }
        Shape::Line {
            points,
            width,
            colour: c,
        } => {
            let path = polyline(view, points);
            let width = (*width as f32 * view.zoom).max(1.0);
            frame.stroke(
                &path,
                Stroke::default().with_width(width).with_color(colour(*c)),
            );
        }
        Shape::Text {
            at,
            size,
            text,
            colour: c,
        } => frame.fill_text(canvas::Text {
            content: text.clone(),
            position: view.to_screen(*at),
            size: (*size as f32 * view.zoom).into(),
            color: colour(*c),
            align_x: Alignment::Center,
            align_y: alignment::Vertical::Center,
            ..canvas::Text::default()
        }),
    }
}

fn polyline(view: &Viewport, points: &[[f64; 2]]) -> Path {
    Path::new(|b| {
        let mut it = points.iter().map(|p| view.to_screen(*p));
        if let Some(first) = it.next() {
            b.move_to(first);
        }
        for p in it {
            b.line_to(p);
        }
    })
}

/// The scan image, bottom layer.
struct ScanLayer<'a>(MapCanvas<'a>);

impl canvas::Program<Message> for ScanLayer<'_> {
    type State = ();

    fn draw(
        &self,
        _: &(),
        renderer: &Renderer,
        _: &Theme,
        bounds: Rectangle,
        _: mouse::Cursor,
    ) -> Vec<Geometry> {
        let Some(scan) = &self.0.opened.scan else {
            return Vec::new();
        };
        let view = self.0.view;
        vec![self.0.caches.scan.draw(renderer, bounds.size(), |frame| {
            let size =
                Size::new(scan.width as f32, scan.height as f32) * view.zoom;
            frame.draw_image(
                Rectangle::new(view.to_screen([0.0, 0.0]), size),
                &scan.handle,
            );
        })]
    }
}

/// Terrain fills, hexsides and roads; translucent over a scan.
struct TerrainLayer<'a>(MapCanvas<'a>);

impl canvas::Program<Message> for TerrainLayer<'_> {
    type State = ();

    fn draw(
        &self,
        _: &(),
        renderer: &Renderer,
        _: &Theme,
        bounds: Rectangle,
        _: mouse::Cursor,
    ) -> Vec<Geometry> {
        if !self.0.visible.terrain {
            return Vec::new();
        }
        let alpha = if self.0.opened.scan.is_some() {
            0.45
        } else {
            1.0
        };
        vec![
            self.0
                .caches
                .terrain
                .draw(renderer, bounds.size(), |frame| {
                    self.0.draw_layers(
                        frame,
                        &[Layer::Terrain, Layer::Hexsides, Layer::Roads],
                        alpha,
                    );
                }),
        ]
    }
}

/// Drag and wheel state kept in the widget tree.
#[derive(Debug, Default)]
pub struct Interaction {
    panning_from: Option<Point>,
    size: Option<Size>,
}

impl canvas::Program<Message> for MapCanvas<'_> {
    type State = Interaction;

    fn update(
        &self,
        state: &mut Interaction,
        event: &Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<Message>> {
        if state.size != Some(bounds.size()) {
            state.size = Some(bounds.size());
            return Some(canvas::Action::publish(Message::Resized(
                bounds.size(),
            )));
        }
        match event {
            Event::Mouse(e) => mouse_event(state, e, bounds, cursor),
            Event::Keyboard(keyboard::Event::KeyPressed { key, .. }) => {
                key_event(key, bounds).map(canvas::Action::publish)
            }
            _ => None,
        }
    }

    fn draw(
        &self,
        _: &Interaction,
        renderer: &Renderer,
        _: &Theme,
        bounds: Rectangle,
        _: mouse::Cursor,
    ) -> Vec<Geometry> {
        let mut out = Vec::new();
        if self.visible.grid {
            out.push(self.caches.grid.draw(renderer, bounds.size(), |frame| {
                self.draw_layers(frame, &[Layer::Grid, Layer::Numbers], 0.85);
            }));
        }
        if let Some(hex) = self.hover.and_then(|p| hex_at(self, p)) {
            let mut frame = Frame::new(renderer, bounds.size());
            let mut corners = self.opened.map.grid.corners_px(hex).to_vec();
            corners.push(corners[0]);
            let stroke = Stroke::default()
                .with_width(3.0)
                .with_color(Color::from_rgb8(0xff, 0x8c, 0x00));
            frame.stroke(&polyline(&self.view, &corners), stroke);
            out.push(frame.into_geometry());
        }
        out
    }

    fn mouse_interaction(
        &self,
        state: &Interaction,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> mouse::Interaction {
        match (state.panning_from, cursor.is_over(bounds)) {
            (Some(_), _) => mouse::Interaction::Grabbing,
            (None, true) => mouse::Interaction::Grab,
            (None, false) => mouse::Interaction::default(),
        }
    }
}

/// The printed hex under a canvas point, if it is on the map.
pub fn hex_at(
    canvas: &MapCanvas<'_>,
    p: Point,
) -> Option<berthier_schema::HexId> {
    let map = &canvas.opened.map;
    map.grid
        .hex_at_px(canvas.view.to_scan(p), None)
        .filter(|h| map.contains(*h))
}

fn mouse_event(
    state: &mut Interaction,
    event: &mouse::Event,
    bounds: Rectangle,
    cursor: mouse::Cursor,
) -> Option<canvas::Action<Message>> {
    use canvas::Action;
    match event {
        mouse::Event::ButtonPressed(mouse::Button::Left) => {
            state.panning_from = Some(cursor.position_in(bounds)?);
            Some(Action::capture())
        }
        mouse::Event::ButtonReleased(mouse::Button::Left) => {
            state.panning_from.take().map(|_| Action::capture())
        }
        mouse::Event::CursorMoved { .. } => {
            let here = cursor.position_in(bounds);
            match (state.panning_from, here) {
                (Some(from), Some(here)) => {
                    state.panning_from = Some(here);
                    Some(
                        Action::publish(Message::Pan(here - from))
                            .and_capture(),
                    )
                }
                _ => Some(Action::publish(Message::Hover(here))),
            }
        }
        mouse::Event::CursorLeft => Some(Action::publish(Message::Hover(None))),
        mouse::Event::WheelScrolled { delta } => {
            let anchor = cursor.position_in(bounds)?;
            let steps = match delta {
                mouse::ScrollDelta::Lines { y, .. } => *y,
                mouse::ScrollDelta::Pixels { y, .. } => *y / 40.0,
            };
            let factor = 1.2_f32.powf(steps);
            Some(
                Action::publish(Message::Zoom { factor, anchor }).and_capture(),
            )
        }
        _ => None,
    }
}

fn key_event(key: &keyboard::Key, bounds: Rectangle) -> Option<Message> {
    use keyboard::key::Named;
    let centre = Point::new(bounds.width / 2.0, bounds.height / 2.0);
    let zoom = |factor| Message::Zoom {
        factor,
        anchor: centre,
    };
    match key.as_ref() {
        keyboard::Key::Named(Named::Home) | keyboard::Key::Character("f") => {
            Some(Message::Fit)
        }
        keyboard::Key::Character("+" | "=") => Some(zoom(1.25)),
        keyboard::Key::Character("-") => Some(zoom(0.8)),
        _ => None,
    }
}
