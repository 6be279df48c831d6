//! The map view: the scan image on its own canvas (iced paints images over
//! vector geometry within one canvas), and over it one canvas with a
//! `canvas::Cache` per vector layer plus an uncached overlay for the
//! cursor. An edit clears only the caches of the layers it changed; pan and
//! zoom clear them all.
//!
//! Mouse: the left button paints with the current tool (press, drag,
//! release); the middle button, or the left with Space held, pans; the
//! wheel zooms at the cursor.

pub mod game_layer;
pub mod geometry;
pub mod highlight;
pub mod layers;
mod scan_layer;
pub mod victory_layer;

use iced::widget::canvas::{self, Cache, Canvas, Event, Frame, Geometry};
use iced::widget::stack;
use iced::{Element, Fill, Point, Rectangle, Renderer, Size, Theme, Vector};
use iced::{keyboard, mouse};

use berthier_schema::{HexId, Hexside};

use berthier_tools::project::OpenedMap;
use geometry::Viewport;
pub use layers::Layer;
use scan_layer::ScanLayer;

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
    /// The left button went down at a canvas point.
    Press {
        /// Where.
        at: Point,
        /// Shift, Ctrl... held at the time.
        modifiers: keyboard::Modifiers,
    },
    /// The cursor moved with the left button down.
    Drag(Point),
    /// The left button came up.
    Release,
}

/// Screen-pixel size of a hex radius above which numbers are drawn.
pub const NUMBERS_MIN_RADIUS: f32 = 18.0;

/// The caches, one per layer; they live in the screen's state.
#[derive(Debug, Default)]
pub struct Caches {
    layers: [Cache; Layer::COUNT],
}

impl Caches {
    /// Forgets every layer (after pan, zoom or a change of what shows).
    pub fn clear(&self) {
        self.layers.iter().for_each(Cache::clear);
    }

    /// Forgets one layer (its data changed).
    pub fn clear_layer(&self, layer: Layer) {
        self.layers[layer as usize].clear();
    }

    fn get(&self, layer: Layer) -> &Cache {
        &self.layers[layer as usize]
    }
}

/// Which layers show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Visible([bool; Layer::COUNT]);

impl Default for Visible {
    fn default() -> Self {
        Self([true; Layer::COUNT])
    }
}

impl Visible {
    /// The layers shown when a map opens: all, except the editor's own hex
    /// numbers over a scan, which prints its own (one number a hex; tick
    /// Numbers to compare them).
    pub fn for_map(has_scan: bool) -> Self {
        let mut visible = Self::default();
        visible.set(Layer::Numbers, !has_scan);
        visible
    }

    /// Whether `layer` shows.
    pub fn get(self, layer: Layer) -> bool {
        self.0[layer as usize]
    }

    /// Shows or hides `layer`.
    pub fn set(&mut self, layer: Layer, on: bool) {
        self.0[layer as usize] = on;
    }
}

/// What the current tool would touch at the cursor, drawn in the overlay.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Preview {
    /// Hexes to outline (the brush footprint).
    pub hexes: Vec<HexId>,
    /// A hexside to highlight.
    pub side: Option<Hexside>,
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
    /// Layer switches.
    pub visible: Visible,
    /// Canvas point under the cursor.
    pub hover: Option<Point>,
    /// Cursor preview.
    pub preview: &'a Preview,
    /// The finding last clicked, marked on the overlay.
    pub highlight: Option<highlight::Highlight>,
    /// Hexes with a finding (the scenario's live findings), marked.
    pub marked: &'a [HexId],
}

impl<'a> MapCanvas<'a> {
    /// The stacked canvases.
    pub fn view(self) -> Element<'a, Message> {
        stack![
            Canvas::new(ScanLayer {
                canvas: self,
                cache: self.caches.get(Layer::Scan),
                show: self.visible.get(Layer::Scan),
            })
            .width(Fill)
            .height(Fill),
            Canvas::new(self).width(Fill).height(Fill),
        ]
        .into()
    }
}

/// Drag and wheel state kept in the widget tree.
#[derive(Debug, Default)]
pub struct Interaction {
    panning_from: Option<Point>,
    painting: bool,
    space: bool,
    modifiers: keyboard::Modifiers,
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
            // Keys typed into the side panel's text fields reach the canvas
            // too; zoom keys count only with the cursor over the map.
            Event::Keyboard(e) => key_event(state, e, bounds, cursor),
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
        let mut out: Vec<Geometry> = Layer::WINDOW
            .into_iter()
            .filter(|l| *l != Layer::Scan && self.visible.get(*l))
            .map(|layer| {
                self.caches.get(layer).draw(renderer, bounds.size(), |f| {
                    layers::draw(self, f, layer);
                })
            })
            .collect();
        let mut frame = Frame::new(renderer, bounds.size());
        layers::overlay(self, &mut frame);
        out.push(frame.into_geometry());
        out
    }

    fn mouse_interaction(
        &self,
        state: &Interaction,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> mouse::Interaction {
        match (state.panning_from, cursor.is_over(bounds), state.space) {
            (Some(_), _, _) => mouse::Interaction::Grabbing,
            (None, true, true) => mouse::Interaction::Grab,
            (None, true, false) => mouse::Interaction::Crosshair,
            (None, false, _) => mouse::Interaction::default(),
        }
    }
}

/// The printed hex under a canvas point, if it is on the map.
pub fn hex_at(canvas: &MapCanvas<'_>, p: Point) -> Option<HexId> {
    let map = &canvas.opened.map;
    map.geometry()
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
    use mouse::Button;
    match event {
        mouse::Event::ButtonPressed(b @ (Button::Left | Button::Middle)) => {
            let at = cursor.position_in(bounds)?;
            if *b == Button::Middle || state.space {
                state.panning_from = Some(at);
                return Some(Action::capture());
            }
            state.painting = true;
            let modifiers = state.modifiers;
            Some(
                Action::publish(Message::Press { at, modifiers }).and_capture(),
            )
        }
        mouse::Event::ButtonReleased(Button::Left | Button::Middle) => {
            if state.panning_from.take().is_some() {
                return Some(Action::capture());
            }
            if std::mem::take(&mut state.painting) {
                return Some(Action::publish(Message::Release).and_capture());
            }
            None
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
                (None, Some(here)) if state.painting => {
                    Some(Action::publish(Message::Drag(here)).and_capture())
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

fn key_event(
    state: &mut Interaction,
    event: &keyboard::Event,
    bounds: Rectangle,
    cursor: mouse::Cursor,
) -> Option<canvas::Action<Message>> {
    use keyboard::key::Named;
    match event {
        keyboard::Event::ModifiersChanged(m) => {
            state.modifiers = *m;
            None
        }
        keyboard::Event::KeyPressed { key, modifiers, .. } => {
            if key.as_ref() == keyboard::Key::Named(Named::Space) {
                state.space = true;
                return None;
            }
            // Shortcuts with Ctrl belong to the application.
            if modifiers.command() || modifiers.alt() || !cursor.is_over(bounds)
            {
                return None;
            }
            zoom_key(key, bounds).map(canvas::Action::publish)
        }
        keyboard::Event::KeyReleased { key, .. } => {
            if key.as_ref() == keyboard::Key::Named(Named::Space) {
                state.space = false;
            }
            None
        }
    }
}

fn zoom_key(key: &keyboard::Key, bounds: Rectangle) -> Option<Message> {
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
