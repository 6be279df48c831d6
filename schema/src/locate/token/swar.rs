//! Eight bytes at a time: the tokenizer's runs of spaces (every line's
//! indentation), a large share of a pack's bytes. Plain `u64` arithmetic
//! on the text's bytes; the caller reads the last few bytes of a text,
//! and the byte found, one at a time. (The contents of strings, the other
//! large share, are searched by `memchr::memchr2`: a byte search is what
//! memchr does, where "not a space" is not.)

/// One in each byte.
const ONES: u64 = 0x0101_0101_0101_0101;

/// The eight bytes at `pos` as a little-endian word (the first byte
/// lowest), when there are eight.
fn word(bytes: &[u8], pos: usize) -> Option<u64> {
    let end = pos.checked_add(8)?;
    let chunk: [u8; 8] = bytes.get(pos..end)?.try_into().ok()?;
    Some(u64::from_le_bytes(chunk))
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::past_spaces;

    proptest! {
        // The search stops at the first byte the plain byte loop stops
        // at, or earlier only where fewer than eight bytes are left.
        #[test]
        fn the_word_search_stops_where_a_byte_loop_does(
            bytes in proptest::collection::vec(
                prop_oneof![Just(b' '), Just(b'a'),
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
        }
    }
}
