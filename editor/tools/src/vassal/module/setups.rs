//! A module's predefined setups (`PredefinedSetup`: `name`, `file`,
//! `useFile`, `isMenu`), each a saved game inside the module
//! ([`super::super::saved_game`]), read as at-start stacks: each stack of
//! the saved game on a map, its pieces bottom first; a piece on a map in
//! no stack is a stack of its own.
//!
//! A setup that does not read (no such file, not a zip, a compressed or
//! garbled saved game) is left out with a note; the module's other parts
//! still import. Sizes are checked as for the module itself.

use std::collections::BTreeMap;
use std::io::{Cursor, Read, Seek};

use zip::ZipArchive;

use super::super::piece;
use super::super::saved_game::{self, SavedGame};
use super::{AtStart, Limits, ModuleError, Slot, StackAt, archive, class};

/// A predefined setup read.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    /// Its name (VASSAL's New Game menu entry).
    pub name: String,
    /// Its file in the module.
    pub file: String,
    /// Its stacks, as at-start stacks.
    pub stacks: Vec<AtStart>,
}

/// Every predefined setup with a file, in document order, and a note for
/// each that does not read.
pub(super) fn read<R: Read + Seek>(
    zip: &mut ZipArchive<R>,
    doc: &roxmltree::Document<'_>,
    limits: Limits,
) -> Result<(Vec<Setup>, Vec<String>), ModuleError> {
    let prototypes = super::pieces::prototypes(doc);
    let mut setups = Vec::new();
    let mut notes = Vec::new();
    let nodes = doc
        .descendants()
        .filter(|n| class(n) == Some("PredefinedSetup"))
        .filter(|n| n.attribute("isMenu") != Some("true"))
        .filter(|n| n.attribute("useFile") != Some("false"));
    for node in nodes {
        let name = node.attribute("name").unwrap_or("").to_owned();
        let Some(file) = node.attribute("file").filter(|f| !f.is_empty())
        else {
            continue;
        };
        let game = match saved(zip, file, limits) {
            Ok(game) => game,
            Err(reason) => {
                notes.push(format!(
                    "predefined setup `{name}` ({file}): {reason}; left out"
                ));
                continue;
            }
        };
        let stacks = stacks(zip, &name, &game, &prototypes)?;
        setups.push(Setup {
            name,
            file: file.to_owned(),
            stacks,
        });
    }
    Ok((setups, notes))
}

/// Why a predefined setup's file does not read (the setup is left out
/// with a note saying this).
#[derive(Debug, thiserror::Error)]
enum SetupFileError {
    /// The module has no entry of that name.
    #[error("the module has no such file")]
    Missing,
    /// The entry, or the saved game's own entries, do not read.
    #[error(transparent)]
    Entry(#[from] ModuleError),
    /// The entry is not a zip archive.
    #[error("not a saved game (zip): {0}")]
    NotZip(zip::result::ZipError),
    /// The saved game holds no game.
    #[error("no `{}` entry", saved_game::ENTRY)]
    NoGame,
    /// The game does not decode.
    #[error(transparent)]
    Game(#[from] saved_game::SavedGameError),
}

/// The saved game in the module's entry `file`.
fn saved<R: Read + Seek>(
    zip: &mut ZipArchive<R>,
    file: &str,
    limits: Limits,
) -> Result<SavedGame, SetupFileError> {
    if zip.index_for_name(file).is_none() {
        return Err(SetupFileError::Missing);
    }
    let bytes = archive::entry(zip, file, limits)?;
    let mut inner =
        ZipArchive::new(Cursor::new(bytes)).map_err(SetupFileError::NotZip)?;
    archive::check_entries(&mut inner, limits)?;
    if inner.index_for_name(saved_game::ENTRY).is_none() {
        return Err(SetupFileError::NoGame);
    }
    let text = archive::entry(&mut inner, saved_game::ENTRY, limits)?;
    let text = saved_game::deobfuscate(&text)?;
    Ok(saved_game::parse(&text))
}

/// The saved game's stacks (and loose pieces) as at-start stacks.
fn stacks<R: Read + Seek>(
    zip: &ZipArchive<R>,
    setup: &str,
    game: &SavedGame,
    prototypes: &BTreeMap<String, String>,
) -> Result<Vec<AtStart>, ModuleError> {
    let by_id: BTreeMap<&str, &saved_game::SavedPiece> =
        game.pieces.iter().map(|p| (p.id.as_str(), p)).collect();
    let mut in_stack = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    let mut groups: Vec<(String, [i32; 2], Vec<&saved_game::SavedPiece>)> =
        Vec::new();
    for s in &game.stacks {
        let pieces: Vec<_> = s
            .pieces
            .iter()
            .filter_map(|id| by_id.get(id.as_str()).copied())
            .collect();
        in_stack.extend(s.pieces.iter().map(String::as_str));
        groups.push((s.map.clone(), s.at, pieces));
    }
    for p in &game.pieces {
        if in_stack.contains(p.id.as_str()) {
            continue;
        }
        if let Some((map, at)) = p.position() {
            groups.push((map, at, vec![p]));
        }
    }
    for (i, (map, at, pieces)) in groups.into_iter().enumerate() {
        let mut slots = Vec::new();
        for p in pieces {
            let piece = piece::read(&p.definition(), prototypes);
            let slot = Slot {
                name: piece.name.clone(),
                gpid: String::new(),
                piece,
                palette: Vec::new(),
            };
            super::pieces::check_images(zip, &slot)?;
            slots.push(slot);
        }
        out.push(AtStart {
            map,
            name: format!("{setup} #{}", i + 1),
            board: None,
            at: StackAt::Pixel(at),
            pieces: slots,
        });
    }
    Ok(out)
}
