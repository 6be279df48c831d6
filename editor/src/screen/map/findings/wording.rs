//! What the findings panel writes: each finding with the map's names for
//! the roads, places, edges and entry points it names (the validator's
//! messages keep ids, which CI output and `--format json` users rely on),
//! and the notes on the checks the panel does not run.

use berthier_rules::Code;
use berthier_rules::map_checks::Finding;
use berthier_schema::Map;

/// `error MAP001 0906: road Grand chemin crosses…`, as listed.
pub fn label(map: &Map, f: &Finding) -> String {
    let severity = f.code.severity().as_str();
    // The hex as the map prints it ("D4" on a letter-numbered map).
    let hex = f
        .hex
        .map_or_else(String::new, |h| format!(" {}", map.label(h)));
    format!("{severity} {}{hex}: {}", f.code, message(map, f))
}

/// The finding's message with the name of the road, place, edge or entry
/// point its pointer leads to: its `` `id` `` replaced by the name, or the
/// name put first when the message is about one of its hexes or fields
/// (`Pont-Vieux: hex 1706 is not on the map demo`). A duplicate id
/// (REF003) keeps the id: the id is what is wrong.
pub fn message(map: &Map, f: &Finding) -> String {
    let Some((id, name)) = subject(map, &f.pointer) else {
        return f.message.clone();
    };
    if f.code == Code::Ref003 {
        return f.message.clone();
    }
    let quoted = format!("`{id}`");
    if f.message.contains(&quoted) {
        f.message.replacen(&quoted, name, 1)
    } else {
        format!("{name}: {}", f.message)
    }
}

/// The id and name of what `pointer` (`/roads/2/hexes/5`) leads into,
/// when it has a name.
fn subject<'m>(map: &'m Map, pointer: &str) -> Option<(&'m str, &'m str)> {
    let mut parts = pointer.split('/').skip(1);
    let list = parts.next()?;
    let i: usize = parts.next()?.parse().ok()?;
    match list {
        "roads" => map
            .roads
            .get(i)
            .and_then(|r| Some((&*r.id, r.name.as_deref()?))),
        "places" => map.places.get(i).map(|p| (&*p.id, &*p.name)),
        "edges" => map
            .edges
            .get(i)
            .and_then(|e| Some((&*e.id, e.name.as_deref()?))),
        "entry_points" => map.entry_points.get(i).map(|e| (&*e.id, &*e.name)),
        _ => None,
    }
}

/// The notes under the list: which checks did not run, and why.
/// `series_problem` says why the map's series could not be read.
pub fn not_run(series_problem: Option<&str>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(problem) = series_problem {
        out.push(format!(
            "Series not readable ({problem}): terrain, hexside, road and \
             entry-edge checks skipped"
        ));
    }
    // Pass 3 reads a scenario: its setup, order of battle and schedule.
    out.push(
        "Setup, stacking and entry checks run on scenarios (not shown for \
         a map)"
            .to_owned(),
    );
    // The editor holds the map typed in memory; only a validation run
    // reads the file as written and follows its `series` and `scan` paths.
    out.push("Schema and file-path checks run in berthier-validate".to_owned());
    out
}
