//! The tree panel: one row per visible side, formation, unit, leader and
//! marker, indented by depth, with a toggle on rows that have children;
//! and the deletion question.

use iced::widget::text::Wrapping;
use iced::widget::{
    Column, button, column, container, row, scrollable, space, text,
};
use iced::{Element, Fill};

use super::{Confirm, Message, OobScreen};
use crate::counter_art::Art;
use crate::oob::tree::{self, Kind, Row};

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
        scrollable(list).height(Fill).width(Fill).into()
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
        let mut label = text(r.label).size(size).wrapping(Wrapping::None);
        if self.doc.defined_in(&r.item.id).is_some()
            && r.item.kind != Kind::Side
        {
            // Shown, not edited here: from an included file.
            label = label.style(text::secondary);
        }
        let style = if selected {
            button::primary
        } else {
            button::text
        };
        let pick = button(label)
            .padding([1, 4])
            .style(style)
            .on_press(Message::Select(r.item.clone()));
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
