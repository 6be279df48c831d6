//! JSON Pointers (RFC 6901) into a document, built one typed segment at a
//! time: a struct field, a list index, or a map key (escaped), so a rule
//! never writes a pointer as a `format!` string. The pointers are checked
//! against the documents by `validator/tests/codes.rs`, which fails when
//! one does not resolve exactly (a mistyped field would otherwise put the
//! caret on its parent).

use std::fmt;

use berthier_schema::locate::escape_segment;

/// A JSON Pointer: `/sides/0/setup/3/hex`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pointer(String);

impl Pointer {
    /// The whole document (`""`).
    pub const fn root() -> Self {
        Self(String::new())
    }

    /// The field `name` of the struct (or enum variant `name`) here.
    pub fn field(&self, name: &str) -> Self {
        if name.bytes().any(|b| matches!(b, b'~' | b'/')) {
            return self.key(name);
        }
        // Without `core::fmt`: the reference checks build pointers for
        // hundreds of entries per scenario, nearly all without a finding.
        let mut out = String::with_capacity(self.0.len() + 1 + name.len());
        out.push_str(&self.0);
        out.push('/');
        out.push_str(name);
        Self(out)
    }

    /// Item `i` of the list here.
    pub fn index(&self, i: usize) -> Self {
        // Through `itoa` rather than `core::fmt` (as for `field`).
        let mut digits = itoa::Buffer::new();
        let digits = digits.format(i);
        let mut out = String::with_capacity(self.0.len() + 1 + digits.len());
        out.push_str(&self.0);
        out.push('/');
        out.push_str(digits);
        Self(out)
    }

    /// The entry `key` of the map here (a hex number, a counter side),
    /// escaped (`~` as `~0`, `/` as `~1`).
    pub fn key(&self, key: impl fmt::Display) -> Self {
        // One allocation: pass 2 builds a pointer for every reference it
        // checks, and `format!` plus `escape_segment` took 5% of the
        // validator's time on the benchmark pack.
        let mut out = String::with_capacity(self.0.len() + 16);
        out.push_str(&self.0);
        out.push('/');
        let start = out.len();
        // Writing to a String cannot fail.
        let _ = fmt::Write::write_fmt(&mut out, format_args!("{key}"));
        if out[start..].contains(['~', '/']) {
            let escaped = escape_segment(&out[start..]);
            out.truncate(start);
            out.push_str(&escaped);
        }
        Self(out)
    }

    /// The pointer as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Starts a pointer at the field `name` of the document: `at("sides")` is
/// `/sides`.
pub fn at(name: &str) -> Pointer {
    Pointer::root().field(name)
}

impl std::ops::Deref for Pointer {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl From<Pointer> for String {
    fn from(pointer: Pointer) -> Self {
        pointer.0
    }
}

impl fmt::Display for Pointer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_join_and_keys_are_escaped() {
        assert_eq!(Pointer::root().as_str(), "");
        let p = at("sides").index(0).field("setup").index(3).field("hex");
        assert_eq!(p.as_str(), "/sides/0/setup/3/hex");
        assert_eq!(at("ratings").key("a/b~c").as_str(), "/ratings/a~1b~0c");
        assert_eq!(String::from(at("hexes").key("0202")), "/hexes/0202");
        assert_eq!(at("a").key("/").key("~").index(12).as_str(), "/a/~1/~0/12");
        assert_eq!(at("a~b/c").as_str(), "/a~0b~1c");
    }

    proptest::proptest! {
        /// The one-allocation builder writes what `format!` and
        /// `escape_segment` wrote.
        #[test]
        fn a_key_is_written_as_format_and_escape_wrote_it(
            base in "(/[a-z~/0-9]{0,4}){0,3}",
            key in "[a-z~/0-9]{0,8}",
            i in 0usize..100_000,
        ) {
            let here = Pointer(base.clone());
            let escaped = escape_segment(&key);
            proptest::prop_assert_eq!(
                here.key(&key).0, format!("{base}/{escaped}"));
            proptest::prop_assert_eq!(here.index(i).0, format!("{base}/{i}"));
        }
    }
}
