//! A canvas stacked over the map that draws a scenario's victory
//! conditions ([`berthier_tools::victory`]): it captures no event, so the map
//! below pans, zooms and paints as before.

use iced::widget::canvas::{self, Frame, Geometry};
use iced::{Rectangle, Renderer, Theme, mouse};

use super::geometry::Viewport;
use berthier_tools::scene::Shape;

/// The victory marks, in scan pixels, and the map's pan and zoom.
#[derive(Debug)]
pub struct VictoryLayer {
    /// What to draw.
    pub shapes: Vec<Shape>,
    /// The map canvas's pan and zoom.
    pub view: Viewport,
}

impl<M> canvas::Program<M> for VictoryLayer {
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
        vec![frame.into_geometry()]
    }
}
