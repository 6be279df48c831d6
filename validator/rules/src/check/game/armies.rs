//! REF031 across a game: two battles played together may share units
//! only when both take them from one counters file ("Combining games" 1,
//! 001 l. 3007: d'Erlon's I Corps is in both the Quatre-Bras and the Ligny
//! order of battle). A unit defined in each battle's own file would be
//! two counters on one table.
//!
//! The code's documentation is `docs/REF031.md` (with
//! `check::references::include`).

use super::GameInputs;
use crate::check::Finding;
use crate::code::Code;
use crate::pointer::at;

/// How many ids a finding names before "and N more".
const NAMED: usize = 5;

/// REF031 for each pair of battles whose counters define one unit or
/// formation id in two different files, at the later battle's scenario.
pub fn check(inputs: &GameInputs<'_>) -> Vec<Finding> {
    let mut out = Vec::new();
    let battles = &inputs.game.battles;
    for (j, later) in inputs.definitions.iter().enumerate() {
        let Some(later) = later else { continue };
        for (i, earlier) in inputs.definitions[..j].iter().enumerate() {
            let Some(earlier) = earlier else { continue };
            let clashes: Vec<(&String, &String, &String)> = later
                .iter()
                .filter_map(|(id, file)| {
                    let other = earlier.get(id)?;
                    (other != file).then_some((id, other, file))
                })
                .collect();
            let Some((_, first_file, second_file)) = clashes.first() else {
                continue;
            };
            let mut named: Vec<&str> =
                clashes.iter().take(NAMED).map(|c| c.0.as_str()).collect();
            let more = clashes.len().saturating_sub(NAMED);
            if more > 0 {
                named.push("...");
            }
            out.push(
                Finding::new(
                    Code::Ref031,
                    at("battles").index(j).field("scenario"),
                    format!(
                        "{} ids are defined for battle `{}` in `{second_file}` \
                         and for battle `{}` in `{first_file}`: {}",
                        clashes.len(),
                        battles[j].id,
                        battles[i].id,
                        named.join(", ")
                    ),
                )
                .help(
                    "move the shared units to one counters file both \
                     battles' counters include",
                ),
            );
        }
    }
    out
}
