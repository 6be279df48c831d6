//! The menu bar above every screen: File (with the exports), Edit, View,
//! Battle and Help,
//! each holding the actions of the screens' buttons with their shortcuts,
//! so that every action is found in one place. A title clicked opens its
//! menu under it; with a menu open, pointing at another title opens that
//! one; a click outside or Escape closes it. Which actions apply to the
//! screen shown is the application's to say (`enabled`); those that do
//! not are greyed.

use iced::widget::{
    Column, button, column, container, mouse_area, opaque, pin, row, stack,
    text,
};
use iced::{Color, Element, Fill, Length};

/// The menus, in the bar's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Menu {
    /// New, open, save, export.
    File,
    /// Undo and redo.
    Edit,
    /// The map's view and the pack panel.
    View,
    /// The battle's documents and the map's grid.
    Battle,
    /// Rule codes and about.
    Help,
}

impl Menu {
    /// Every menu, left to right.
    pub const ALL: [Self; 5] =
        [Self::File, Self::Edit, Self::View, Self::Battle, Self::Help];

    fn title(self) -> &'static str {
        match self {
            Self::File => "File",
            Self::Edit => "Edit",
            Self::View => "View",
            Self::Battle => "Battle",
            Self::Help => "Help",
        }
    }

    /// Its items, in order.
    pub fn items(self) -> &'static [Action] {
        use Action::*;
        match self {
            Self::File => &[
                NewPack,
                NewMap,
                NewOob,
                NewScenario,
                NewGame,
                Open,
                Save,
                SaveAs,
                Reload,
                ImportVassal,
                ExportPng,
                ExportCounterSheet,
                ExportVassal,
                ExportTiled,
            ],
            Self::Edit => &[Undo, Redo],
            Self::View => &[FitToWindow, PackPanel],
            Self::Battle => {
                &[OrderOfBattle, Setup, Timeline, RegisterGrid, SuggestTerrain]
            }
            Self::Help => &[RuleCodes, About],
        }
    }
}

/// What a menu item does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Start a new pack.
    NewPack,
    /// Start a new map.
    NewMap,
    /// Start a new order of battle.
    NewOob,
    /// Start a new scenario in the pack.
    NewScenario,
    /// Start a new game in the pack.
    NewGame,
    /// Open a file.
    Open,
    /// Save the document shown.
    Save,
    /// Save the map under another name.
    SaveAs,
    /// Read the map's file again.
    Reload,
    /// Import a VASSAL module.
    ImportVassal,
    /// Export the map as a PNG.
    ExportPng,
    /// Export the order of battle as a counter sheet.
    ExportCounterSheet,
    /// Export the battle as a VASSAL module.
    ExportVassal,
    /// Export the map as a Tiled map.
    ExportTiled,
    /// Undo the last edit.
    Undo,
    /// Redo it.
    Redo,
    /// Fit the map to the window.
    FitToWindow,
    /// Show the pack's side panel again.
    PackPanel,
    /// The order of battle of the scenario shown.
    OrderOfBattle,
    /// Its setup.
    Setup,
    /// Its reinforcement timeline.
    Timeline,
    /// Register the map's grid on its scan.
    RegisterGrid,
    /// Suggest terrain from the scan.
    SuggestTerrain,
    /// Help > Rule codes.
    RuleCodes,
    /// Versions.
    About,
}

impl Action {
    /// The item's words.
    pub fn label(self) -> &'static str {
        match self {
            Self::NewPack => "New pack…",
            Self::NewMap => "New map…",
            Self::NewOob => "New order of battle…",
            Self::NewScenario => "New scenario…",
            Self::NewGame => "New game…",
            Self::Open => "Open…",
            Self::Save => "Save",
            Self::SaveAs => "Save as…",
            Self::Reload => "Reload",
            Self::ImportVassal => "Import VASSAL module…",
            Self::ExportPng => "Export map as PNG…",
            Self::ExportCounterSheet => "Export counter sheet…",
            Self::ExportVassal => "Export VASSAL module…",
            Self::ExportTiled => "Export Tiled map…",
            Self::Undo => "Undo",
            Self::Redo => "Redo",
            Self::FitToWindow => "Fit map to window",
            Self::PackPanel => "Show pack panel",
            Self::OrderOfBattle => "Order of battle",
            Self::Setup => "Setup",
            Self::Timeline => "Timeline",
            Self::RegisterGrid => "Register grid…",
            Self::SuggestTerrain => "Suggest terrain…",
            Self::RuleCodes => "Rule codes",
            Self::About => "About Berthier",
        }
    }

    /// Its shortcut, as the keyboard handler reads it.
    pub fn shortcut(self) -> Option<&'static str> {
        match self {
            Self::NewMap => Some("Ctrl+N"),
            Self::Open => Some("Ctrl+O"),
            Self::Save => Some("Ctrl+S"),
            Self::SaveAs => Some("Ctrl+Shift+S"),
            Self::Undo => Some("Ctrl+Z"),
            Self::Redo => Some("Ctrl+Shift+Z"),
            Self::RuleCodes => Some("F1"),
            _ => None,
        }
    }
}

