//! A side's forces at start, edited on the Setup screen's Forces tab:
//! its morale groups (Vive l'Empereur's corps morale: name as printed,
//! the units counted, steps, demoralization and desperate levels, the
//! losses the group starts with, units whose losses count several times,
//! levels that strike only some units), its losses at start (units, and
//! the steps each has lost) and its attachments (units under another
//! formation for the scenario). Each edit is of every side's forces, one
//! undo step.

use berthier_schema::scenario::{
    Attachment, LossWeight, Losses, MoraleGroup, MoraleLevel, MoraleScope,
    UnitSet,
};

/// One side's morale groups, losses and attachments at start.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SideForces {
    /// Its morale groups.
    pub morale: Vec<MoraleGroup>,
    /// Its losses at start.
    pub losses: Vec<Losses>,
    /// Its units attached to another formation.
    pub attachments: Vec<Attachment>,
}

/// Makes the losses of no unit yet count twice on group `group`'s levels
/// ("If they take any loss, these are counted as 5 losses on the morale
/// demoralization level of the II Corps", Quatre-Bras 1, seed 001
/// l. 2073); its index.
pub fn add_weight(group: &mut MoraleGroup) -> usize {
    group.loss_weights.push(LossWeight {
        units: UnitSet::default(),
        factor: 2,
    });
    group.loss_weights.len() - 1
}

/// Makes a level of `group` strike only some units ("only the non British
/// and non KGL units are demoralized", SR 5, seed 001 l. 3219): the first
/// level no scope names yet, none chosen yet; its index, `None` when
/// every level has one.
pub fn add_scope(group: &mut MoraleGroup) -> Option<usize> {
    let level = levels_of(group)
        .into_iter()
        .find(|l| group.scopes.iter().all(|s| s.level != *l))?;
    group.scopes.push(MoraleScope {
        level,
        units: UnitSet::default(),
    });
    Some(group.scopes.len() - 1)
}

/// The levels of `group` a scope can name: demoralization, then each
/// desperate level (at least one).
pub fn levels_of(group: &MoraleGroup) -> Vec<MoraleLevel> {
    let desperate = (0..group.desperate.len().max(1))
        .filter_map(|k| u8::try_from(k).ok())
        .map(MoraleLevel::Desperate);
    std::iter::once(MoraleLevel::Demoralization)
        .chain(desperate)
        .collect()
}

/// Attaches no unit yet to formation `to`; its index.
pub fn add_attachment(forces: &mut SideForces, to: &str) -> usize {
    forces.attachments.push(Attachment {
        units: UnitSet::default(),
        to: to.to_owned(),
        option: None,
        text: None,
    });
    forces.attachments.len() - 1
}

/// Adds a morale group named `name` with no unit and no level yet; its
/// index.
pub fn add_group(forces: &mut SideForces, name: &str) -> usize {
    forces.morale.push(MoraleGroup {
        name: name.to_owned(),
        units: UnitSet::default(),
        steps: 0,
        demoralization: None,
        desperate: Vec::new(),
        printed_none: Vec::new(),
        loss_weights: Vec::new(),
        scopes: Vec::new(),
        starting_losses: None,
        note: None,
    });
    forces.morale.len() - 1
}

/// Adds losses at start (one step each, no unit yet); their index.
pub fn add_losses(forces: &mut SideForces) -> usize {
    forces.losses.push(Losses {
        units: UnitSet::default(),
        each: Some(1),
        total: None,
        max_each: None,
        eliminate_below: None,
        option: None,
        text: None,
    });
    forces.losses.len() - 1
}

pub use crate::typed::{NotANumber, number};

/// Desperate levels typed as "10, 14".
pub fn levels(typed: &str) -> Result<Vec<u16>, NotANumber> {
    typed
        .split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().map_err(|_| NotANumber(t.to_owned())))
        .collect()
}

/// Marks `level` as printed "None" in the morale table (the group never
/// reaches it: the Guard's "74 None None"), or no longer. A level cannot
/// be both a number and "None": marking it clears its number (a desperate
/// level, and those after it).
pub fn set_printed_none(
    group: &mut MoraleGroup,
    level: MoraleLevel,
    none: bool,
) {
    group.printed_none.retain(|l| *l != level);
    if !none {
        return;
    }
    match level {
        MoraleLevel::Demoralization => group.demoralization = None,
        MoraleLevel::Desperate(i) => group.desperate.truncate(usize::from(i)),
    }
    group.printed_none.push(level);
    group.printed_none.sort_by_key(|l| match l {
        MoraleLevel::Demoralization => 0,
        MoraleLevel::Desperate(i) => 1 + u16::from(*i),
    });
}

/// Whether `level` is marked printed "None".
pub fn is_printed_none(group: &MoraleGroup, level: MoraleLevel) -> bool {
    group.printed_none.contains(&level)
}

/// Sets the demoralization level typed (`None`: not given); a number
/// given is no longer "None".
pub fn set_demoralization(group: &mut MoraleGroup, level: Option<u16>) {
    group.demoralization = level;
    if level.is_some() {
        set_printed_none(group, MoraleLevel::Demoralization, false);
    }
}

/// Sets the desperate levels typed; each level given is no longer "None".
pub fn set_desperate(group: &mut MoraleGroup, levels: Vec<u16>) {
    let given = levels.len();
    group.desperate = levels;
    group.printed_none.retain(|l| match l {
        MoraleLevel::Desperate(i) => usize::from(*i) >= given,
        MoraleLevel::Demoralization => true,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_a_number_or_printed_none_never_both() {
        let mut f = SideForces::default();
        add_group(&mut f, "Guard");
        let g = &mut f.morale[0];
        set_demoralization(g, Some(37));
        set_desperate(g, vec![50]);
        set_printed_none(g, MoraleLevel::Desperate(0), true);
        set_printed_none(g, MoraleLevel::Demoralization, true);
        assert_eq!(g.demoralization, None);
        assert!(g.desperate.is_empty());
        assert_eq!(
            g.printed_none,
            vec![MoraleLevel::Demoralization, MoraleLevel::Desperate(0)]
        );
        assert!(is_printed_none(g, MoraleLevel::Demoralization));
        set_demoralization(g, Some(30));
        assert!(!is_printed_none(g, MoraleLevel::Demoralization));
        assert!(is_printed_none(g, MoraleLevel::Desperate(0)));
        set_desperate(g, vec![44]);
        assert!(g.printed_none.is_empty());
        // Clearing a number does not make it "None": it is not given.
        set_demoralization(g, None);
        assert!(g.printed_none.is_empty());
        set_printed_none(g, MoraleLevel::Demoralization, true);
        set_printed_none(g, MoraleLevel::Demoralization, false);
        assert!(g.printed_none.is_empty());
        assert_eq!(g.desperate, vec![44]);
    }

    #[test]
    fn groups_and_losses_are_added_and_levels_read() {
        let mut f = SideForces::default();
        assert_eq!(add_group(&mut f, "II Corps"), 0);
        assert_eq!(f.morale[0].name, "II Corps");
        assert_eq!(add_losses(&mut f), 0);
        assert_eq!(f.losses[0].each, Some(1));
        assert_eq!(levels("10, 14"), Ok(vec![10, 14]));
        assert_eq!(levels(""), Ok(vec![]));
        assert_eq!(levels("10, ten"), Err(NotANumber("ten".into())));
        assert_eq!(number::<u16>(" 36 "), Ok(Some(36)));
        assert_eq!(number::<u16>(""), Ok(None));
        assert_eq!(number::<u16>("x"), Err(NotANumber("x".into())));
    }
}
