//! The register screen's layout and the marks drawn over the map.

use berthier_schema::{Orientation, Shift};
use iced::widget::{
    button, checkbox, column, pick_list, row, rule, scrollable, slider, text,
    text_input,
};
use iced::{Color, Element, Fill, widget};

use super::{Field, Message, RegisterScreen};
use crate::map_canvas::Layer;
use crate::screen::overlay::Mark;

/// Id of the printed-number input (tests type into it).
pub const NUMBER_ID: &str = "register-number";

const ORIENTATIONS: [Orientation; 2] = [Orientation::Flat, Orientation::Pointy];
const SHIFTS: [Shift; 2] = [Shift::Odd, Shift::Even];

fn name_o(o: &Orientation) -> &'static str {
    match o {
        Orientation::Flat => "flat",
        Orientation::Pointy => "pointy",
    }
}

impl RegisterScreen {
    /// The screen.
    pub fn view(&self) -> Element<'_, Message> {
        let canvas = self.map_view.view(
            &self.opened,
            &[
                Layer::Terrain,
                Layer::Elevation,
                Layer::Hexsides,
                Layer::Roads,
                Layer::Places,
            ],
            self.marks(),
            Message::Canvas,
            Message::Key,
        );
        let toolbar = row![
            button("Propose automatically")
                .on_press_maybe((!self.busy).then_some(Message::Propose)),
            button("Bend for drift").on_press(Message::Piecewise),
            button("Undo").on_press_maybe(
                (self.undo_steps() > 0).then_some(Message::Undo)
            ),
            button("Accept")
                .on_press_maybe(self.can_accept().then_some(Message::Accept)),
            button("Cancel").on_press(Message::Cancel),
            text(&self.status),
        ];
        crate::screen::overlay::side_layout(toolbar, self.panel(), canvas)
    }

    fn panel(&self) -> Element<'_, Message> {
        let g = self.grid();
        let names: Vec<&str> = ORIENTATIONS.iter().map(name_o).collect();
        let orientation = pick_list(names, Some(name_o(&g.orientation)), |n| {
            Message::Orientation(if n == "flat" {
                Orientation::Flat
            } else {
                Orientation::Pointy
            })
        });
        let shift_name = if g.shift == Shift::Odd { "odd" } else { "even" };
        let shift = pick_list(["odd", "even"], Some(shift_name), |n| {
            Message::Shift(if n == "odd" { SHIFTS[0] } else { SHIFTS[1] })
        });
        let field = |label: &'static str, f: Field| {
            row![
                text(label).width(90),
                text_input(label, &self.fields[f as usize])
                    .on_input(move |s| Message::Field(f, s)),
            ]
            .spacing(6)
            .align_y(iced::Center)
        };
        let radius = g.hex_radius_px;
        let mut col = column![
            text("Grid").size(18),
            row![text("Hexes").width(90), orientation].align_y(iced::Center),
            row![text("Shifted").width(90), shift].align_y(iced::Center),
            field("Radius px", Field::Radius),
            slider(
                (radius * 0.5).max(1.0)..=radius * 1.5 + 1.0,
                radius,
                Message::Radius
            )
            .step(0.01),
            field("Origin x", Field::OriginX),
            field("Origin y", Field::OriginY),
            field("Rotation °", Field::Rotation),
            slider(
                -10.0..=10.0,
                g.rotation_deg.clamp(-10.0, 10.0),
                Message::Rotation
            )
            .step(0.01),
            field("Aspect", Field::Aspect),
            text("Drag the handles on the map: red disc moves the origin, purple ring turns, teal square sizes. After a click on the map, arrows nudge the origin 0.1 px (Shift 1 px), [ ] turn 0.01°; Ctrl+Z undoes.").size(12),
            rule::horizontal(1),
        ]
        .spacing(6);
        col = col.push(self.proposal_checks());
        col = col.push(
            checkbox(self.three_point)
                .label("Three-point fit")
                .on_toggle(Message::ThreePoint),
        );
        if self.three_point || self.needs_anchor() {
            col = col.push(
                text("Click a hex centre, type its printed number").size(12),
            );
            col = col.push(
                row![
                    text_input("Printed number", &self.number)
                        .id(widget::Id::new(NUMBER_ID))
                        .on_input(Message::Number)
                        .on_submit(Message::AddLandmark),
                    button("Add").on_press(Message::AddLandmark),
                ]
                .spacing(6),
            );
            col = col
                .push(scrollable(self.landmark_list()).spacing(4).height(Fill));
        }
        col.into()
    }

    /// The proposal's warnings in amber, and while its numbering is not
    /// anchored, how to anchor it.
    fn proposal_checks(&self) -> Element<'_, Message> {
        let amber = Color::from_rgb8(0xc2, 0x6a, 0x00);
        let mut col = column![].spacing(6);
        for w in self.warnings() {
            col = col.push(text(w).size(13).color(amber));
        }
        if self.needs_anchor() {
            col = col.push(
                text("Numbering not anchored: the lattice fits, but its numbers may be a whole hex off. Click a hex whose printed number you can read and type it, or compare the drawn numbers with the printed ones and tick:")
                    .size(12)
                    .color(amber),
            );
            col = col.push(
                checkbox(self.numbering_checked())
                    .label("Numbering checked")
                    .on_toggle(Message::NumberingChecked),
            );
        }
        col.into()
    }

    fn landmark_list(&self) -> Element<'_, Message> {
        let mut list = column![].spacing(2);
        for (i, l) in self.landmarks.iter().enumerate() {
            let residual = self
                .residuals
                .get(i)
                .map_or_else(|| "-".to_owned(), |r| format!("{r:.2} px"));
            list = list.push(
                row![
                    text(format!(
                        "{} at ({:.1}, {:.1})",
                        l.hex, l.px[0], l.px[1]
                    ))
                    .width(Fill),
                    text(residual),
                    button("×").on_press(Message::RemoveLandmark(i)),
                ]
                .spacing(6)
                .align_y(iced::Center),
            );
        }
        if !self.residuals.is_empty() {
            let n = self.residuals.len() as f64;
            let rms =
                (self.residuals.iter().map(|r| r * r).sum::<f64>() / n).sqrt();
            list = list.push(text(format!("RMS {rms:.2} px")));
        }
        list.into()
    }

    fn marks(&self) -> Vec<Mark> {
        let g = self.grid();
        let mut marks = super::handles::marks(g, &self.map_view.view);
        let blue = Color::from_rgb8(0x10, 0x3c, 0xb0);
        for (i, l) in self.landmarks.iter().enumerate() {
            let r = self
                .residuals
                .get(i)
                .map(|r| format!(" {r:.2}"))
                .unwrap_or_default();
            marks.push(Mark::Cross {
                at: l.px,
                colour: blue,
                label: format!("{}{r}", l.hex),
            });
        }
        if let Some(p) = self.pending {
            marks.push(Mark::Cross {
                at: p,
                colour: Color::from_rgb8(0xff, 0x8c, 0x00),
                label: "?".to_owned(),
            });
        }
        marks
    }
}
