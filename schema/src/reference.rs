//! How a document names another: a path relative to the document, or
//! (for a series) a standard series by name ([`crate::standard`]). Read by
//! the loader, the variant resolver and the validator alike, and below all
//! of them.

/// Whether `reference` names a standard series rather than a file: no `/`
/// or `\`, and no `.ron` or `.json` ending.
pub fn is_name(reference: &str) -> bool {
    let lower = reference.to_ascii_lowercase();
    !reference.is_empty()
        && !reference.contains(['/', '\\'])
        && !lower.ends_with(".ron")
        && !lower.ends_with(".json")
}
