//! ENT013: an entry delay the simulation can play: it lasts (a wait of no
//! turn and no activation would retry at the moment it was refused,
//! forever) and ends at a phase the series defines.
//!
//! What follows is `docs/ENT013.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/ENT013.md")]

use berthier_schema::series::{EntryRules, RetryAt, Series};

use super::Finding;
use crate::code::Code;
use crate::pointer::Pointer;

/// ENT013 for the delay of `rules` (at `base`, the entry rules' pointer),
/// read against `series`, the effective series that names the phases.
pub fn check(
    rules: &EntryRules,
    series: &Series,
    base: &Pointer,
) -> Vec<Finding> {
    let span = rules.delay.span();
    let pointer = base.field("delay");
    let mut out = Vec::new();
    if span.is_empty() {
        out.push(
            Finding::new(
                Code::Ent013,
                pointer.clone(),
                "this entry delay waits no turn and no activation: a unit \
                 that cannot enter would try again at once, forever",
            )
            .help("give `turns` or `activations` a value of 1 or more"),
        );
    }
    if let RetryAt::Phase(phase) = &span.at
        && !series.phases.iter().any(|p| &p.id == phase)
    {
        let known: Vec<&str> =
            series.phases.iter().map(|p| p.id.as_str()).collect();
        let help = if known.is_empty() {
            "the series lists no `phases`; add its sequence of play".into()
        } else {
            format!("the series' phases: {}", known.join(", "))
        };
        out.push(
            Finding::new(
                Code::Ent013,
                pointer,
                format!("phase `{phase}` is not one of the series' phases"),
            )
            .help(help),
        );
    }
    out
}
