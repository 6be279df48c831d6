//! The tool panel: tool buttons, the palette of the series' types for the
//! current tool (swatches in their colours), the tool's options and the
//! open form.

use iced::widget::{
    Column, button, checkbox, column, container, pick_list, row, scrollable,
    slider, space, text, text_input, tooltip,
};
use iced::{Background, Border, Color, Element, Fill};

use super::{MapScreen, form};
use berthier_tools::tool::catalog::Entry;
use berthier_tools::tool::{LEVELS, MAX_RADIUS, Tool};

/// What the panel sends.
#[derive(Debug, Clone)]
pub enum Message {
    /// Choose a tool.
    Tool(Tool),
    /// Choose the terrain type.
    Terrain(String),
    /// Choose the hexside type.
    Hexside(String),
    /// Choose the road type.
    Road(String),
    /// Brush radius.
    Radius(u8),
    /// Elevation level.
    Level(i8),
    /// Fords instead of bridges.
    Ford(bool),
    /// The eraser clears levels too.
    EraseLevel(bool),
    /// Name for new hexside features.
    FeatureName(String),
    /// Name for a new road.
    RoadName(String),
}

/// Id of the hexside name field (tests focus it).
pub const FEATURE_NAME: &str = "feature-name";
/// Id of the road name field.
pub const ROAD_NAME: &str = "road-name";

impl MapScreen {
    /// Handles a panel message.
    pub(super) fn panel(&mut self, message: Message) {
        let s = &mut self.paint.settings;
        match message {
            Message::Tool(tool) => {
                s.tool = tool;
                self.paint.form = (tool == Tool::Edge)
                    .then(|| form::Form::Edge(form::EdgeForm::default()));
                if matches!(
                    tool,
                    Tool::Edge | Tool::Road | Tool::Place | Tool::Entry
                ) {
                    let _ = self.used_by();
                }
                self.update_preview();
            }
            Message::Terrain(id) => s.terrain = Some(id),
            Message::Hexside(id) => s.hexside = Some(id),
            Message::Road(id) => s.road = Some(id),
            Message::Radius(r) => {
                s.radius = r.min(MAX_RADIUS);
                self.update_preview();
            }
            Message::Level(l) => {
                s.level = l.clamp(*LEVELS.start(), *LEVELS.end());
            }
            Message::Ford(on) => s.ford = on,
            Message::EraseLevel(on) => s.erase_level = on,
            Message::FeatureName(n) => s.feature_name = n,
            Message::RoadName(n) => s.road_name = n,
        }
    }

    /// Handles a form message.
    pub(super) fn form_message(&mut self, message: form::Message) {
        if !self.form_allowed(&message) {
            return;
        }
        let Some(f) = self.paint.form.as_mut() else {
            return;
        };
        let (step, close) = f.update(message, &self.opened.map);
        if close {
            self.paint.form = None;
        }
        if let Some(step) = step {
            self.apply_step(step);
        }
    }
}

/// The panel's widgets.
pub fn view(screen: &MapScreen) -> Element<'_, super::Message> {
    let s = &screen.paint.settings;
    let mut tools = column![].spacing(4);
    for pair in Tool::ALL.chunks(2) {
        let mut line = row![].spacing(4);
        for &tool in pair {
            let style = if tool == s.tool {
                button::primary
            } else {
                button::secondary
            };
            let pick = button(text(tool.label()).size(13))
                .style(style)
                .width(Fill)
                .on_press(Message::Tool(tool));
            let tip = format!(
                "{} ({}): {}",
                tool.label(),
                tool.key().to_ascii_uppercase(),
                tool.help()
            );
            let tip = container(text(tip).size(12))
                .padding(6)
                .max_width(260)
                .style(container::rounded_box);
            line =
                line.push(tooltip(pick, tip, tooltip::Position::Bottom).gap(4));
        }
        tools = tools.push(line);
    }
    let tools: Element<'_, Message> = tools.into();
    let mut panel = column![tools.map(super::Message::Panel)].spacing(10);
    let options: Element<'_, Message> = options(screen);
    panel = panel.push(options.map(super::Message::Panel));
    if let Some(f) = &screen.paint.form {
        let form = form::view(f, &screen.opened.map);
        panel = panel.push(form.map(super::Message::Form));
    }
    let used = super::gazetteer::view(screen);
    panel = panel.push(used.map(super::Message::Gazetteer));
    scrollable(container(panel).padding(8)).height(Fill).into()
}