/// The bar's state: the menu open, if any.
#[derive(Debug, Clone, Default)]
pub struct MenuBar {
    open: Option<Menu>,
}

/// What the bar handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// A title was clicked: open its menu, or close it when open.
    Toggle(Menu),
    /// The pointer is on a title (with a menu open, that one opens).
    Point(Menu),
    /// Close the menu.
    Close,
    /// An item was chosen.
    Pick(Action),
}

/// Width of a title in the bar (the menu opens under its title).
const TITLE_WIDTH: f32 = 72.0;
/// Height of the bar.
const BAR_HEIGHT: f32 = 30.0;

impl MenuBar {
    /// The menu open.
    pub fn open(&self) -> Option<Menu> {
        self.open
    }

    /// Handles a message; the action chosen, for the application to do.
    pub fn update(&mut self, message: Message) -> Option<Action> {
        match message {
            Message::Toggle(m) => {
                self.open = (self.open != Some(m)).then_some(m);
            }
            Message::Point(m) if self.open.is_some() => self.open = Some(m),
            Message::Point(_) => {}
            Message::Close => self.open = None,
            Message::Pick(action) => {
                self.open = None;
                return Some(action);
            }
        }
        None
    }

    /// The bar over `content`, with the open menu drawn over it (a click
    /// beside it closes it); items `enabled` refuses are greyed.
    pub fn view<'a, M: Clone + 'a>(
        &'a self,
        content: Element<'a, M>,
        enabled: impl Fn(Action) -> bool,
        message: impl Fn(Message) -> M + Copy + 'a,
    ) -> Element<'a, M> {
        let page = column![self.bar(message), content];
        let Some(open) = self.open else {
            return page.into();
        };
        let at = Menu::ALL.iter().position(|m| *m == open).unwrap_or(0);
        let dropdown = pin(items(open, &enabled, message))
            .x(at as f32 * TITLE_WIDTH)
            .y(BAR_HEIGHT);
        let outside = mouse_area(container(text("")).width(Fill).height(Fill))
            .on_press(message(Message::Close));
        // The titles again over the overlay, so that pointing at another
        // title opens its menu.
        let titles = column![self.bar(message)].width(Fill);
        stack![page, opaque(stack![outside, dropdown]), titles].into()
    }

    /// The row of titles, the open one highlighted.
    fn bar<'a, M: Clone + 'a>(
        &self,
        message: impl Fn(Message) -> M + Copy + 'a,
    ) -> Element<'a, M> {
        let mut bar = row![].spacing(0).height(Length::Fixed(BAR_HEIGHT));
        for m in Menu::ALL {
            let style = match self.open == Some(m) {
                true => button::primary,
                false => button::text,
            };
            bar = bar.push(
                mouse_area(
                    button(text(m.title()).size(14))
                        .width(Length::Fixed(TITLE_WIDTH))
                        .style(style)
                        .on_press(message(Message::Toggle(m))),
                )
                .on_enter(message(Message::Point(m))),
            );
        }
        container(bar)
            .width(Fill)
            .style(container::bordered_box)
            .into()
    }
}

/// The open menu's items, each with its shortcut at the right.
fn items<'a, M: Clone + 'a>(
    menu: Menu,
    enabled: &impl Fn(Action) -> bool,
    message: impl Fn(Message) -> M + Copy + 'a,
) -> Element<'a, M> {
    let mut list = Column::new().spacing(0).width(Length::Fixed(260.0));
    for &action in menu.items() {
        let line = row![
            text(action.label()).size(14).width(Fill),
            text(action.shortcut().unwrap_or("")).size(12),
        ]
        .align_y(iced::Center);
        list = list.push(
            button(line).width(Fill).style(button::text).on_press_maybe(
                enabled(action).then(|| message(Message::Pick(action))),
            ),
        );
    }
    container(list)
        .padding(4)
        .style(|theme| {
            container::bordered_box(theme)
                .background(Color::WHITE)
                .border(iced::Border {
                    color: Color::from_rgb(0.6, 0.6, 0.6),
                    width: 1.0,
                    radius: 4.0.into(),
                })
        })
        .into()
}
