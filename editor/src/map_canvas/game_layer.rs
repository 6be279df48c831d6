//! A canvas stacked over the map that draws a game's marks
//! ([`berthier_tools::game::marks`]): the rings zoom with the map, the words stay
//! readable at a fixed size on screen, on a pale card, beside the hex and
//! toward the map's middle; a card that would cover one already drawn
//! moves down below it, so no two cards hide each other. It captures no
//! event.

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
        let mut taken: Vec<Rectangle> = Vec::new();
        for label in &self.labels {
            self.draw_label(&mut frame, label, &mut taken);
        }
        vec![frame.into_geometry()]
    }
}

impl GameLayer {
    fn draw_label(
        &self,
        frame: &mut Frame,
        label: &Label,
        taken: &mut Vec<Rectangle>,
    ) {
        let centre = self.view.to_screen(label.at);
        let gap = self.radius as f32 * self.view.zoom + 4.0;
        let x = if label.leftward {
            centre.x - gap
        } else {
            centre.x + gap
        };
        let n = label.lines.len() as f32;
        // An estimate of the widest line: the card need not be exact.
        let chars = label.lines.iter().map(|l| l.chars().count()).max();
        let width = chars.unwrap_or(0) as f32 * TEXT_PX * 0.55 + 6.0;
        let left = if label.leftward {
            x - width + 3.0
        } else {
            x - 3.0
        };
        let card = free_place(
            Rectangle::new(
                Point::new(left, centre.y - n * LINE_PX / 2.0 - 2.0),
                Size::new(width, n * LINE_PX + 4.0),
            ),
            taken,
        );
        taken.push(card);
        let top = card.y + 2.0;
        frame.fill_rectangle(
            card.position(),
            card.size(),
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

/// `card` moved down, below the cards already `taken`, until it covers
/// none of them.
fn free_place(mut card: Rectangle, taken: &[Rectangle]) -> Rectangle {
    while let Some(below) = taken
        .iter()
        .filter(|t| t.intersects(&card))
        .map(|t| t.y + t.height + 1.0)
        .reduce(f32::max)
    {
        card.y = below;
    }
    card
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_over_another_moves_below_it_and_a_free_one_stays() {
        let card = |x: f32, y: f32| {
            Rectangle::new(Point::new(x, y), Size::new(100.0, 19.0))
        };
        let mut taken = vec![card(0.0, 0.0)];
        let moved = free_place(card(50.0, 10.0), &taken);
        assert_eq!(moved.y, 20.0);
        taken.push(moved);
        // Over both: below the lower one.
        assert_eq!(free_place(card(20.0, 5.0), &taken).y, 40.0);
        // Beside them: left where it is.
        assert_eq!(free_place(card(200.0, 5.0), &taken).y, 5.0);
    }
}
