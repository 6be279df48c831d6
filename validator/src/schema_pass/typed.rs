//! Pass 1's typed readers: a document read into the model, and its first
//! error located with a "did you mean" where one helps.

use berthier_schema::document::ron_options;
use berthier_schema::{DocKind, Document, Format};
use serde::de::DeserializeOwned;

use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::source::SourceFile;

/// A typed-parse failure: code, line, column, message, help.
pub(super) struct TypedError {
    code: Code,
    line: usize,
    column: usize,
    message: String,
    help: Option<String>,
}

pub(super) fn source_error(source: &SourceFile, e: TypedError) -> Diagnostic {
    // RON reports a bad value where its parser started, which may be the
    // blank before it: point at the value itself.
    let d = if e.line == 0 {
        source.bare(e.code, "", e.message)
    } else {
        let at = source.offset_of(e.line, e.column);
        let blank = source.text[at..]
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(0);
        source.at_offset(e.code, at + blank, "", e.message)
    };
    match e.help {
        Some(help) => d.help(help),
        None => d,
    }
}

pub(super) fn typed(
    kind: DocKind,
    text: &str,
    format: Format,
) -> Result<Document, TypedError> {
    Ok(match kind {
        DocKind::Series => Document::Series(parse(text, format)?),
        DocKind::Map => Document::Map(parse(text, format)?),
        DocKind::Counters => Document::Counters(parse(text, format)?),
        DocKind::Scenario
            if berthier_schema::document::is_variant(text, format) =>
        {
            Document::Variant(parse(text, format)?)
        }
        DocKind::Scenario => Document::Scenario(parse(text, format)?),
        DocKind::Game => Document::Game(parse(text, format)?),
    })
}

fn parse<T: DeserializeOwned>(
    text: &str,
    format: Format,
) -> Result<T, TypedError> {
    match format {
        Format::Json => serde_json::from_str(text).map_err(|e| TypedError {
            code: if e.is_data() {
                Code::Sch002
            } else {
                Code::Sch001
            },
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
            help: None,
        }),
        Format::Ron => ron_options().from_str(text).map_err(|e| TypedError {
            code: ron_code(&e.code),
            line: e.span.start.line,
            column: e.span.start.col,
            message: berthier_schema::text::ron_message(&e.code),
            help: suggestion(&e.code),
        }),
    }
}

/// Type and shape errors are schema violations; the rest is syntax.
fn ron_code(e: &ron::Error) -> Code {
    use ron::Error as E;
    match e {
        E::Message(_)
        | E::InvalidValueForType { .. }
        | E::ExpectedDifferentLength { .. }
        | E::NoSuchEnumVariant { .. }
        | E::NoSuchStructField { .. }
        | E::MissingStructField { .. }
        | E::DuplicateStructField { .. }
        | E::ExpectedDifferentStructName { .. }
        | E::IntegerOutOfBounds
        | E::ExpectedBoolean
        | E::ExpectedInteger
        | E::ExpectedFloat
        | E::ExpectedString
        | E::ExpectedChar
        | E::ExpectedArray
        | E::ExpectedMap
        | E::ExpectedStructLike
        | E::ExpectedNamedStructLike(_)
        | E::ExpectedUnit
        | E::ExpectedOption
        | E::ExpectedIdentifier => Code::Sch002,
        _ => Code::Sch001,
    }
}

/// "did you mean" for a misspelled field or variant.
fn suggestion(e: &ron::Error) -> Option<String> {
    let (expected, found) = match e {
        ron::Error::NoSuchStructField {
            expected, found, ..
        }
        | ron::Error::NoSuchEnumVariant {
            expected, found, ..
        } => (*expected, found.as_str()),
        _ => return None,
    };
    let best = expected
        .iter()
        .map(|name| (strsim::levenshtein(name, found), *name))
        .min()?;
    (best.0 <= found.len().max(3) / 2 + 1)
        .then(|| format!("did you mean `{}`?", best.1))
}
