//! The zip under a module, read safely: entry names that would leave an
//! output folder and declared sizes over the [`Limits`] are refused
//! before anything is inflated, and each read stops at the declared size.

use std::io::{Read, Seek};

use zip::ZipArchive;

use super::{Limits, ModuleError};

/// Refuses unsafe names and oversized declared sizes before inflating.
pub(super) fn check_entries<R: Read + Seek>(
    zip: &mut ZipArchive<R>,
    limits: Limits,
) -> Result<(), ModuleError> {
    let mut total: u64 = 0;
    for i in 0..zip.len() {
        let file = zip
            .by_index_raw(i)
            .map_err(|e| ModuleError::NotZip(e.to_string()))?;
        let name = match file.name() {
            Ok(name) => name.into_owned(),
            Err(_) => String::from_utf8_lossy(file.name_raw()).into_owned(),
        };
        let climbs = name.split(['/', '\\']).any(|part| part == "..");
        let absolute =
            name.starts_with(['/', '\\']) || name.get(1..2) == Some(":");
        if climbs || absolute || file.enclosed_name().is_none() {
            return Err(ModuleError::UnsafeEntry(name));
        }
        let declared = file.size();
        if declared > limits.entry_bytes {
            return Err(ModuleError::TooLarge {
                name,
                declared,
                limit: limits.entry_bytes,
            });
        }
        total = total.saturating_add(declared);
    }
    if total > limits.total_bytes {
        return Err(ModuleError::TooLargeTotal {
            declared: total,
            limit: limits.total_bytes,
        });
    }
    Ok(())
}

/// Inflates one entry, stopping at its declared size.
pub(super) fn entry<R: Read + Seek>(
    zip: &mut ZipArchive<R>,
    name: &str,
    limits: Limits,
) -> Result<Vec<u8>, ModuleError> {
    let fail = |reason: String| ModuleError::Entry {
        name: name.to_owned(),
        reason,
    };
    let mut file = zip.by_name(name).map_err(|e| fail(e.to_string()))?;
    let declared = file.size();
    if declared > limits.entry_bytes {
        return Err(ModuleError::TooLarge {
            name: name.to_owned(),
            declared,
            limit: limits.entry_bytes,
        });
    }
    let mut out = Vec::with_capacity(usize::try_from(declared).unwrap_or(0));
    (&mut file)
        .take(declared)
        .read_to_end(&mut out)
        .map_err(|e| fail(e.to_string()))?;
    // A declared size smaller than the data would copy out a truncated
    // scan without a word. Reading on to the entry's end says so: there
    // are bytes left, or the checksum of what was read does not match.
    let mut more = [0u8; 1];
    match file.read(&mut more) {
        Ok(0) => Ok(out),
        Ok(_) => Err(fail(format!(
            "it holds more than its declared {declared} bytes: the zip is \
             damaged (the copy would be cut short)"
        ))),
        Err(e) => Err(fail(format!(
            "its {declared} declared bytes do not match its checksum ({e}): \
             the zip is damaged (the copy would be cut short)"
        ))),
    }
}
