//! The marks of the game a map is a tab of ([`berthier_tools::game`]): transfer
//! exits and entries and the seams where maps join, listed above the
//! findings and drawn over the map. The application hands them over; the
//! map screen does not read the game file.

use iced::widget::{Canvas, column, text};
use iced::{Element, Fill};

use super::MapScreen;
use crate::map_canvas::game_layer::GameLayer;
use berthier_tools::game::{Mark, marks};

impl MapScreen {
    /// Shows `marks` on the map (a game's tab); an empty list hides them.
    pub fn set_game_marks(&mut self, marks: Vec<Mark>) {
        self.scenario.game_marks = marks;
    }

    /// The game's marks shown on the map.
    pub fn game_marks(&self) -> &[Mark] {
        &self.scenario.game_marks
    }

    /// The canvas drawn over the map, when there are marks.
    pub(super) fn game_layer<M: 'static>(&self) -> Option<Element<'_, M>> {
        if self.scenario.game_marks.is_empty() {
            return None;
        }
        let map = &self.opened.map;
        Some(
            Canvas::new(GameLayer {
                shapes: marks::shapes(&self.scenario.game_marks, map),
                labels: marks::labels(&self.scenario.game_marks, map),
                radius: map.grid.hex_radius_px,
                view: self.view,
            })
            .width(Fill)
            .height(Fill)
            .into(),
        )
    }

    /// The list shown above the findings, when there are marks.
    pub(super) fn game_list<'a, M: 'a>(&'a self) -> Option<Element<'a, M>> {
        if self.scenario.game_marks.is_empty() {
            return None;
        }
        let mut list =
            column![text("Other maps of the game").size(15)].spacing(2);
        for mark in &self.scenario.game_marks {
            let colour = marks::ink(mark.kind);
            let ink = iced::Color::from_rgb8(
                colour[0] / 2,
                colour[1] / 2,
                colour[2] / 2,
            );
            list = list
                .push(text(format!("• {}", mark.label())).size(12).color(ink));
        }
        Some(list.into())
    }
}
