//! The mutations: the damage hand edits, merges and broken tools do to a
//! text file, plus the pathological shapes (deep nesting, huge numbers,
//! long repetitions) a parser must refuse without crashing.

use fastrand::Rng;

/// The largest input a mutation may produce; past it, mutations that grow
/// the input are skipped (the validator's own size limits are tested by
/// the bad-input corpus, not here).
pub const MAX_INPUT: usize = 4 << 20;

/// Values that have broken number readers: overflow, infinities, signs,
/// exponents, a 400-digit integer.
const EXTREME_NUMBERS: &[&str] = &[
    "1e309",
    "-1e309",
    "-1",
    "0",
    "-0",
    "4294967296",
    "18446744073709551616",
    "-9223372036854775809",
    "NaN",
    "inf",
    "0x7f",
    "1_000",
    "1.",
    ".5",
    "1e-400",
];

/// Tokens of RON and JSON syntax, comment markers and awkward characters.
const TOKENS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "\"",
    "/*",
    "*/",
    "//",
    "Some(",
    "None",
    "#",
    "\\u{0}",
    "\\",
    "é",
    "\u{feff}",
    "r#\"",
    "'",
    "true",
    "null",
    "\n",
    "\t",
    "\u{0}",
    "🇫🇷",
    "b\"",
    "#![enable(implicit_some)]",
];

/// `input` damaged by one to four mutations; `donors` are other seeds to
/// splice from.
pub fn mutate(rng: &mut Rng, input: &[u8], donors: &[&[u8]]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..rng.usize(1..=4) {
        apply(rng, &mut out, donors);
    }
    out
}

fn apply(rng: &mut Rng, out: &mut Vec<u8>, donors: &[&[u8]]) {
    let grows = out.len() < MAX_INPUT;
    match rng.u8(0..20) {
        14 => large_number(rng, out),
        15 if grows => nest_balanced(rng, out),
        16 => huge_extent(rng, out),
        17 if grows => include_fan_out(out),
        18 | 19 if grows => insert_keyword(rng, out),
        0 => flip_byte(rng, out),
        1 => delete_range(rng, out),
        2 if grows => duplicate_lines(rng, out),
        3 => delete_line(rng, out),
        4 => swap_bracket(rng, out),
        5 => extreme_number(rng, out),
        6 if grows => insert_token(rng, out),
        7 if grows => splice(rng, out, donors),
        8 => truncate(rng, out),
        9 if grows => nest_deep(rng, out),
        10 if grows => repeat_chunk(rng, out),
        11 => swap_lines(rng, out),
        12 => change_string(rng, out),
        _ => insert_token(rng, out),
    }
}

fn at(rng: &mut Rng, out: &[u8]) -> usize {
    rng.usize(0..=out.len())
}

fn flip_byte(rng: &mut Rng, out: &mut [u8]) {
    if !out.is_empty() {
        let i = rng.usize(0..out.len());
        out[i] ^= 1 << rng.u8(0..8);
    }
}

fn delete_range(rng: &mut Rng, out: &mut Vec<u8>) {
    let start = at(rng, out);
    let end = (start + rng.usize(1..64)).min(out.len());
    out.drain(start..end);
}

