//! The setup's own canvas over the map canvas: the selected
//! instruction's zone shaded, illegal stacks ringed in red, the counters
//! (cached: redrawn after a pan, zoom or edit) and the selected hex. It
//! takes the setup's keys and reports every left-button release with its
//! position, which ends a drag from the roster or of a counter; it never
//! captures the mouse, so the map canvas below still pans and zooms.

use iced::widget::canvas::{self, Cache, Event, Frame, Geometry, Stroke};
use iced::{Color, Rectangle, Renderer, Theme, keyboard, mouse};

use berthier_schema::{HexId, Map};

use super::Message;
use crate::map_canvas::geometry::Viewport;
use crate::map_canvas::layers::draw_shape;
use berthier_tools::scene::Shape;
use berthier_tools::setup::zone::Shaded;

/// A key the setup takes over the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LayerKey {
    /// `[` (-1) and `]` (+1): turn the selected unit.
    Turn(i8),
    /// Delete or Backspace: take the selected unit off the map.
    Remove,
    /// Escape: stop placing, clear the zone.
    Cancel,
}

/// Allowed hexes of the selected instruction.
const ALLOWED: Color = Color::from_rgba(0.1, 0.6, 0.2, 0.35);
/// Hexes the model cannot decide.
const UNDECIDED: Color = Color::from_rgba(0.95, 0.55, 0.0, 0.3);
/// Illegal stacks.
const ILLEGAL: Color = Color::from_rgb(0.85, 0.0, 0.0);
/// The selected hex.
const SELECTED: Color = Color::from_rgb(0.1, 0.3, 0.95);

/// What the layer draws.
pub struct SetupLayer<'a> {
    pub map: &'a Map,
    pub view: Viewport,
    pub zone: Option<&'a Shaded>,
    pub illegal: &'a [HexId],
    pub art: &'a [Shape],
    pub cache: &'a Cache,
    pub selected: Option<HexId>,
}

impl canvas::Program<Message> for SetupLayer<'_> {
    type State = ();

    fn update(
        &self,
        (): &mut (),
        event: &Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<Message>> {
        match event {
            Event::Mouse(mouse::Event::ButtonReleased(mouse::Button::Left)) => {
                let at = cursor.position_in(bounds);
                Some(canvas::Action::publish(Message::Released(at)))
            }
            Event::Keyboard(keyboard::Event::KeyPressed {
                key,
                modifiers,
                ..
            }) if !modifiers.command() && cursor.is_over(bounds) => {
                let key = layer_key(key)?;
                Some(canvas::Action::publish(Message::Key(key)).and_capture())
            }
            _ => None,
        }
    }

    fn draw(
        &self,
        (): &(),
        renderer: &Renderer,
        _: &Theme,
        bounds: Rectangle,
        _: mouse::Cursor,
    ) -> Vec<Geometry> {
        let counters = self.cache.draw(renderer, bounds.size(), |frame| {
            self.draw_zone(frame);
            for shape in self.art {
                draw_shape(frame, &self.view, shape, 1.0);
            }
            for hex in self.illegal {
                self.ring(frame, *hex, ILLEGAL, 3.0);
            }
        });
        let mut frame = Frame::new(renderer, bounds.size());
        if let Some(hex) = self.selected {
            self.ring(&mut frame, hex, SELECTED, 3.0);
        }
        vec![counters, frame.into_geometry()]
    }
}

impl SetupLayer<'_> {
    fn draw_zone(&self, frame: &mut Frame) {
        let Some(zone) = self.zone else { return };
        for (hexes, colour) in
            [(&zone.allowed, ALLOWED), (&zone.undecided, UNDECIDED)]
        {
            for hex in hexes {
                let path = self.hex_path(*hex);
                frame.fill(&path, colour);
            }
        }
    }

    fn ring(&self, frame: &mut Frame, hex: HexId, colour: Color, width: f32) {
        let path = self.hex_path(hex);
        frame.stroke(
            &path,
            Stroke::default().with_width(width).with_color(colour),
        );
    }

    fn hex_path(&self, hex: HexId) -> canvas::Path {
        let corners = self.map.geometry().corners_px(hex);
        canvas::Path::new(|b| {
            let mut it = corners.iter().map(|p| self.view.to_screen(*p));
            if let Some(first) = it.next() {
                b.move_to(first);
            }
            it.for_each(|p| b.line_to(p));
            b.close();
        })
    }
}

fn layer_key(key: &keyboard::Key) -> Option<LayerKey> {
    use keyboard::key::Named;
    Some(match key.as_ref() {
        keyboard::Key::Character("[") => LayerKey::Turn(-1),
        keyboard::Key::Character("]") => LayerKey::Turn(1),
        keyboard::Key::Named(Named::Delete | Named::Backspace) => {
            LayerKey::Remove
        }
        keyboard::Key::Named(Named::Escape) => LayerKey::Cancel,
        _ => return None,
    })
}
