//! Byte offsets in a document's text to the protocol's positions and
//! back. Positions count UTF-16 code units in a line (the encoding every
//! client supports); the validator's columns count characters.

use lsp_types::Position;

/// Where each line of one text starts.
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// The index of `text`.
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(newlines(text).map(|i| i + 1));
        Self { starts }
    }

    /// The protocol position of the byte `offset` (clamped to the text
    /// and moved back to a character boundary).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = floor_boundary(text, offset.min(text.len()));
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character = utf16_len(&text[start..offset]);
        Position::new(to_u32(line), to_u32(character))
    }

    /// The byte offset of a protocol position; a position past the end of
    /// its line is the line's end, past the last line the text's end.
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return text.len();
        };
        let line = line_text(text, start);
        let mut units = 0usize;
        for (i, c) in line.char_indices() {
            if units >= position.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        start + line.len()
    }

    /// The byte offset of the validator's 1-based line and character
    /// column (0 for the whole file or an unknown column).
    pub fn offset_of_line_column(
        &self,
        text: &str,
        line: usize,
        column: usize,
    ) -> usize {
        let Some(&start) = line.checked_sub(1).and_then(|l| self.starts.get(l))
        else {
            return 0;
        };
        let line = line_text(text, start);
        let skip = column.saturating_sub(1);
        line.char_indices()
            .nth(skip)
            .map_or(start + line.len(), |(i, _)| start + i)
    }
}

/// The text of the line starting at `start`, without its line break.
fn line_text(text: &str, start: usize) -> &str {
    let rest = &text[start..];
    let end = rest.find('\n').unwrap_or(rest.len());
    rest[..end].strip_suffix('\r').unwrap_or(&rest[..end])
}

fn newlines(text: &str) -> impl Iterator<Item = usize> + '_ {
    text.bytes()
        .enumerate()
        .filter_map(|(i, b)| (b == b'\n').then_some(i))
}

fn floor_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

fn utf16_len(text: &str) -> usize {
    text.chars().map(char::len_utf16).sum()
}

/// The protocol's numbers are `u32`; a larger one cannot be addressed.
fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_columns_count_an_astral_character_twice() {
        let text = "a: \"é𝄞x\",\nb: 1\n";
        let index = LineIndex::new(text);
        let x = text.find('x').unwrap();
        assert_eq!(index.position(text, x), Position::new(0, 7));
        assert_eq!(index.offset(text, Position::new(0, 7)), x);
        assert_eq!(index.offset(text, Position::new(1, 99)), text.len() - 1);
        assert_eq!(index.offset(text, Position::new(7, 0)), text.len());
    }

    #[test]
    fn the_validators_columns_count_characters() {
        let text = "x\n  é: 2\n";
        let index = LineIndex::new(text);
        let two = text.find('2').unwrap();
        assert_eq!(index.offset_of_line_column(text, 2, 6), two);
        assert_eq!(index.offset_of_line_column(text, 0, 0), 0);
        assert_eq!(index.offset_of_line_column(text, 9, 1), 0);
    }
}
