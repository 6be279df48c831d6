//! Which pieces are markers (activation markers, game markers, turn and
//! status markers) rather than units: those the module files as markers,
//! in a palette tab or list, a prototype or a class-like property whose
//! name holds `marker`. They go to the counters file's `markers`, or to
//! the activation markers of the formation their `Formation` property
//! names, never to its units.

use super::super::module::Slot;
use super::normal;

/// Properties that say what kind of piece it is.
const KIND: &[&str] = &["class", "type", "unittype", "kind", "category"];

/// Where the module files `slot` as a marker (``palette `Markers` ``), or
/// `None` when it does not.
pub(super) fn marker_source(slot: &Slot) -> Option<String> {
    let says = |name: &str| name.to_lowercase().contains("marker");
    if let Some(tab) = slot.palette.iter().find(|n| says(n)) {
        return Some(format!("palette `{tab}`"));
    }
    if let Some(proto) = slot.piece.prototypes.iter().find(|n| says(n)) {
        return Some(format!("prototype `{proto}`"));
    }
    slot.piece
        .properties
        .iter()
        .find(|(k, v)| KIND.contains(&normal(k).as_str()) && says(v))
        .map(|(k, v)| format!("property `{k}` = `{}`", v.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vassal::piece::Piece;

    fn slot(props: &[(&str, &str)], palette: &[&str], protos: &[&str]) -> Slot {
        Slot {
            name: "m".into(),
            gpid: String::new(),
            piece: Piece {
                properties: props
                    .iter()
                    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                    .collect(),
                prototypes: protos.iter().map(|p| (*p).to_owned()).collect(),
                ..Piece::default()
            },
            palette: palette.iter().map(|p| (*p).to_owned()).collect(),
        }
    }

    #[test]
    fn markers_are_what_the_module_files_as_markers() {
        let tab = slot(&[], &["Counters", "Game Markers"], &[]);
        assert_eq!(
            marker_source(&tab).as_deref(),
            Some("palette `Game Markers`")
        );
        let proto = slot(&[], &[], &["Activation Marker"]);
        assert_eq!(
            marker_source(&proto).as_deref(),
            Some("prototype `Activation Marker`")
        );
        let typed = slot(&[("Type", "Marker")], &[], &[]);
        assert_eq!(
            marker_source(&typed).as_deref(),
            Some("property `Type` = `Marker`")
        );
    }

    #[test]
    fn a_unit_is_not_a_marker() {
        let unit = slot(
            &[("Type", "Infantry"), ("Name", "Marker Hill")],
            &["France"],
            &["Unit"],
        );
        assert_eq!(marker_source(&unit), None);
    }
}
