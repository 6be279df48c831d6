//! What the register and suggest screens share: the map canvas (called,
//! not copied) with pan, zoom and fit, and one more canvas on top for their
//! own marks and keys.

use iced::widget::canvas::{
    self, Canvas, Event, Frame, Geometry, Path, Stroke,
};
use iced::widget::{container, stack};
use iced::{
    Color, Element, Fill, Point, Rectangle, Renderer, Size, Theme, keyboard,
    mouse, widget,
};

use crate::map_canvas::geometry::{self, Viewport};
use crate::map_canvas::{self, Caches, Layer, MapCanvas, Preview, Visible};
use crate::project::OpenedMap;

/// Id of the container around the canvases (tests find it to click on the
/// map).
pub const CANVAS_ID: &str = "overlay-canvas";

/// Pan, zoom and caches of a map view.
#[derive(Debug, Default)]
pub struct MapView {
    /// Pan and zoom.
    pub view: Viewport,
    size: Option<Size>,
    fitted: bool,
    hover: Option<Point>,
    /// Layer caches of the map canvas.
    pub caches: Caches,
    preview: Preview,
}

/// A key the screens use.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Key {
    /// Arrow keys: a step in scan pixels (Shift: ten times more).
    Nudge([f64; 2]),
    /// `[` and `]`: degrees.
    Turn(f64),
}

impl MapView {
    /// Handles a canvas message; returns the scan pixel of a left press.
    pub fn update(
        &mut self,
        m: map_canvas::Message,
        opened: &OpenedMap,
    ) -> Option<[f64; 2]> {
        use map_canvas::Message as M;
        match m {
            M::Pan(d) => self.view.pan(d),
            M::Zoom { factor, anchor } => self.view.zoom_at(factor, anchor),
            M::Hover(p) => {
                self.hover = p;
                return None;
            }
            M::Resized(size) => {
                self.size = Some(size);
                if !self.fitted {
                    self.fit(opened);
                }
            }
            M::Fit => self.fit(opened),
            M::Press { at, .. } => return Some(self.view.to_scan(at)),
            M::Drag(_) | M::Release => return None,
        }
        self.caches.clear();
        None
    }

    fn fit(&mut self, opened: &OpenedMap) {
        let Some(size) = self.size else { return };
        let content = match &opened.scan {
            Some(s) => geometry::bounds([
                [0.0, 0.0],
                [f64::from(s.width), f64::from(s.height)],
            ]),
            None => geometry::bounds(
                crate::scene::all_hexes(&opened.map)
                    .flat_map(|h| opened.map.grid.corners_px(h)),
            ),
        };
        if let Some(content) = content {
            self.view = Viewport::fit(content, size);
            self.fitted = true;
            self.caches.clear();
        }
    }

    /// The map canvas with `marks` drawn on top; `on_key` maps keys.
    pub fn view<'a, M: Clone + 'a>(
        &'a self,
        opened: &'a OpenedMap,
        hide: &[Layer],
        marks: Vec<Mark>,
        on_canvas: fn(map_canvas::Message) -> M,
        on_key: fn(Key) -> M,
    ) -> Element<'a, M> {
        let mut visible = Visible::default();
        hide.iter().for_each(|l| visible.set(*l, false));
        let map = MapCanvas {
            opened,
            view: self.view,
            caches: &self.caches,
            visible,
            hover: self.hover,
            preview: &self.preview,
        };
        let top = Canvas::new(Marks {
            marks,
            view: self.view,
            on_key,
        })
        .width(Fill)
        .height(Fill);
        container(stack![map.view().map(on_canvas), top])
            .id(widget::Id::new(CANVAS_ID))
            .width(Fill)
            .height(Fill)
            .into()
    }
            highlight: None,
}

/// Something drawn over the map, in scan pixels.
#[derive(Debug, Clone, PartialEq)]
pub enum Mark {
    /// A closed polygon, filled and/or outlined.
    Polygon {
        /// Corners.
        points: Vec<[f64; 2]>,
        /// Fill colour.
        fill: Option<Color>,
        /// Outline colour and width (screen pixels).
        stroke: Option<(Color, f32)>,
    },
    /// A cross at a point, with an optional label.
    Cross {
        /// Where.
        at: [f64; 2],
        /// Colour.
        colour: Color,
        /// Label beside it.
        label: String,
    },
}

struct Marks<M> {
    marks: Vec<Mark>,
    view: Viewport,
    on_key: fn(Key) -> M,
}

impl<M> canvas::Program<M> for Marks<M> {
    type State = ();

    fn update(
        &self,
        _: &mut (),
        event: &Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<M>> {
        let Event::Keyboard(keyboard::Event::KeyPressed {
            key, modifiers, ..
        }) = event
        else {
            return None;
        };
        // Keys typed into text fields reach every canvas; act only with
        // the cursor away from the side panel (over the map, or unknown as
        // in tests).
        if cursor.position().is_some_and(|p| !bounds.contains(p)) {
            return None;
        }
        use keyboard::key::Named;
        let step = if modifiers.shift() { 1.0 } else { 0.1 };
        let key = match key.as_ref() {
            keyboard::Key::Named(Named::ArrowLeft) => Key::Nudge([-step, 0.0]),
            keyboard::Key::Named(Named::ArrowRight) => Key::Nudge([step, 0.0]),
            keyboard::Key::Named(Named::ArrowUp) => Key::Nudge([0.0, -step]),
            keyboard::Key::Named(Named::ArrowDown) => Key::Nudge([0.0, step]),
            keyboard::Key::Character("[") => Key::Turn(-0.01),
            keyboard::Key::Character("]") => Key::Turn(0.01),
            _ => return None,
        };
        Some(canvas::Action::publish((self.on_key)(key)).and_capture())
    }

    fn draw(
        &self,
        _: &(),
        renderer: &Renderer,
        _: &Theme,
        bounds: Rectangle,
        _: mouse::Cursor,
    ) -> Vec<Geometry> {
        let mut frame = Frame::new(renderer, bounds.size());
        for mark in &self.marks {
            draw_mark(&mut frame, &self.view, mark);
        }
        vec![frame.into_geometry()]
    }
}

fn draw_mark(frame: &mut Frame, view: &Viewport, mark: &Mark) {
    match mark {
        Mark::Polygon {
            points,
            fill,
            stroke,
        } => {
            let path = Path::new(|b| {
                let mut it = points.iter().map(|p| view.to_screen(*p));
                if let Some(first) = it.next() {
                    b.move_to(first);
                }
                it.for_each(|p| b.line_to(p));
                b.close();
            });
            if let Some(c) = fill {
                frame.fill(&path, *c);
            }
            if let Some((c, w)) = stroke {
                frame.stroke(
                    &path,
                    Stroke::default().with_width(*w).with_color(*c),
                );
            }
        }
        Mark::Cross { at, colour, label } => {
            let p = view.to_screen(*at);
            let path = Path::new(|b| {
                b.move_to(Point::new(p.x - 7.0, p.y));
                b.line_to(Point::new(p.x + 7.0, p.y));
                b.move_to(Point::new(p.x, p.y - 7.0));
                b.line_to(Point::new(p.x, p.y + 7.0));
            });
            frame.stroke(
                &path,
                Stroke::default().with_width(2.0).with_color(*colour),
            );
            frame.fill_text(canvas::Text {
                content: label.clone(),
                position: Point::new(p.x + 9.0, p.y - 18.0),
                color: *colour,
                size: 14.0.into(),
                ..canvas::Text::default()
            });
        }
    }
}
