//! Where a finding about a resolved scenario is shown: in the file that
//! holds the part it is about (the variant, or a base for an inherited
//! part), at the value or the key its JSON Pointer names. Used by pass 2
//! and pass 3 alike.

use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::pack::Pack;
use crate::pack::variant::Variant;
use crate::source::SourceFile;

/// A finding about the resolved scenario at `pointer`, located in the file
/// that holds that part: the variant, or a base for an inherited part.
pub fn locate(
    pack: &Pack,
    origin: Option<&Variant>,
    source: &SourceFile,
    code: Code,
    pointer: &str,
    message: String,
    at_key: bool,
) -> Diagnostic {
    let variant = source;
    let (source, pointer) = match origin {
        Some(resolved) => {
            let (file, written) = resolved.origin(pointer);
            (pack.get(&file).map_or(source, |e| &e.source), written)
        }
        None => (source, pointer.to_owned()),
    };
    let mut d = if at_key {
        let found = source.locate(&pointer);
        source.at_offset(code, found.key_or_value(), &pointer, message)
    } else {
        source.at_pointer(code, &pointer, message)
    };
    if source.at.path != variant.at.path {
        // Said in `help`, which deduplication ignores: the base's own copy
        // of the same finding is kept, a finding only the variant's
        // context makes names the variant.
        d.help = Some(format!(
            "found checking `{}`, which inherits this part",
            variant.at.rel
        ));
    }
    d
}

/// Sets a finding's `help`, keeping the note [`locate`] adds to a finding
/// located in a base.
pub fn set_help(d: &mut Diagnostic, help: Option<String>) {
    d.help = match (help, d.help.take()) {
        (Some(help), Some(note)) => Some(format!("{help}; {note}")),
        (help, note) => help.or(note),
    };
}
