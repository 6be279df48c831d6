//! The one question every document's save asks when the comment-keeping
//! writer cannot keep the file's comments and layout: nothing has been
//! written; the author rewrites the file whole or keeps it as it is.

use iced::widget::{button, container, row, text};
use iced::{Element, Length};

/// What would be lost: "its layout", "1 comment", "N comments".
pub fn lost(comments: usize) -> String {
    match comments {
        0 => "its layout would be lost".to_owned(),
        1 => "1 comment would be lost".to_owned(),
        n => format!("{n} comments would be lost"),
    }
}

/// "This save cannot keep the file's comments and layout (N comments
/// would be lost)." [Rewrite the whole file] [Keep the file].
pub fn question<'a, M: Clone + 'a>(
    comments: usize,
    rewrite: M,
    keep: M,
) -> Element<'a, M> {
    container(
        row![
            text(format!(
                "This save cannot keep the file's comments and layout ({}).",
                lost(comments)
            ))
            .style(text::danger)
            .size(14),
            button("Rewrite the whole file").on_press(rewrite),
            button("Keep the file").on_press(keep),
        ]
        .spacing(8)
        .align_y(iced::Center),
    )
    .width(Length::Fill)
    .padding(6)
    .into()
}