/// The byte ranges of `out`'s lines, newline included.
fn lines(out: &[u8]) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut start = 0;
    for (i, b) in out.iter().enumerate() {
        if *b == b'\n' {
            found.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < out.len() {
        found.push((start, out.len()));
    }
    found
}

/// A random block of up to 12 whole lines, as a byte range.
fn line_block(rng: &mut Rng, out: &[u8]) -> Option<(usize, usize)> {
    let all = lines(out);
    if all.is_empty() {
        return None;
    }
    let first = rng.usize(0..all.len());
    let last = (first + rng.usize(0..12)).min(all.len() - 1);
    Some((all[first].0, all[last].1))
}

fn duplicate_lines(rng: &mut Rng, out: &mut Vec<u8>) {
    if let Some((start, end)) = line_block(rng, out) {
        let block = out[start..end].to_vec();
        out.splice(end..end, block);
    }
}

fn delete_line(rng: &mut Rng, out: &mut Vec<u8>) {
    let all = lines(out);
    if !all.is_empty() {
        let (start, end) = all[rng.usize(0..all.len())];
        out.drain(start..end);
    }
}

fn swap_lines(rng: &mut Rng, out: &mut Vec<u8>) {
    let all = lines(out);
    if all.len() < 2 {
        return;
    }
    let a = rng.usize(0..all.len() - 1);
    let (first, second) = (all[a], all[a + 1]);
    let mut swapped = out[second.0..second.1].to_vec();
    swapped.extend_from_slice(&out[first.0..first.1]);
    out.splice(first.0..second.1, swapped);
}

fn swap_bracket(rng: &mut Rng, out: &mut [u8]) {
    const BRACKETS: &[u8] = b"()[]{}";
    let found: Vec<usize> = (0..out.len())
        .filter(|i| BRACKETS.contains(&out[*i]))
        .collect();
    if !found.is_empty() {
        let i = found[rng.usize(0..found.len())];
        out[i] = BRACKETS[rng.usize(0..BRACKETS.len())];
    }
}

fn extreme_number(rng: &mut Rng, out: &mut Vec<u8>) {
    let digits: Vec<usize> = (0..out.len())
        .filter(|i| out[*i].is_ascii_digit())
        .collect();
    if digits.is_empty() {
        return;
    }
    let start = digits[rng.usize(0..digits.len())];
    let end = (start..out.len())
        .find(|i| !matches!(out[*i], b'0'..=b'9' | b'.' | b'e' | b'-'))
        .unwrap_or(out.len());
    let value = match rng.usize(0..=EXTREME_NUMBERS.len()) {
        n if n < EXTREME_NUMBERS.len() => EXTREME_NUMBERS[n].to_string(),
        _ => "9".repeat(400),
    };
    out.splice(start..end, value.into_bytes());
}

fn insert_token(rng: &mut Rng, out: &mut Vec<u8>) {
    let token = TOKENS[rng.usize(0..TOKENS.len())].as_bytes().to_vec();
    let i = at(rng, out);
    out.splice(i..i, token);
}

fn splice(rng: &mut Rng, out: &mut Vec<u8>, donors: &[&[u8]]) {
    if donors.is_empty() {
        return;
    }
    let donor = donors[rng.usize(0..donors.len())];
    let (Some(from), Some(to)) = (line_block(rng, donor), line_block(rng, out))
    else {
        return;
    };
    out.splice(to.0..to.1, donor[from.0..from.1].to_vec());
}

fn truncate(rng: &mut Rng, out: &mut Vec<u8>) {
    let keep = at(rng, out);
    out.truncate(keep);
}

/// Thousands of unclosed brackets: a recursive reader without a depth
/// limit overflows its stack here.
fn nest_deep(rng: &mut Rng, out: &mut Vec<u8>) {
    let open = [b"[".as_slice(), b"(", b"{", b"Some(", b"{\"a\":"];
    let unit = open[rng.usize(0..open.len())];
    let count = [64, 1_000, 50_000][rng.usize(0..3)];
    let i = at(rng, out);
    out.splice(i..i, unit.repeat(count));
}

fn repeat_chunk(rng: &mut Rng, out: &mut Vec<u8>) {
    let start = at(rng, out);
    let end = (start + rng.usize(1..40)).min(out.len());
    let times = [2, 100, 10_000][rng.usize(0..3)];
    let chunk = out[start..end].repeat(times);
    if out.len() + chunk.len() <= MAX_INPUT {
        out.splice(end..end, chunk);
    }
}

/// Replaces the inside of a quoted string with another value a name or
/// reference might take: empty, a path that escapes, a long one.
fn change_string(rng: &mut Rng, out: &mut Vec<u8>) {
    let quotes: Vec<usize> =
        (0..out.len()).filter(|i| out[*i] == b'"').collect();
    if quotes.len() < 2 {
        return;
    }
    let q = rng.usize(0..quotes.len() - 1);
    let (start, end) = (quotes[q] + 1, quotes[q + 1]);
    let values: [&[u8]; 7] = [
        b"",
        b"../../../../etc/passwd",
        b"/dev/zero",
        b"0000",
        b"9999",
        b"a/b\\c",
        b"x.map.ron",
    ];
    let value = match rng.usize(0..=values.len()) {
        n if n < values.len() => values[n].to_vec(),
        _ => b"w".repeat(100_000),
    };
    out.splice(start..end, value);
}

/// Numbers a reader takes but that ask for huge work: the largest hex
/// column, `u16` and `i32` limits, a grid a hundredth of a pixel wide.
const LARGE_NUMBERS: &[&str] = &[
    "99",
    "9999",
    "65535",
    "65536",
    "2147483647",
    "-2147483648",
    "4294967295",
    "1000000",
    "0.01",
    "1e-9",
];

/// A number of the input replaced by one a reader accepts but that asks
/// for huge work (the probe's `extent` to 65535, `hOff="2147483647"`).
fn large_number(rng: &mut Rng, out: &mut Vec<u8>) {
    let digits: Vec<usize> = (0..out.len())
        .filter(|i| out[*i].is_ascii_digit())
        .filter(|i| *i == 0 || !out[*i - 1].is_ascii_digit())
        .collect();
    if digits.is_empty() {
        return;
    }
    let start = digits[rng.usize(0..digits.len())];
    let end = (start..out.len())
        .find(|i| !matches!(out[*i], b'0'..=b'9' | b'.'))
        .unwrap_or(out.len());
    let value = LARGE_NUMBERS[rng.usize(0..LARGE_NUMBERS.len())];
    out.splice(start..end, value.bytes());
}

/// A well-formed value nested around the readers' depth limits (128):
/// `Not(` 58 to 126 deep passed the validator and stopped the loader.
fn nest_balanced(rng: &mut Rng, out: &mut Vec<u8>) {
    const SHAPES: [(&str, &str, &str); 4] = [
        ("Not(", "At(Place(\"x\"))", ")"),
        ("All([", "At(Hex(\"0101\"))", "])"),
        ("[", "1", "]"),
        ("{\"a\": ", "1", "}"),
    ];
    let (open, inner, close) = SHAPES[rng.usize(0..SHAPES.len())];
    let depth = [58, 100, 126, 127, 128, 129, 300][rng.usize(0..7)];
    let value = format!("{}{inner}{}", open.repeat(depth), close.repeat(depth));
    let i = at(rng, out);
    out.splice(i..i, value.into_bytes());
}

/// The probe's 1 KB map of four billion hexes, and a VASSAL grid of a
/// hundredth of a pixel: `extent` (RON or JSON) or `dx` rewritten.
fn huge_extent(rng: &mut Rng, out: &mut Vec<u8>) {
    let text = String::from_utf8_lossy(out).into_owned();
    let rewritten = if let Some(i) = text.find("extent: [") {
        let end = text[i..].find("],").map_or(text.len(), |e| i + e + 1);
        format!(
            "{}extent: [(cols: (0, 65535), rows: (0, 65535))]{}",
            &text[..i],
            &text[end..]
        )
    } else if let Some(i) = text.find("\"extent\": [") {
        let end = text[i..].find(']').map_or(text.len(), |e| i + e);
        let wide = "\"extent\": [{\"cols\": [0, 65535], \"rows\": [0, 65535]}";
        format!("{}{wide}{}", &text[..i], &text[end..])
    } else {
        let attr = ["dx=\"", "dy=\"", "hOff=\"", "vOff=\"", "path=\""]
            [rng.usize(0..5)];
        let Some(i) = text.find(attr) else { return };
        let start = i + attr.len();
        let end = text[start..].find('"').map_or(text.len(), |e| start + e);
        let value = match attr {
            "dx=\"" | "dy=\"" => "0.01".to_owned(),
            "path=\"" => (0..200_000)
                .map(|k| format!("{},{};", k % 977, k % 613))
                .collect(),
            _ => "2147483647".to_owned(),
        };
        format!("{}{value}{}", &text[..start], &text[end..])
    };
    *out = rewritten.into_bytes();
}

/// A counters document made to include the fan-out chain every scratch
/// pack holds (`counters/fan-out/`, 16 files each including the next four
/// times): 4^16 paths if includes were followed per path.
fn include_fan_out(out: &mut Vec<u8>) {
    let text = String::from_utf8_lossy(out).into_owned();
    let path = crate::target::FAN_OUT_ENTRY;
    let rewritten = if let Some(i) = text.find("kind: counters,") {
        let at = i + "kind: counters,".len();
        format!(
            "{} include: [(path: \"{path}\")],{}",
            &text[..at],
            &text[at..]
        )
    } else if let Some(i) = text.find("\"kind\": \"counters\",") {
        let at = i + "\"kind\": \"counters\",".len();
        format!(
            "{} \"include\": [{{\"path\": \"{path}\"}}],{}",
            &text[..at],
            &text[at..]
        )
    } else {
        return;
    };
    *out = rewritten.into_bytes();
}

/// One of the format's words (every field and variant name of the JSON
/// Schemas, and VASSAL's grid attributes), inserted as a key, a variant
/// or a bare word: a mutation that reaches the checks behind the parser.
fn insert_keyword(rng: &mut Rng, out: &mut Vec<u8>) {
    let words = dictionary();
    if words.is_empty() {
        return;
    }
    let word = &words[rng.usize(0..words.len())];
    let piece = match rng.u8(0..3) {
        0 => format!("{word}: "),
        1 => format!("{word}("),
        _ => word.clone(),
    };
    let i = at(rng, out);
    out.splice(i..i, piece.into_bytes());
}

/// The keyword dictionary, read once from the embedded JSON Schemas.
pub fn dictionary() -> &'static [String] {
    static WORDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let mut words = std::collections::BTreeSet::new();
        for kind in berthier_schema::DocKind::ALL {
            let schema = berthier_schema::json_schema::published(kind);
            collect_words(&schema, &mut words);
        }
        for attr in [
            "dx", "dy", "x0", "y0", "hOff", "vOff", "hLeading", "sideways",
            "path", "image",
        ] {
            words.insert(attr.to_owned());
        }
        words.into_iter().collect()
    })
}

