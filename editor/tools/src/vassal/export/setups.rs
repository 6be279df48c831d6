//! Each scenario of an exported battle as a predefined setup: a saved
//! game (`<scenario id>.vsav`, [`crate::vassal::saved_game`]) inside the
//! module, named by a `PredefinedSetup` of the build file, whose stacks
//! are the scenario's setup, one per hex, bottom first, each at the
//! centre of its hex on the module's one map.

use std::io::{Cursor, Write};

use berthier_schema::HexId;

use super::battle::{file_stem, placed_by_hex};
use super::build_file::{self, VASSAL_VERSION};
use super::counters::Pieces;
use super::piece::type_and_state;
use super::read::ScenarioFile;
use crate::vassal::saved_game::{
    ENTRY, SavedPiece, SavedStack, commands, obfuscate,
};
use crate::vassal::sequence::encode;

/// A predefined setup ready for the module.
pub(super) struct Setup {
    /// Its name in VASSAL's File > New Game menu: the scenario's.
    pub name: String,
    /// Its file in the module.
    pub file: String,
    /// The saved game.
    pub bytes: Vec<u8>,
    /// Stacks (occupied hexes) and pieces in them.
    pub stacks: usize,
    pub placed: usize,
}

/// Where the setup goes: the module's map, its name and description, and
/// the board pixel of each hex's centre.
pub(super) struct On<'a, F: Fn(HexId) -> [i32; 2]> {
    pub map: &'a str,
    pub module: &'a str,
    pub description: &'a str,
    pub at: F,
}

/// The predefined setup of one scenario.
pub(super) fn setup<F: Fn(HexId) -> [i32; 2]>(
    s: &ScenarioFile,
    pieces: &Pieces,
    on: &On<'_, F>,
    notes: &mut Vec<String>,
) -> Result<Setup, zip::result::ZipError> {
    let mut saved = Vec::new();
    let mut stacks = Vec::new();
    let hexes = placed_by_hex(&s.scenario, &pieces.by_unit, notes);
    for (hex, placed) in &hexes {
        let at = (on.at)(*hex);
        let mut ids = Vec::new();
        for p in placed {
            let (Some(spec), Some(slot)) =
                (pieces.specs.get(&p.unit), pieces.by_unit.get(&p.unit))
            else {
                continue;
            };
            let id = (saved.len() + 1).to_string();
            // The piece's own state on the map: `map;x;y;gpid`.
            let basic = encode(
                &[
                    on.map,
                    &at[0].to_string(),
                    &at[1].to_string(),
                    &slot.gpid.to_string(),
                ],
                ';',
            );
            let (ty, state) = type_and_state(spec, &basic);
            saved.push(SavedPiece {
                id: id.clone(),
                ty,
                state,
            });
            ids.push(id);
        }
        stacks.push(SavedStack {
            map: on.map.to_owned(),
            at,
            pieces: ids,
        });
    }
    let n = saved.len();
    let stacks: Vec<(String, SavedStack)> = stacks
        .into_iter()
        .enumerate()
        .map(|(i, st)| ((n + i + 1).to_string(), st))
        .collect();
    let text = commands(&saved, &stacks);
    let name = s.scenario.name.clone();
    let key = key(&s.scenario.id);
    let bytes = vsav(&obfuscate(&text, key), on, &name)?;
    Ok(Setup {
        file: format!("{}.vsav", file_stem(&s.scenario.id)),
        name,
        bytes,
        stacks: stacks.len(),
        placed: n,
    })
}

/// A key from 1 to 255 (VASSAL's is random; any works, and one made
/// from the scenario's id keeps the export reproducible).
fn key(id: &str) -> u8 {
    let sum = id
        .bytes()
        .fold(0u32, |a, b| a.wrapping_mul(31).wrapping_add(u32::from(b)));
    (sum % 255) as u8 + 1
}

/// The saved game's zip: the commands, the module's data, the save's.
fn vsav<F: Fn(HexId) -> [i32; 2]>(
    obfuscated: &str,
    on: &On<'_, F>,
    name: &str,
) -> Result<Vec<u8>, zip::result::ZipError> {
    use zip::write::SimpleFileOptions;
    let deflate = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    let save_data = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n\
         <data version=\"1\"><version>1.0</version>\
         <VassalVersion>{VASSAL_VERSION}</VassalVersion>\
         <description>{}</description></data>\n",
        quick_xml::escape::escape(name)
    );
    let entries = [
        (ENTRY, obfuscated.to_owned()),
        (
            "moduledata",
            build_file::module_data(on.module, on.description),
        ),
        ("savedata", save_data),
    ];
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for (entry, body) in entries {
        w.start_file(entry, deflate)?;
        w.write_all(body.as_bytes())?;
    }
    Ok(w.finish()?.into_inner())
}
