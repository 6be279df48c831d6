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
use berthier_tools::project::OpenedMap;

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

/// What a left-button gesture on the map did, in scan pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pointer {
    /// The button went down here.
    Press([f64; 2]),
    /// The cursor moved here with the button down.
    Drag([f64; 2]),
    /// The button came up.
    Release,
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
    /// Handles a canvas message; returns what the left button did.
    pub fn update(
        &mut self,
        m: map_canvas::Message,
        opened: &OpenedMap,
    ) -> Option<Pointer> {
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
            M::Press { at, .. } => {
                return Some(Pointer::Press(self.view.to_scan(at)));
            }
            M::Drag(at) => return Some(Pointer::Drag(self.view.to_scan(at))),
            M::Release => return Some(Pointer::Release),
        }
        self.caches.clear();
        None
    }

    /// The canvas size last reported.
    pub fn size(&self) -> Option<Size> {
        self.size
    }

    /// Shows scan pixel `px` in the middle of the canvas, zoomed in to
    /// read a hex of `hex_radius_px` (a finding clicked in a panel).
    pub fn centre_on(&mut self, px: [f64; 2], hex_radius_px: f64) {
        let Some(size) = self.size else { return };
        self.view = crate::screen::map::findings::centred_on(
            self.view,
            px,
            size,
            hex_radius_px,
        );
        self.caches.clear();
    }

    /// Pans, when needed, so that scan pixel `px` stays `margin` inside
    /// the canvas once it is `narrower_by` narrower (a panel opening on
    /// its right): what was clicked does not disappear under the panel.
    pub fn keep_in_view(
        &mut self,
        px: [f64; 2],
        narrower_by: f32,
        margin: f32,
    ) {
        let Some(size) = self.size else { return };
        let right = (size.width - narrower_by - margin).max(margin);
        let x = self.view.to_screen(px).x;
        if x > right {
            self.view.pan(iced::Vector::new(right - x, 0.0));
            self.caches.clear();
        }
    }

    fn fit(&mut self, opened: &OpenedMap) {
        let Some(size) = self.size else { return };
        let content = match &opened.scan {
            Some(s) => geometry::bounds([
                [0.0, 0.0],
                [f64::from(s.width), f64::from(s.height)],
            ]),
            None => {
                let placed = opened.map.geometry();
                geometry::bounds(
                    berthier_tools::scene::all_hexes(&opened.map)
                        .flat_map(|h| placed.corners_px(h)),
                )
            }
        };
        if let Some(content) = content {
            self.view = Viewport::fit(content, size);
            self.fitted = true;
            self.caches.clear();
        }
    }

    /// The map canvas alone, for a screen that stacks its own layer on
    /// top (the setup screen's counters).
    pub fn canvas<'a>(
        &'a self,
        opened: &'a OpenedMap,
        visible: Visible,
    ) -> MapCanvas<'a> {
        MapCanvas {
            opened,
            view: self.view,
            caches: &self.caches,
            visible,
            hover: self.hover,
            preview: &self.preview,
            highlight: None,
            marked: &[],
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
            highlight: None,
            marked: &[],
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
}

/// A side screen's layout: its toolbar on top, then its side panel and
/// the map canvas.
pub fn side_layout<'a, M: 'a>(
    toolbar: iced::widget::Row<'a, M>,
    panel: impl Into<Element<'a, M>>,
    canvas: Element<'a, M>,
) -> Element<'a, M> {
    let toolbar = toolbar.spacing(10).padding(6).align_y(iced::Center);
    iced::widget::column![
        toolbar,
        iced::widget::rule::horizontal(1),
        iced::widget::row![
            side_panel(panel),
            crate::screen::clip::clipped(canvas)
        ],
    ]
    .into()
}

/// The side panel of the register and suggest screens: 300 px wide, on an
/// opaque background (without one, the software renderer can leave
/// pixels of the previous screen showing through the empty parts).
pub fn side_panel<'a, M: 'a>(
    content: impl Into<Element<'a, M>>,
) -> Element<'a, M> {
    container(content)
        .width(300)
        .height(Fill)
        .padding(8)
        .style(|theme: &Theme| {
            container::background(
                theme.extended_palette().background.base.color,
            )
        })
        .into()
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
    /// A drag handle: a filled shape with a white rim and a label.
    Handle {
        /// Where.
        at: [f64; 2],
        /// Its shape, so the handles tell apart without colour.
        shape: HandleShape,
        /// Fill colour.
        colour: Color,
        /// Label beside it.
        label: String,
    },
    /// A thin line (the rotation handle's arm).
    Line {
        /// From.
        from: [f64; 2],
        /// To.
        to: [f64; 2],
        /// Colour.
        colour: Color,
    },
}