fn collect_words(
    value: &serde_json::Value,
    words: &mut std::collections::BTreeSet<String>,
) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, child) in map {
                if (key == "properties" || key == "patternProperties")
                    && let Some(props) = child.as_object()
                {
                    words.extend(
                        props.keys().filter(|k| !k.starts_with('^')).cloned(),
                    );
                }
                if key == "enum" || key == "const" {
                    let names = child
                        .as_array()
                        .cloned()
                        .unwrap_or_else(|| vec![child.clone()]);
                    words.extend(
                        names
                            .iter()
                            .filter_map(|v| v.as_str().map(str::to_owned)),
                    );
                }
                collect_words(child, words);
            }
        }
        serde_json::Value::Array(items) => {
            for item in items {
                collect_words(item, words);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_change_the_input_and_stay_bounded() {
        let seed = b"(\n  kind: \"map\",\n  cells: [1, 2, 3],\n)\n".as_slice();
        let mut rng = Rng::with_seed(7);
        let mut changed = 0;
        for _ in 0..500 {
            let out = mutate(&mut rng, seed, &[seed]);
            assert!(out.len() <= MAX_INPUT + 50_000 * 5 + 100_000);
            changed += usize::from(out != seed);
        }
        assert!(changed > 400, "only {changed} of 500 inputs changed");
    }

    #[test]
    fn the_dictionary_holds_the_formats_words() {
        let words = dictionary();
        for word in
            ["extent", "include", "DeploymentOf", "Not", "hexes", "hOff"]
        {
            assert!(words.iter().any(|w| w == word), "{word} missing");
        }
    }

    #[test]
    fn the_probes_shapes_are_produced() {
        let map =
            b"(\n  kind: map,\n  extent: [(cols: (1, 6), rows: (1, 5))],\n)\n";
        let mut out = map.to_vec();
        huge_extent(&mut Rng::with_seed(1), &mut out);
        assert!(String::from_utf8_lossy(&out).contains("(0, 65535)"));
        let mut counters = b"(kind: counters, id: \"x\")".to_vec();
        include_fan_out(&mut counters);
        assert!(String::from_utf8_lossy(&counters).contains("fan-out"));
        let mut rng = Rng::with_seed(3);
        let mut deep = Vec::new();
        nest_balanced(&mut rng, &mut deep);
        assert!(deep.len() > 58 * 2);
    }

    #[test]
    fn a_duplicated_block_is_whole_lines() {
        let mut out = b"a\nb\nc\n".to_vec();
        let mut rng = Rng::with_seed(1);
        duplicate_lines(&mut rng, &mut out);
        assert!(out.len() > 6 && out.ends_with(b"\n"));
        assert_eq!(out.iter().filter(|b| **b == b'\n').count() * 2, out.len());
    }
}
