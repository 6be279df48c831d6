//! A variant's map feature states: the base's whole, or stated whole, or
//! inherited with some changed ("The bridge is not damaged", Wavre 5,
//! seed 001 l. 2988, on Wavre 1's "The bridges at Bas Wavre and Limelette
//! are damaged", l. 2917).

use super::super::issue::{Issue, IssueKind};
use super::super::origin::Layer;
use super::super::{FeatureState, ScenarioVariant};
use super::{Step, stated};

/// Resolves `map_state`: stated whole, or the inherited states with each
/// `set_map_state` entry in the place of the same feature at the same
/// place (or added after them).
pub(super) fn apply(step: &mut Step, v: &ScenarioVariant) {
    let o = &mut step.origins;
    let list = &mut step.scenario.map_state;
    if let Some(whole) = stated(o, "/map_state", v.map_state.as_ref()) {
        list.clone_from(whole);
        return;
    }
    for (i, change) in v.set_map_state.iter().enumerate() {
        let written = format!("/set_map_state/{i}");
        let k = match list.iter().position(|s| same_feature(s, change)) {
            Some(k) => {
                if list[k].state == change.state {
                    step.issues.push(Issue {
                        pointer: format!("{written}/state"),
                        kind: IssueKind::MapStateUnchanged {
                            feature: change.feature.clone(),
                            state: change.state.clone(),
                        },
                    });
                }
                list[k] = change.clone();
                k
            }
            None => {
                list.push(change.clone());
                list.len() - 1
            }
        };
        o.add(format!("/map_state/{k}"), Layer::Variant, written);
    }
}

/// The same kind of feature at the same place.
fn same_feature(a: &FeatureState, b: &FeatureState) -> bool {
    a.feature == b.feature && a.at == b.at
}
