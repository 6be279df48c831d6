//! The ratings grid: units grouped by class, one column per rating of
//! each counter side the series gives the class, one row per unit and,
//! for a group of several, an "All" row that sets the column for every
//! unit of the group at once (one undo step). An unknown rating shows as
//! `?`, never as 0, with why it is unknown under the group.

use berthier_schema::Unit;
use iced::widget::{Column, Row, TextInput, column, space, text, text_input};
use iced::{Element, Fill};

use super::Message;
use berthier_tools::oob::OobDoc;
use berthier_tools::oob::ratings::{self, Column as RatingColumn};
use berthier_tools::oob::tree::count;

/// Width of the unit name column.
const NAME_WIDTH: f32 = 150.0;
/// Width of a rating cell: eleven columns (Vive l'Empereur infantry, line
/// and column sides) fit beside the tree in a 1200 px window.
const CELL_WIDTH: f32 = 50.0;
/// Gap before the first column of each counter side.
const SIDE_GAP: f32 = 8.0;

/// One grid per class among `units`, in the order the classes first come.
pub(super) fn groups<'a>(
    doc: &'a OobDoc,
    units: &[&'a Unit],
) -> Element<'a, Message> {
    let mut classes: Vec<&str> = Vec::new();
    for u in units {
        if !classes.contains(&u.class.as_str()) {
            classes.push(&u.class);
        }
    }
    let mut page = column![].spacing(16);
    for class in classes {
        let members: Vec<&Unit> =
            units.iter().copied().filter(|u| u.class == class).collect();
        page = page.push(group(doc, class, &members));
    }
    page.into()
}

/// "12 of 14 units here still lack steps".
pub(super) fn gap_line<'a>(
    doc: &OobDoc,
    units: &[&Unit],
) -> Element<'a, Message> {
    let gaps =
        ratings::stacking_gaps(doc.series.as_ref(), units.iter().copied());
    let mut col = column![];
    for g in gaps.iter().filter(|g| g.of > 0) {
        let line = if g.missing.is_empty() {
            text(format!(
                "Every unit here that stacking counts has its {}.",
                g.rating
            ))
        } else {
            text(format!(
                "{} of {} still lack {}, which the stacking limits sum.",
                g.missing.len(),
                count(g.of, "unit"),
                g.rating
            ))
            .style(text::warning)
        };
        col = col.push(line);
    }
    col.into()
}

fn group<'a>(
    doc: &'a OobDoc,
    class: &str,
    units: &[&'a Unit],
) -> Element<'a, Message> {
    let series = doc.series.as_ref();
    let columns = ratings::columns(series, class, units);
    let name = series
        .and_then(|s| s.unit_classes.iter().find(|c| c.id == class))
        .map_or(class, |c| c.name.as_str());
    let mut table: Column<'a, Message> = column![
        text(format!("{name} · {}", count(units.len(), "unit"))).size(17),
        header(&columns),
    ]
    .spacing(2);
    if columns.is_empty() {
        table = table.push(text("The series gives this class no ratings."));
    }
    let editable: Vec<String> = units
        .iter()
        .filter(|u| doc.is_own(&u.id))
        .map(|u| u.id.clone())
        .collect();
    if units.len() > 1 && !editable.is_empty() && !columns.is_empty() {
        table = table.push(all_row(units, &columns, editable));
    }
    for u in units {
        let namesake = units.iter().any(|x| x.id != u.id && x.name == u.name);
        table = table.push(unit_row(doc, u, &columns, namesake));
    }
    table.push(why_unknown(doc, units, &columns)).into()
}

/// Two header lines: each counter side's name over its columns, then
/// the ratings.
fn header<'a>(columns: &[RatingColumn]) -> Element<'a, Message> {
    let mut sides = Row::new().push(space().width(NAME_WIDTH));
    let mut names = Row::new().push(space().width(NAME_WIDTH));
    for (i, c) in columns.iter().enumerate() {
        if opens_side(columns, i) {
            let span = columns[i..].iter().take_while(|x| x.side == c.side);
            #[allow(clippy::cast_precision_loss)]
            let width = span.count() as f32 * CELL_WIDTH;
            sides = sides.push(gap(true)).push(
                text(c.side.replace('_', " "))
                    .size(11)
                    .style(text::secondary)
                    .width(width),
            );
        }
        names = names
            .push(gap(opens_side(columns, i)))
            .push(text(short(&c.rating)).size(11).width(CELL_WIDTH));
    }
    column![sides, names].into()
}

