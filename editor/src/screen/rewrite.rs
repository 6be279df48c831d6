//! The one question every document's save asks when the comment-keeping
//! writer cannot keep the file's comments and layout: nothing has been
//! written; the author rewrites the file whole or keeps it as it is.

use berthier_tools::edited::{SaveError, SaveOutcome};
use iced::widget::{button, column, container, row, text};
use iced::{Element, Length};

/// Records what a save came to: "Saved." in `notice`, or the question
/// asked (`rewrite` holds the comments a rewrite would lose), or why not;
/// whether the file was written.
pub fn saved(
    outcome: Result<SaveOutcome, SaveError>,
    rewrite: &mut Option<usize>,
    notice: &mut Option<String>,
) -> bool {
    match outcome {
        Ok(SaveOutcome::Saved) => {
            *rewrite = None;
            *notice = Some("Saved.".to_owned());
            true
        }
        Ok(SaveOutcome::NeedsRewrite { comments }) => {
            *rewrite = Some(comments);
            false
        }
        Err(e) => {
            *notice = Some(format!("Not saved: {e}."));
            false
        }
    }
}

/// Records the author's answer to the question: `rewritten` is the whole
/// rewrite's result when they chose it, `None` when they kept the file;
/// whether the file was written.
pub fn answered(
    rewritten: Option<Result<(), SaveError>>,
    rewrite: &mut Option<usize>,
    notice: &mut Option<String>,
) -> bool {
    *rewrite = None;
    let (text, done) = match rewritten {
        None => ("Not saved.".to_owned(), false),
        Some(Ok(())) => ("Saved (file rewritten whole).".to_owned(), true),
        Some(Err(e)) => (format!("Not saved: {e}."), false),
    };
    *notice = Some(text);
    done
}

/// `above`, with the question under it while it is asked.
pub fn under<'a, M: Clone + 'a>(
    above: impl Into<Element<'a, M>>,
    rewrite: Option<usize>,
    yes: M,
    no: M,
) -> Element<'a, M> {
    match rewrite {
        Some(comments) => {
            column![above.into(), question(comments, yes, no)].into()
        }
        None => above.into(),
    }
}

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
