//! File paths to `file:` URIs and back: the protocol names documents by
//! URI, the validator by path.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types::Uri;
use percent_encoding::{
    AsciiSet, CONTROLS, percent_decode_str, utf8_percent_encode,
};

/// What a path segment of a URI cannot hold as it is (RFC 3986's
/// reserved and unsafe characters, `/` excepted: it separates segments).
const SEGMENT: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'[')
    .add(b'\\')
    .add(b']')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

/// The `file:` URI of an absolute path; `None` when the result is not a
/// URI the protocol's type accepts.
pub fn from_path(path: &Path) -> Option<Uri> {
    let text = path.to_str()?.replace('\\', "/");
    let text = if text.starts_with('/') {
        text
    } else {
        format!("/{text}") // a Windows drive letter
    };
    let encoded = utf8_percent_encode(&text, SEGMENT).to_string();
    Uri::from_str(&format!("file://{encoded}")).ok()
}

/// The path a `file:` URI names; `None` for any other scheme (an
/// editor's unsaved `untitled:` buffer) or a path that does not decode.
pub fn to_path(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    // `file://localhost/x` and `file:///x` name the same file.
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    let path = rest.split(['?', '#']).next()?;
    let decoded = percent_decode_str(path).decode_utf8().ok()?;
    let decoded = decoded.as_ref();
    // `/C:/x` on Windows is `C:/x`.
    let windows = decoded.len() > 2 && decoded.as_bytes()[2] == b':';
    let path = if windows { &decoded[1..] } else { decoded };
    path.starts_with('/')
        .then(|| PathBuf::from(path))
        .or_else(|| windows.then(|| PathBuf::from(path)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_with_spaces_and_accents_goes_there_and_back() {
        let path = Path::new("/tmp/Rivoli 1797/éclaireurs#1.scenario.ron");
        let uri = from_path(path).unwrap();
        assert_eq!(
            uri.as_str(),
            "file:///tmp/Rivoli%201797/%C3%A9claireurs%231.scenario.ron"
        );
        assert_eq!(to_path(&uri).unwrap(), path);
    }

    #[test]
    fn only_file_uris_name_a_path() {
        let untitled = Uri::from_str("untitled:Untitled-1").unwrap();
        assert_eq!(to_path(&untitled), None);
        let host = Uri::from_str("file://localhost/a/b.ron").unwrap();
        assert_eq!(to_path(&host).unwrap(), Path::new("/a/b.ron"));
    }
}
