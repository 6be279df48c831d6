//! A canvas stacked over the map that draws a game's marks
//! ([`berthier_tools::game::marks`]): the rings zoom with the map, the words stay
//! readable at a fixed size on screen, on a pale card, beside the hex and
//! toward the map's middle. It captures no event.

use iced::widget::canvas::{self, Frame, Geometry};
use iced::{Color, Point, Rectangle, Renderer, Size, Theme, alignment, mouse};

use super::geometry::Viewport;
use berthier_tools::game::marks::Label;
use berthier_tools::scene::Shape;

/// On-screen size of the words.
const TEXT_PX: f32 = 12.0;
/// Distance between two lines of words.
const LINE_PX: f32 = 15.0;

/// The marks, in scan pixels, and the map's pan and zoom.
#[derive(Debug)]
pub struct GameLayer {
    /// The rings.
    pub shapes: Vec<Shape>,
    /// The words.
    pub labels: Vec<Label>,
    /// The map's hex radius in scan pixels (the words start past it).
    pub radius: f64,
    /// The map canvas's pan and zoom.
    pub view: Viewport,
}

impl<M> canvas::Program<M> for GameLayer {
    type State = ();

    fn draw(
        &self,
        _: &(),
        renderer: &Renderer,
        _: &Theme,
        bounds: Rectangle,
        _: mouse::Cursor,
    ) -> Vec<Geometry> {
        let mut frame = Frame::new(renderer, bounds.size());
        for shape in &self.shapes {
            super::layers::draw_shape(&mut frame, &self.view, shape, 1.0);
        }
        for label in &self.labels {
            self.draw_label(&mut frame, label);
        }
        vec![frame.into_geometry()]
    }
}

impl GameLayer {
    fn draw_label(&self, frame: &mut Frame, label: &Label) {
        let centre = self.view.to_screen(label.at);
        let gap = self.radius as f32 * self.view.zoom + 4.0;
        let x = if label.leftward {
            centre.x - gap
        } else {
            centre.x + gap
        };
        let n = label.lines.len() as f32;
        let top = centre.y - n * LINE_PX / 2.0;
        // An estimate of the widest line: the card need not be exact.
        let chars = label.lines.iter().map(|l| l.chars().count()).max();
        let width = chars.unwrap_or(0) as f32 * TEXT_PX * 0.55 + 6.0;
        let left = if label.leftward {
            x - width + 3.0
        } else {
            x - 3.0
        };
        frame.fill_rectangle(
            Point::new(left, top - 2.0),
            Size::new(width, n * LINE_PX + 4.0),
            Color::from_rgba(1.0, 1.0, 1.0, 0.8),
        );
        let [r, g, b] = label.colour;
        for (i, line) in label.lines.iter().enumerate() {
            frame.fill_text(canvas::Text {
                content: line.clone(),
                position: Point::new(x, top + LINE_PX * (i as f32 + 0.5)),
                size: TEXT_PX.into(),
                color: Color::from_rgb8(r, g, b),
                align_x: if label.leftward {
                    iced::widget::text::Alignment::Right
                } else {
                    iced::widget::text::Alignment::Left
                },
                align_y: alignment::Vertical::Center,
                ..canvas::Text::default()
            });
        }
    }
}