fn options(screen: &MapScreen) -> Element<'_, Message> {
    let s = &screen.paint.settings;
    let c = &screen.paint.catalog;
    let radius = || {
        column![
            text(format!("Radius: {}", s.radius)).size(13),
            slider(0..=MAX_RADIUS, s.radius, Message::Radius),
        ]
        .spacing(2)
    };
    match s.tool {
        Tool::Terrain => column![radius(), swatches(&c.terrain, &s.terrain, Message::Terrain)],
        Tool::Fill => column![swatches(&c.terrain, &s.terrain, Message::Terrain)],
        Tool::Hexside => column![
            text("Click near a hexside; directed types record the hex you click in as the high side.").size(12),
            swatches(&c.hexsides, &s.hexside, Message::Hexside),
            name_field(FEATURE_NAME, &s.feature_name, Message::FeatureName),
            extend_list(feature_names(screen), &s.feature_name, Message::FeatureName),
        ],
        Tool::Elevation => column![
            radius(),
            row![
                button("Level −").on_press(Message::Level(s.level.saturating_sub(1))),
                text(format!("Level: {}", s.level)),
                button("Level +").on_press(Message::Level(s.level.saturating_add(1))),
            ]
            .spacing(6)
            .align_y(iced::Center),
        ],
        Tool::Road => column![
            checkbox(s.ford)
                .label("Ford instead of bridge")
                .on_toggle(Message::Ford),
            swatches(&c.roads, &s.road, Message::Road),
            name_field(ROAD_NAME, &s.road_name, Message::RoadName),
            extend_list(road_names(screen), &s.road_name, Message::RoadName),
            text("A drag from either end of a road of this type extends it.").size(12),
        ],
        Tool::Eraser => column![
            radius(),
            checkbox(s.erase_level)
                .label("Also clear levels (Shift)")
                .on_toggle(Message::EraseLevel),
        ],
        Tool::Place => column![text("Click a hex to name a place.").size(12)],
        Tool::Entry => column![text("Click a hex to add an entry point.").size(12)],
        Tool::Edge => column![],
        Tool::Eyedropper => column![text("Click a hex to take its terrain and level.").size(12)],
    }
    .spacing(8)
    .into()
}

/// The name given to what the tool adds.
fn name_field<'a>(
    id: &'static str,
    value: &'a str,
    on_input: fn(String) -> Message,
) -> Element<'a, Message> {
    column![
        text("Name of what you add (optional)").size(12),
        text_input("e.g. La Vère", value).id(id).on_input(on_input),
    ]
    .spacing(2)
    .into()
}

/// The names already on the map for this type, to carry on one of them.
fn extend_list<'a>(
    names: Vec<String>,
    value: &str,
    on_pick: fn(String) -> Message,
) -> Element<'a, Message> {
    if names.is_empty() {
        return column![].into();
    }
    let chosen = names.iter().find(|n| n.as_str() == value.trim()).cloned();
    pick_list(names, chosen, on_pick)
        .placeholder("Carry on a named one…")
        .width(Fill)
        .into()
}

/// Names of the chosen hexside type's features, sorted, once each: the
/// list the hexside tool offers to carry a named feature on.
pub fn feature_names(screen: &MapScreen) -> Vec<String> {
    let kind = screen.paint.settings.hexside.as_deref();
    let names = screen
        .opened
        .map
        .hexsides
        .iter()
        .filter(|f| Some(f.feature.as_str()) == kind);
    sorted_names(names.filter_map(|f| f.name.clone()))
}

/// Names of the roads of the chosen type.
pub fn road_names(screen: &MapScreen) -> Vec<String> {
    let class = screen.paint.settings.road.as_deref();
    let names = screen
        .opened
        .map
        .roads
        .iter()
        .filter(|r| Some(r.class.as_str()) == class);
    sorted_names(names.filter_map(|r| r.name.clone()))
}

fn sorted_names(names: impl Iterator<Item = String>) -> Vec<String> {
    let mut names: Vec<String> = names.collect();
    names.sort();
    names.dedup();
    names
}

/// One button per type: a colour swatch and the name; the chosen one
/// highlighted.
fn swatches<'a>(
    entries: &'a [Entry],
    chosen: &Option<String>,
    on_pick: fn(String) -> Message,
) -> Column<'a, Message> {
    let mut list = column![].spacing(2);
    for e in entries {
        let colour = Color::from_rgb8(e.colour[0], e.colour[1], e.colour[2]);
        let swatch = container(space().width(18).height(18)).style(move |_| {
            container::Style {
                background: Some(Background::Color(colour)),
                border: Border {
                    color: Color::from_rgb8(0x40, 0x40, 0x40),
                    width: 1.0,
                    radius: 2.0.into(),
                },
                ..container::Style::default()
            }
        });
        let selected = chosen.as_deref() == Some(e.id.as_str());
        let style = if selected {
            button::primary
        } else {
            button::text
        };
        list = list.push(
            button(
                row![swatch, text(&e.name).size(14)]
                    .spacing(8)
                    .align_y(iced::Center),
            )
            .style(style)
            .width(Fill)
            .padding([2, 4])
            .on_press(on_pick(e.id.clone())),
        );
    }
    list
}
