//! A map area that clips everything drawn in it, the scan included.

use iced::widget::{Space, Stack};
use iced::{Element, Fill};

/// `content`, filling its space, drawn in a renderer layer bounded by that
/// space. A container's `clip` only narrows the viewport its children are
/// given; canvas geometry ignores it for images, so a zoomed-in scan was
/// drawn over the toolbar and the side panels (seen under Xvfb with the
/// software renderer). A stack draws every layer above its first in a
/// layer of its own, clipped to the stack's bounds when it clips.
pub fn clipped<'a, M: 'a>(
    content: impl Into<Element<'a, M>>,
) -> Element<'a, M> {
    Stack::with_children([Space::new().into(), content.into()])
        .width(Fill)
        .height(Fill)
        .clip(true)
        .into()
}
