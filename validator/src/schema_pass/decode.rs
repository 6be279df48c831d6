//! Pass 1's first step: the bytes of a file as UTF-8 text, or the finding
//! saying why they are not RON or JSON text.

use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::source::SourceFile;

/// Sets the text of `bytes` in `source`; else the finding saying why
/// the file is not UTF-8 text (UTF-16, binary, invalid UTF-8, a byte order
/// mark); `source` then holds the text read before the problem.
pub(super) fn decode(
    source: &mut SourceFile,
    bytes: Vec<u8>,
) -> Option<Diagnostic> {
    if let Some(encoding) = utf16(&bytes) {
        let d = source.at_offset(
            Code::Sch005,
            0,
            "",
            format!("the file is {encoding} text, not UTF-8"),
        );
        let d = d.help("save it as UTF-8 (without a byte order mark)");
        return Some(d);
    }
    // A byte loop here was 2% of the benchmark pack's instructions
    // (issue 16); memchr searches many bytes per instruction.
    if let Some(nul) = memchr::memchr(0, &bytes) {
        source.set_text(String::from_utf8_lossy(&bytes[..nul]).as_ref().into());
        let d = source.at_offset(
            Code::Sch005,
            source.text.len(),
            "",
            "the file is binary (it holds a NUL byte), not RON or JSON text",
        );
        return Some(d);
    }
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let prefix = String::from_utf8_lossy(&e.as_bytes()[..valid]);
            source.set_text(prefix.as_ref().into());
            let d = source.at_offset(
                Code::Sch005,
                valid,
                "",
                "the file is not UTF-8 text (binary?)",
            );
            return Some(d);
        }
    };
    source.set_text(text.into());
    if source.text.starts_with('\u{feff}') {
        // The typed readers (and so `convert` and the editor) refuse it
        // as an unexpected character; say what it is.
        let d = source
            .at_offset(
                Code::Sch005,
                0,
                "",
                "the file starts with a UTF-8 byte order mark, which RON \
                 and JSON readers refuse",
            )
            .help("save it as UTF-8 without a byte order mark");
        return Some(d);
    }
    None
}

/// The UTF-16 encoding `bytes` are in, by their byte order mark or, without
/// one, by the zero byte every ASCII character has on one side in UTF-16
/// (RON and JSON documents are mostly ASCII): "UTF-16LE" or "UTF-16BE".
fn utf16(bytes: &[u8]) -> Option<&'static str> {
    match bytes {
        [0xFF, 0xFE, ..] => return Some("UTF-16LE"),
        [0xFE, 0xFF, ..] => return Some("UTF-16BE"),
        _ => {}
    }
    let pairs = bytes.chunks_exact(2).take(512);
    let (mut low_zero, mut high_zero, mut total) = (0usize, 0usize, 0usize);
    for pair in pairs {
        total += 1;
        match pair {
            [first, 0] if *first != 0 => low_zero += 1,
            [0, second] if *second != 0 => high_zero += 1,
            _ => {}
        }
    }
    // Nearly every pair ASCII-in-UTF-16 of one order; binary data is not.
    let most = total.saturating_mul(9) / 10;
    if total < 2 {
        None
    } else if low_zero >= most.max(1) {
        Some("UTF-16LE")
    } else if high_zero >= most.max(1) {
        Some("UTF-16BE")
    } else {
        None
    }
}