/// How a [`Mark::Handle`] is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandleShape {
    /// A disc.
    Disc,
    /// A ring.
    Ring,
    /// A square.
    Square,
}

/// Whether keys nudge: the map was clicked last (not a text field or
/// another panel widget), or nothing was clicked yet.
#[derive(Debug, Default)]
pub struct KeyFocus {
    elsewhere: bool,
}

struct Marks<M> {
    marks: Vec<Mark>,
    view: Viewport,
    on_key: fn(Key) -> M,
}

impl<M> canvas::Program<M> for Marks<M> {
    type State = KeyFocus;

    fn update(
        &self,
        focus: &mut KeyFocus,
        event: &Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<M>> {
        match event {
            // Every press reaches this canvas (it is on top and never
            // captures the mouse): one outside the map, e.g. into a text
            // field, hands the keys to the panel until the map is clicked.
            Event::Mouse(mouse::Event::ButtonPressed(_)) => {
                focus.elsewhere = !cursor.is_over(bounds);
                None
            }
            Event::Keyboard(keyboard::Event::KeyPressed {
                key,
                modifiers,
                ..
            }) if !focus.elsewhere && !modifiers.command() => {
                let key = screen_key(key, modifiers.shift())?;
                Some(canvas::Action::publish((self.on_key)(key)).and_capture())
            }
            _ => None,
        }
    }

    fn draw(
        &self,
        _: &KeyFocus,
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

/// Arrows nudge 0.1 px (Shift: 1 px), brackets turn 0.01 degrees.
fn screen_key(key: &keyboard::Key, shift: bool) -> Option<Key> {
    use keyboard::key::Named;
    let step = if shift { 1.0 } else { 0.1 };
    Some(match key.as_ref() {
        keyboard::Key::Named(Named::ArrowLeft) => Key::Nudge([-step, 0.0]),
        keyboard::Key::Named(Named::ArrowRight) => Key::Nudge([step, 0.0]),
        keyboard::Key::Named(Named::ArrowUp) => Key::Nudge([0.0, -step]),
        keyboard::Key::Named(Named::ArrowDown) => Key::Nudge([0.0, step]),
        keyboard::Key::Character("[") => Key::Turn(-0.01),
        keyboard::Key::Character("]") => Key::Turn(0.01),
        _ => return None,
    })
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
            if !label.is_empty() {
                draw_label(
                    frame,
                    Point::new(p.x + 9.0, p.y - 18.0),
                    *colour,
                    label,
                );
            }
        }
        Mark::Handle {
            at,
            shape,
            colour,
            label,
        } => draw_handle(frame, view.to_screen(*at), *shape, *colour, label),
        Mark::Line { from, to, colour } => {
            let (a, b) = (view.to_screen(*from), view.to_screen(*to));
            frame.stroke(
                &Path::line(a, b),
                Stroke::default().with_width(1.5).with_color(*colour),
            );
        }
    }
}

/// Radius of a drawn handle, screen pixels.
pub const HANDLE_PX: f32 = 7.0;

fn draw_handle(
    frame: &mut Frame,
    p: Point,
    shape: HandleShape,
    colour: Color,
    label: &str,
) {
    let r = HANDLE_PX;
    let path = match shape {
        HandleShape::Disc | HandleShape::Ring => Path::circle(p, r),
        HandleShape::Square => Path::rectangle(
            Point::new(p.x - r, p.y - r),
            Size::new(2.0 * r, 2.0 * r),
        ),
    };
    if shape != HandleShape::Ring {
        frame.fill(&path, colour);
    }
    let rim = Stroke::default().with_width(2.0).with_color(Color::WHITE);
    frame.stroke(&path, rim);
    if shape == HandleShape::Ring {
        let ring = Path::circle(p, r - 2.0);
        frame.stroke(
            &ring,
            Stroke::default().with_width(3.0).with_color(colour),
        );
    }
    draw_label(frame, Point::new(p.x + r + 4.0, p.y - 8.0), colour, label);
}

/// A label on a pale backing, so it reads over any scan.
fn draw_label(frame: &mut Frame, at: Point, colour: Color, label: &str) {
    let width = 7.0 * label.chars().count() as f32;
    frame.fill_rectangle(
        Point::new(at.x - 2.0, at.y - 1.0),
        Size::new(width + 4.0, 17.0),
        Color::from_rgba(1.0, 1.0, 1.0, 0.75),
    );
    frame.fill_text(canvas::Text {
        content: label.to_owned(),
        position: at,
        color: colour,
        size: 13.0.into(),
        ..canvas::Text::default()
    });
}
