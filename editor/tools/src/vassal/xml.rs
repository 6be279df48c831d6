//! XML parsing with a nesting limit. roxmltree's tokenizer recurses once
//! per level of element nesting, so a build file or SVG of some thousands
//! of unclosed elements overflows the stack and aborts the editor (found
//! by `berthier-fuzz`'s VASSAL target; roxmltree issue 154). The depth is
//! first measured with quick-xml's streaming reader, which keeps no stack
//! of its own, and a document deeper than any real module is refused.

use quick_xml::events::Event;

/// Deeper than any VASSAL build file or SVG board (real ones nest a few
/// dozen levels), far below what overflows the stack in roxmltree.
pub const MAX_DEPTH: usize = 256;

/// Why XML could not be read.
#[derive(Debug, thiserror::Error)]
pub enum XmlError {
    /// Nested deeper than [`MAX_DEPTH`].
    #[error("elements nested more than {MAX_DEPTH} deep at line {line}")]
    TooDeep {
        /// Where the limit was passed.
        line: usize,
    },
    /// Not well-formed.
    #[error(transparent)]
    Malformed(#[from] roxmltree::Error),
}

/// Parses `text` with `options`, refusing nesting deeper than
/// [`MAX_DEPTH`] before roxmltree sees it.
pub fn parse_bounded<'a>(
    text: &'a str,
    options: roxmltree::ParsingOptions,
) -> Result<roxmltree::Document<'a>, XmlError> {
    if let Some(offset) = too_deep_at(text) {
        let line = 1 + text.as_bytes()[..offset]
            .iter()
            .filter(|b| **b == b'\n')
            .count();
        return Err(XmlError::TooDeep { line });
    }
    Ok(roxmltree::Document::parse_with_options(text, options)?)
}

/// The byte offset where nesting passes [`MAX_DEPTH`], if it does. A
/// document quick-xml cannot read to the end is measured up to where it
/// fails; roxmltree then reports the error itself.
fn too_deep_at(text: &str) -> Option<usize> {
    let mut reader = quick_xml::Reader::from_str(text);
    reader.config_mut().check_end_names = false;
    let mut depth = 0usize;
    loop {
        match reader.read_event() {
            Ok(Event::Start(_)) => {
                depth += 1;
                if depth > MAX_DEPTH {
                    let at = usize::try_from(reader.buffer_position())
                        .unwrap_or(text.len());
                    return Some(at.min(text.len()));
                }
            }
            Ok(Event::End(_)) => depth = depth.saturating_sub(1),
            Ok(Event::Eof) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_nesting_is_refused_with_its_line() {
        let text = format!("<a>\n{}", "<b>".repeat(50_000));
        let err = parse_bounded(&text, roxmltree::ParsingOptions::default());
        assert!(matches!(err, Err(XmlError::TooDeep { line: 2 })), "{err:?}");
    }

    #[test]
    fn ordinary_nesting_parses() {
        let text =
            format!("<a>{}{}</a>", "<b>".repeat(100), "</b>".repeat(100));
        assert!(
            parse_bounded(&text, roxmltree::ParsingOptions::default()).is_ok()
        );
        let broken =
            parse_bounded("<a><b></a>", roxmltree::ParsingOptions::default());
        assert!(matches!(broken, Err(XmlError::Malformed(_))));
    }
}
