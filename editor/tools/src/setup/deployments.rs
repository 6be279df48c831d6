//! The scenarios a setup instruction can borrow a deployment from: "set
//! within the area of deployment of the historical battle" (Waterloo 8,
//! seed 001 l. 2845), "deployed in its historical area" (Combining games
//! 4, l. 3054). They are the pack's other scenarios on the same map, each
//! by the path the placement writes (relative to the scenario that says
//! it) and its name. Only the top of each file is read (its `map`), as
//! the pack panel lists files; a variant that does not name its map
//! (it inherits its base's) is not offered.

use std::path::Path;

use berthier_schema::pack::{beside, load_scenario};
use berthier_schema::placement::Placement;
use berthier_schema::scenario::{
    DeploymentAsk, Instruction, Scenario, deployment_placement,
};
use berthier_schema::{Counters, DocKind};

use crate::files::path_from;
use crate::pack::{self, Pack};

/// The other scenarios of the pack holding `scenario` whose map is `map`:
/// (path from `scenario`, name), by name.
pub fn on_same_map(scenario: &Path, map: &Path) -> Vec<(String, String)> {
    let Some(root) = pack::root_of(scenario)
        .or_else(|| scenario.parent()?.parent()?.parent().map(Path::to_owned))
    else {
        return Vec::new();
    };
    let own = scenario.canonicalize().ok();
    let Ok(map) = map.canonicalize() else {
        return Vec::new();
    };
    Pack::list(&root)
        .of_kind(DocKind::Scenario)
        .filter(|f| Some(&f.path) != own.as_ref())
        .filter(|f| {
            pack::read_top(&f.path, "/map")
                .and_then(|m| beside(&f.path, &m).canonicalize().ok())
                .is_some_and(|m| m == map)
        })
        .map(|f| (path_from(scenario, &f.path), f.name.clone()))
        .collect()
}

/// `instruction` of side `side` in the scenario at `path`, each "where
/// another scenario deploys them" replaced by the zones (or the setup's
/// hexes) that scenario gives, read from its file as every tool reads it
/// (`schema::scenario::deployment_placement`); `None` when it names no
/// other scenario. One that cannot be read, or deploys none of the
/// units, is left as written, and its zone says it cannot be decided.
pub fn resolved(
    instruction: &Instruction,
    side: &str,
    path: &Path,
    counters: &Counters,
) -> Option<Instruction> {
    if !names_one(&instruction.placement) {
        return None;
    }
    let mut out = instruction.clone();
    replace(&mut out.placement, &mut |scenario, units, setup_hexes| {
        let referenced: Scenario =
            load_scenario(&beside(path, scenario)).ok()?.scenario;
        let ask = DeploymentAsk {
            side,
            units,
            setup_hexes,
        };
        deployment_placement(&referenced, ask, Some(counters))
    });
    Some(out)
}

fn names_one(p: &Placement) -> bool {
    match p {
        Placement::DeploymentOf { .. } => true,
        Placement::All(parts) | Placement::AnyOf(parts) => {
            parts.iter().any(names_one)
        }
        Placement::Not(inner) => names_one(inner),
        _ => false,
    }
}

type Borrow<'f> = dyn FnMut(
        &str,
        Option<&berthier_schema::scenario::UnitSet>,
        bool,
    ) -> Option<Placement>
    + 'f;

fn replace(p: &mut Placement, borrow: &mut Borrow<'_>) {
    match p {
        Placement::DeploymentOf {
            scenario,
            units,
            setup_hexes,
        } => {
            if let Some(found) = borrow(scenario, units.as_ref(), *setup_hexes)
            {
                *p = found;
            }
        }
        Placement::All(parts) | Placement::AnyOf(parts) => {
            parts.iter_mut().for_each(|q| replace(q, borrow));
        }
        Placement::Not(inner) => replace(inner, borrow),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, rel: &str, text: &str) {
        let path = root.join(rel);
        std::fs::create_dir_all(path.parent().expect("folder"))
            .expect("folder");
        std::fs::write(path, text).expect("written");
    }

    #[test]
    fn the_packs_other_scenarios_on_the_same_map_are_offered_by_name() {
        let dir = tempfile::tempdir().expect("folder");
        let root = dir.path();
        write(root, "berthier.toml", "");
        write(root, "maps/a/a.map.ron", "(kind: map)");
        write(root, "maps/b/b.map.ron", "(kind: map)");
        let on_a = |name: &str| {
            format!("(name: \"{name}\", map: \"../../maps/a/a.map.ron\")")
        };
        write(root, "scenarios/a/one.scenario.ron", &on_a("One"));
        write(root, "scenarios/a/two.scenario.ron", &on_a("Two"));
        write(
            root,
            "scenarios/other/three.scenario.ron",
            &on_a("Three, elsewhere"),
        );
        write(
            root,
            "scenarios/b/four.scenario.ron",
            "(name: \"Four\", map: \"../../maps/b/b.map.ron\")",
        );
        write(root, "scenarios/a/five.scenario.ron", "(name: \"Five\")");
        let found = on_same_map(
            &root.join("scenarios/a/one.scenario.ron"),
            &root.join("maps/a/a.map.ron"),
        );
        assert_eq!(
            found,
            [
                (
                    "../other/three.scenario.ron".to_owned(),
                    "Three, elsewhere".to_owned()
                ),
                ("two.scenario.ron".to_owned(), "Two".to_owned()),
            ]
        );
    }
}
