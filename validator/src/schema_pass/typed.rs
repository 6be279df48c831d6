//! Pass 1's typed readers: a document read into the model, and its first
//! error located with a "did you mean" where one helps.

use berthier_schema::document::ron_options;
use berthier_schema::spelling;
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
            help: json_suggestion(&e.to_string()),
        }),
        Format::Ron => ron_options().from_str(text).map_err(|e| TypedError {
            code: ron_code(&e.code),
            line: e.span.start.line,
            column: e.span.start.col,
            message: ron_message(&e.code),
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

/// The fields and variants a RON file can write: every one the type has
/// but `$schema`, which names a JSON document's schema and is no RON
/// identifier (ron lists it as `"$schema"_[invalid identifier]`).
fn ron_names(expected: &'static [&'static str]) -> Vec<&'static str> {
    expected
        .iter()
        .copied()
        .filter(|n| *n != "$schema")
        .collect()
}

/// ron's message for a misspelled field, with the fields a RON file can
/// write: "Unexpected field named `stackng` in `Series`, expected one of
/// `kind`, ..., or `provenance` instead".
fn ron_message(e: &ron::Error) -> String {
    let ron::Error::NoSuchStructField {
        expected,
        found,
        outer,
    } = e
    else {
        // The nesting limit said in words (not ron's serde_stacker hint).
        return berthier_schema::text::ron_message(e);
    };
    let quoted: Vec<String> = ron_names(expected)
        .iter()
        .map(|n| format!("`{n}`"))
        .collect();
    let within = outer
        .as_ref()
        .map_or_else(String::new, |o| format!(" in `{o}`"));
    let alternatives = match quoted.as_slice() {
        [] => "there are no fields".to_owned(),
        [one] => format!("expected {one} instead"),
        [a, b] => format!("expected either {a} or {b} instead"),
        [most @ .., last] => {
            format!("expected one of {}, or {last} instead", most.join(", "))
        }
    };
    format!("Unexpected field named `{found}`{within}, {alternatives}")
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
    spelling::did_you_mean(found, ron_names(expected))
}

/// "did you mean" for serde's `unknown field `stackng`, expected one of
/// `$schema`, `kind`, ...` (and `unknown variant`), read from its message:
/// serde_json keeps only the text of the error.
fn json_suggestion(message: &str) -> Option<String> {
    let rest = message
        .strip_prefix("unknown field `")
        .or_else(|| message.strip_prefix("unknown variant `"))?;
    let (found, expected) = rest.split_once('`')?;
    let names = expected.split('`').skip(1).step_by(2);
    spelling::did_you_mean(found, names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ron_field_typo_lists_ron_fields_and_suggests() {
        let text = "(kind: series, format_version: 2, id: \"x\", \
                    name: \"X\", stackng: ())";
        let Err(e) = parse::<berthier_schema::Series>(text, Format::Ron) else {
            panic!("a typo parses");
        };
        assert!(!e.message.contains("$schema"), "{}", e.message);
        assert!(
            e.message.contains("expected one of `kind`"),
            "{}",
            e.message
        );
        assert_eq!(e.help.as_deref(), Some("did you mean `stacking`?"));
    }

    #[test]
    fn a_json_field_typo_suggests() {
        let text = r#"{"kind": "series", "format_version": 2, "id": "x",
                       "name": "X", "stackng": {}}"#;
        let Err(e) = parse::<berthier_schema::Series>(text, Format::Json)
        else {
            panic!("a typo parses");
        };
        assert_eq!(e.code, Code::Sch002);
        assert_eq!(e.help.as_deref(), Some("did you mean `stacking`?"));
    }

    #[test]
    fn far_json_typos_get_no_suggestion() {
        assert_eq!(json_suggestion("unknown field `zzz`, expected `a`"), None);
        assert_eq!(json_suggestion("invalid type: string"), None);
        assert_eq!(
            json_suggestion(
                "unknown variant `Mp2`, expected `Mp` or `Unknown`"
            )
            .as_deref(),
            Some("did you mean `Mp`?")
        );
    }
}