/// The space before a column: wider before each counter side's first.
fn gap<'a>(first: bool) -> Element<'a, Message> {
    iced::widget::space()
        .width(if first { SIDE_GAP } else { 0.0 })
        .into()
}

/// Whether column `i` opens a counter side.
fn opens_side(columns: &[RatingColumn], i: usize) -> bool {
    i == 0 || columns[i - 1].side != columns[i].side
}

/// The whole-group row: a column's common value, `?` when all are
/// unknown, empty ("mixed") when they differ.
fn all_row<'a>(
    units: &[&Unit],
    columns: &[RatingColumn],
    editable: Vec<String>,
) -> Element<'a, Message> {
    let label = format!("All {}", editable.len());
    let mut line = Row::new()
        .push(text(label).width(NAME_WIDTH).style(text::primary))
        .align_y(iced::Center);
    for (i, c) in columns.iter().enumerate() {
        line = line.push(gap(opens_side(columns, i)));
        let values: Vec<Option<i16>> =
            units.iter().map(|u| ratings::value(u, c)).collect();
        let same = values.windows(2).all(|w| w[0] == w[1]);
        let (placeholder, value) =
            match (same, values.first().copied().flatten()) {
                (true, Some(v)) => ("?", v.to_string()),
                (true, None) => ("?", String::new()),
                (false, _) => ("mixed", String::new()),
            };
        let (units, side, rating) =
            (editable.clone(), c.side.clone(), c.rating.clone());
        line = line.push(cell(text_input(placeholder, &value)).on_input(
            move |text| Message::Rating {
                units: units.clone(),
                side: side.clone(),
                rating: rating.clone(),
                text,
            },
        ));
    }
    line.into()
}

/// A unit's row; `namesake`: another unit of the group has its name,
/// so its id tells them apart.
fn unit_row<'a>(
    doc: &OobDoc,
    u: &'a Unit,
    columns: &[RatingColumn],
    namesake: bool,
) -> Element<'a, Message> {
    let mut label = match &u.printed {
        Some(n) if !u.name.contains(n.as_str()) => format!("{n} {}", u.name),
        _ => u.name.clone(),
    };
    if namesake {
        label = format!("{label} ({})", u.id);
    }
    let mut line = Row::new()
        .push(text(label).size(13).width(NAME_WIDTH))
        .align_y(iced::Center);
    let own = doc.is_own(&u.id);
    for (i, c) in columns.iter().enumerate() {
        line = line.push(gap(opens_side(columns, i)));
        let value =
            ratings::value(u, c).map_or_else(String::new, |v| v.to_string());
        let mut cell = cell(text_input("?", &value));
        if own {
            let (id, side, rating) =
                (u.id.clone(), c.side.clone(), c.rating.clone());
            cell = cell.on_input(move |text| Message::Rating {
                units: vec![id.clone()],
                side: side.clone(),
                rating: rating.clone(),
                text,
            });
        }
        line = line.push(cell);
    }
    line.into()
}

/// Under a group with unknown ratings: `? = unknown`, and the provenance
/// notes that say why (each once).
fn why_unknown<'a>(
    doc: &'a OobDoc,
    units: &[&Unit],
    columns: &[RatingColumn],
) -> Element<'a, Message> {
    let unknown: Vec<&&Unit> = units
        .iter()
        .filter(|u| columns.iter().any(|c| ratings::value(u, c).is_none()))
        .collect();
    if unknown.is_empty() {
        return column![].into();
    }
    let mut notes: Vec<String> = Vec::new();
    for u in &unknown {
        let line = ratings::provenance(doc.provenance_for(&u.id), u)
            .map_or_else(
                || "the file gives no source".to_owned(),
                ratings::describe,
            );
        if !notes.contains(&line) {
            notes.push(line);
        }
    }
    let mut col = column![text(format!(
        "? = unknown (not printed in the sources, or not entered yet) on {} of {}. Why:",
        unknown.len(),
        count(units.len(), "unit")
    ))
    .size(13)]
    .spacing(2)
    .width(Fill);
    for note in notes {
        col =
            col.push(text(format!("• {note}")).size(13).style(text::secondary));
    }
    col.into()
}

/// A rating cell: small, so a brigade's rows fit on the screen.
fn cell(input: TextInput<'_, Message>) -> TextInput<'_, Message> {
    input.width(CELL_WIDTH).size(13).padding(3)
}

/// A rating's header: short enough for its cell (`movement` is the
/// movement allowance, MA).
fn short(rating: &str) -> String {
    match rating {
        "movement" => "MA".to_owned(),
        "engagement" => "engage".to_owned(),
        other => other.replace('_', " "),
    }
}
