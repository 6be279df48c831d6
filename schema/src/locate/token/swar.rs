//! Eight bytes at a time: the tokenizer's runs of spaces (every line's
//! indentation) and the contents of strings, which are most of a pack's
//! bytes (issue 16). Plain `u64` arithmetic on the text's bytes; the
//! caller reads the last few bytes of a text, and the byte found, one at
//! a time.

/// One in each byte.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each byte.
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The eight bytes at `pos` as a little-endian word (the first byte
/// lowest), when there are eight.
fn word(bytes: &[u8], pos: usize) -> Option<u64> {
    let end = pos.checked_add(8)?;
    let chunk: [u8; 8] = bytes.get(pos..end)?.try_into().ok()?;
    Some(u64::from_le_bytes(chunk))
}

/// The high bit of the bytes of `v` that are zero. Exact up to and
/// including the first zero byte (a borrow may mark bytes above it), so
/// the lowest bit set is the first zero byte.
fn zero_bytes(v: u64) -> u64 {
    v.wrapping_sub(ONES) & !v & HIGHS
}

/// The index in a word of the byte whose high bit is the lowest set in
/// `mask`.
fn first(mask: u64) -> usize {
    (mask.trailing_zeros() / 8) as usize
}

/// The first position from `pos` that is not a space (`b' '`), searched a
/// word at a time; the search stops early, at most seven bytes before the
/// end of `bytes`, where fewer than eight bytes are left.
pub(super) fn past_spaces(bytes: &[u8], mut pos: usize) -> usize {
    while let Some(w) = word(bytes, pos) {
        let other = w ^ (u64::from(b' ') * ONES);
        if other != 0 {
            return pos + first(other);
        }
        pos += 8;
    }
    pos
}

/// The first position from `pos` holding `"` or `\`, searched a word at a
/// time; as [`past_spaces`], the search may stop early near the end.
pub(super) fn to_quote_or_escape(bytes: &[u8], mut pos: usize) -> usize {
    while let Some(w) = word(bytes, pos) {
        let found = zero_bytes(w ^ (u64::from(b'"') * ONES))
            | zero_bytes(w ^ (u64::from(b'\\') * ONES));
        if found != 0 {
            return pos + first(found);
        }
        pos += 8;
    }
    pos
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{past_spaces, to_quote_or_escape};

    proptest! {
        // Each search stops at the first byte the plain byte loop stops
        // at, or earlier only where fewer than eight bytes are left.
        #[test]
        fn the_word_searches_stop_where_a_byte_loop_does(
            bytes in proptest::collection::vec(
                prop_oneof![Just(b' '), Just(b'"'), Just(b'\\'), Just(b'a'),
                    Just(0xC3u8), Just(0x80u8), any::<u8>()],
                0..40,
            ),
            pos in 0usize..40,
        ) {
            let pos = pos.min(bytes.len());
            let byte_loop = |stop: &dyn Fn(u8) -> bool| {
                (pos..bytes.len())
                    .find(|i| bytes.get(*i).is_some_and(|b| stop(*b)))
                    .unwrap_or(bytes.len())
            };
            let spaces = byte_loop(&|b| b != b' ');
            let found = past_spaces(&bytes, pos);
            prop_assert!(found == spaces
                || (found < spaces && found + 8 > bytes.len()));
            let quote = byte_loop(&|b| b == b'"' || b == b'\\');
            let found = to_quote_or_escape(&bytes, pos);
            prop_assert!(found == quote
                || (found < quote && found + 8 > bytes.len()));
        }
    }
}
