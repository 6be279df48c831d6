//! The tree panel: one row per visible side, formation, unit, leader and
//! marker, indented by depth, with a toggle on rows that have children;
//! and the deletion question.

use iced::widget::text::Wrapping;
use iced::widget::{
    Column, button, column, container, mouse_area, row, scrollable, space, text,
};
use iced::{Background, Border, Color, Element, Fill, Theme};

use super::{Confirm, Message, OobScreen};
use berthier_tools::counter_art::Art;
use berthier_tools::oob::tree::{self, Kind, Row};

/// Indentation per level, in pixels.
const INDENT: f32 = 16.0;

impl OobScreen {
    pub(super) fn tree(&self) -> Element<'_, Message> {
        let rows = tree::rows(
            self.doc.merged(),
            self.doc.series.as_ref(),
            &self.collapsed,
        );
        let art = self.art();
        let list = Column::with_children(
            rows.into_iter().map(|r| self.row(r, art.as_ref())),
        )
        .spacing(1)
        .padding(6);
        // A release outside every row still ends a drag.
        mouse_area(scrollable(list).height(Fill).width(Fill))
            .on_release(Message::DragEnd)
            .into()
    }

    fn row(&self, r: Row, art: Option<&Art<'_>>) -> Element<'_, Message> {
        let toggle: Element<'_, Message> = if r.has_children {
            let sign = if r.collapsed { "+" } else { "−" };
            button(text(sign).size(16))
                .padding([0, 6])
                .style(button::text)
                .on_press(Message::Toggle(r.item.id.clone()))
                .into()
        } else {
            space().width(22).into()
        };
        let selected = self.selected.as_ref() == Some(&r.item);
        let size = if r.item.kind == Kind::Side { 17 } else { 14 };
        // Shown, not edited here: from an included file (greyed).
        let included = self.doc.defined_in(&r.item.id).is_some()
            && r.item.kind != Kind::Side;
        let label = text(r.label).size(size).wrapping(Wrapping::None);
        let target = self
            .drag
            .as_ref()
            .is_some_and(|d| d.over.as_ref() == Some(&r.item));
        let label = label.style(move |theme: &Theme| {
            if selected {
                text::Style {
                    color: Some(theme.palette().background),
                }
            } else if included {
                text::secondary(theme)
            } else {
                text::Style::default()
            }
        });
        let pick =
            mouse_area(container(label).padding([1, 4]).style(
                move |theme: &Theme| row_style(theme, selected, target),
            ))
            .on_press(Message::RowPress(r.item.clone()))
            .on_enter(Message::RowEnter(r.item.clone()))
            .on_release(Message::RowRelease(r.item.clone()));
        // A unit's or leader's counter as printed, before its name.
        let icon = match (art, r.item.kind) {
            (Some(art), Kind::Unit | Kind::Leader) => {
                self.tree_icon(art, &r.item.id)
            }
            _ => None,
        };
        #[allow(clippy::cast_precision_loss)]
        let indent = r.depth as f32 * INDENT;
        let mut line = row![space().width(indent), toggle];
        if let Some(icon) = icon {
            line = line.push(icon);
        }
        line.push(pick).spacing(2).align_y(iced::Center).into()
    }
}

/// "Delete X? It is named by: …" with Delete and Cancel.
pub(super) fn confirm_delete(confirm: &Confirm) -> Element<'_, Message> {
    let mut lines = column![text(format!(
        "Delete `{}`? It is named by:",
        confirm.item.id
    ))]
    .spacing(4);
    for by in &confirm.named_by {
        lines = lines.push(text(format!("• {by}")).size(14));
    }
    lines = lines.push(
        row![
            button("Delete")
                .style(button::danger)
                .on_press(Message::ConfirmDelete(true)),
            button("Cancel").on_press(Message::ConfirmDelete(false)),
        ]
        .spacing(8),
    );
    container(lines)
        .padding(10)
        .style(container::bordered_box)
        .width(Fill)
        .into()
}

/// A row's background: the selection in the theme's primary colour, the
/// drop target of a drag in yellow (as the timeline's target turn).
fn row_style(theme: &Theme, selected: bool, target: bool) -> container::Style {
    let background = if target {
        Some(Color::from_rgb8(0xff, 0xe0, 0x70))
    } else if selected {
        Some(theme.palette().primary)
    } else {
        None
    };
    container::Style {
        background: background.map(Background::Color),
        border: Border {
            radius: 3.0.into(),
            ..Border::default()
        },
        ..container::Style::default()
    }
}
