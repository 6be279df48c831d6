//! Whole-window repaints after the layout changes, a work-around for the
//! CPU renderer's partial repaints (see [`Repaint`]).

use iced::Theme;

use super::{App, Screen};

/// Whole-window repaints after a change of screen.
///
/// The CPU renderer repaints only what it finds changed between frames,
/// and after a change of screen it missed a strip of the old map drawing,
/// which stayed over the new side panel (seen under Xvfb, gone with a
/// resize). A background that changes forces a whole repaint, so the
/// background steps by an invisible 1/255 for the first frames of each
/// screen.
#[derive(Debug, Default)]
pub(super) struct Repaint {
    /// The layout drawn last ([`App::layout_key`]).
    last: std::cell::Cell<u32>,
    /// Frames still to repaint whole.
    left: std::cell::Cell<u8>,
}

/// Frames repainted whole after a change of screen or layout. Odd, so the
/// very first frame after the change already has a changed background
/// (the question banner is often drawn in one frame, with no second one
/// until the next event).
const REPAINT_FRAMES: u8 = 5;

impl App {
    /// What moves things about in the window: the screen, the unsaved
    /// changes question, and the map screen's banners and panels. The CPU
    /// renderer left a strip of the old map drawing over the layer bar
    /// when the question pushed the page down (seen under Xvfb), as it did
    /// after a change of screen, so any change of this key repaints whole.
    fn layout_key(&self) -> u32 {
        let (screen, map) = match &self.screen {
            Screen::Map(s) => (1, s.layout_key()),
            Screen::Error(_) => (2, 0),
            Screen::Register(..) => (3, 0),
            Screen::Suggest(..) => (4, 0),
            Screen::NewMap(..) => (5, 0),
            Screen::NewOob(..) => (9, 0),
            Screen::NewPack(..) => (10, 0),
            Screen::Pack => (11, 0),
            Screen::NewScenario(..) => (12, 0),
            Screen::NewGame(..) => (13, 0),
            Screen::Oob(_) => (6, 0),
            Screen::Setup(s) => (7, s.layout_key()),
            Screen::Timeline(_) => (8, 0),
        };
        let bar = u32::from(self.scenario_counters.is_some())
            | u32::from(self.pack_panel_shown()) << 1;
        screen | u32::from(self.unsaved.is_some()) << 4 | bar << 5 | map << 7
    }

    /// The window style: the theme's, with the background stepping for a
    /// few frames after a change of screen (see [`Repaint`]).
    pub fn style(&self, theme: &Theme) -> iced::theme::Style {
        let kind = self.layout_key();
        let r = &self.repaint;
        if r.last.replace(kind) != kind {
            r.left.set(REPAINT_FRAMES);
        }
        let mut style = iced::theme::Base::base(theme);
        let left = r.left.get();
        if left > 0 {
            r.left.set(left - 1);
            style.background_color.b -= f32::from(left % 2) / 255.0;
        }
        style
    }
}
