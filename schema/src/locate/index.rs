//! What [`super::locate_indexed`] remembers between lookups in one text:
//! where each child of a list or struct starts, read once per container.
//!
//! Without it, locating element `k` of a list reads the `k` elements
//! before it, so one finding per entry of a list of N entries costs N²/2
//! element reads (10,000 duplicated setup entries took 6.8 s). With it,
//! each container on a pointer's path is read once, whatever the number of
//! pointers through it.

use std::collections::HashMap;

use super::token::{Scanner, Token};

/// The children found so far in one text, by the offset just after each
/// container's opening bracket.
#[derive(Debug, Default)]
pub struct LocateIndex {
    elements: HashMap<usize, Vec<usize>>,
    members: HashMap<usize, HashMap<Vec<u8>, (usize, usize)>>,
    /// Children read so far: the work done, for tests of its growth.
    reads: usize,
}

impl LocateIndex {
    /// An empty index.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many children (list elements and struct members) were read
    /// to build the index so far.
    pub fn reads(&self) -> usize {
        self.reads
    }

    /// Where element `wanted` of the list or tuple whose opening bracket
    /// `scanner` has just read starts.
    pub(super) fn element(
        &mut self,
        scanner: &mut Scanner<'_>,
        wanted: usize,
    ) -> Option<usize> {
        let open = scanner.pos;
        let reads = &mut self.reads;
        let starts = self.elements.entry(open).or_insert_with(|| {
            let starts = element_starts(scanner);
            *reads += starts.len();
            starts
        });
        starts.get(wanted).copied()
    }

    /// The key's and the value's offsets of member `segment` of the
    /// struct, object or map whose opening bracket `scanner` has just read.
    pub(super) fn member(
        &mut self,
        scanner: &mut Scanner<'_>,
        segment: &str,
    ) -> Option<(Option<usize>, usize)> {
        let open = scanner.pos;
        let reads = &mut self.reads;
        let members = self.members.entry(open).or_insert_with(|| {
            let members = member_offsets(scanner);
            *reads += members.len();
            members
        });
        let (key, value) = members.get(segment.as_bytes())?;
        Some((Some(*key), *value))
    }
}

/// Every element start up to the closing bracket, or up to the first
/// thing that is not `value,` (what `element_scan` would stop at).
fn element_starts(scanner: &mut Scanner<'_>) -> Vec<usize> {
    let mut starts = Vec::new();
    while let Some(start) = scanner.element_start() {
        starts.push(start);
        if !scanner.past_element() {
            break;
        }
    }
    starts
}

/// Every member's key as `key_matches` compares it, with the key's and
/// the value's offsets; the first of two equal keys wins, as in
/// `member_scan`.
fn member_offsets(
    scanner: &mut Scanner<'_>,
) -> HashMap<Vec<u8>, (usize, usize)> {
    let mut members = HashMap::new();
    while let Some((key, key_start, value)) = scanner.next_member() {
        if let Some(name) = key_bytes(scanner, key) {
            members.entry(name).or_insert((key_start, value));
        }
        scanner.skip_value();
    }
    members
}

/// The bytes a key token is compared by (see `Scanner::key_matches`).
fn key_bytes(scanner: &Scanner<'_>, key: Token) -> Option<Vec<u8>> {
    match key {
        Token::Str {
            start,
            end,
            escaped,
        } => Some(scanner.string_bytes(start, end, escaped)),
        Token::Ident { start, end } | Token::Scalar { start, end } => {
            Some(scanner.ident_bytes(start, end).to_vec())
        }
        _ => None,
    }
}
