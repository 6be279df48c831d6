//! The scenario's victory conditions on the map screen (when the map was
//! opened through a scenario): listed above the findings, objectives with
//! their points per side and exits with their roads drawn over the map
//! ([`berthier_tools::victory`]), the conditions kept as text listed apart.

use berthier_schema::scenario::VictoryCondition;
use iced::widget::{Canvas, column, text};
use iced::{Element, Fill};

use super::MapScreen;
use crate::map_canvas::victory_layer::VictoryLayer;
use berthier_tools::victory::Victory;

/// The scenario's conditions and its sides, as read when the screen
/// opened (the map screen does not edit the scenario).
#[derive(Debug, Clone)]
pub struct Conditions {
    conditions: Vec<VictoryCondition>,
    sides: Vec<String>,
    /// Side id and name, from the scenario's order of battle.
    names: Vec<(String, String)>,
}

impl Conditions {
    /// Those of the scenario at `path`; `None` when it does not load
    /// (the live findings say why) or has no victory conditions.
    pub fn read(path: &std::path::Path) -> Option<Self> {
        let resolved = berthier_schema::pack::load_scenario(path).ok()?;
        let s = resolved.scenario;
        let counters = berthier_schema::pack::beside(path, &s.counters);
        let names = berthier_schema::pack::load_counters(&counters)
            .map(|c| c.sides.into_iter().map(|d| (d.id, d.name)).collect())
            .unwrap_or_default();
        (!s.victory.is_empty()).then(|| Self {
            conditions: s.victory,
            sides: s.sides.into_iter().map(|side| side.side).collect(),
            names,
        })
    }
}

impl MapScreen {
    /// The victory conditions on the map as it is now.
    pub fn victory(&self) -> Option<Victory> {
        let c = self.scenario.victory.as_ref()?;
        let name = |id: &str| {
            c.names
                .iter()
                .find(|(i, _)| i == id)
                .map(|(_, n)| n.clone())
        };
        Some(
            Victory::of(&c.conditions, c.sides.clone(), &self.opened.map)
                .named(name),
        )
    }

    /// The canvas drawn over the map, when there are conditions to draw.
    pub(super) fn victory_layer<M: 'static>(&self) -> Option<Element<'_, M>> {
        let victory = self.victory()?;
        let shapes = victory.shapes(&self.opened.map);
        (!shapes.is_empty()).then(|| {
            Canvas::new(VictoryLayer {
                shapes,
                view: self.view,
            })
            .width(Fill)
            .height(Fill)
            .into()
        })
    }
}

/// The list: points per side, each condition drawn, the others, and the
/// conditions kept as text apart.
pub fn view<'a, M: 'a>(victory: &Victory) -> Element<'a, M> {
    let totals: Vec<String> = victory
        .points_by_side()
        .into_iter()
        .map(|(side, points)| format!("{side} {points} VP"))
        .collect();
    let mut list = column![
        text("Victory").size(15),
        text(format!("On the map: {}", totals.join(", "))).size(12),
    ]
    .spacing(2);
    for d in &victory.drawn {
        list = list.push(text(format!("• {}", d.label)).size(12));
    }
    for o in &victory.other {
        list = list.push(text(format!("• {o}")).size(12));
    }
    if !victory.text.is_empty() {
        list = list.push(
            text(format!(
                "Kept as text, not checked ({}):",
                victory.text.len()
            ))
            .size(12),
        );
        for t in &victory.text {
            list = list.push(text(format!("  {t}")).size(11));
        }
    }
    list.into()
}
