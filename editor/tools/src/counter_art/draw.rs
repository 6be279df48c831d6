//! One counter face as shapes (the map canvas and the tree draw these
//! lists) or as a small picture (through the headless renderer).
//!
//! The face is a square: a dark edge, the nationality colour, the
//! formation band across the top with the unit's printed number at its
//! left and its name, the arm's symbol in the middle and the ratings in a
//! three by three grid of places.

use ab_glyph::FontRef;
use berthier_schema::series::CounterSlot;
use image::RgbaImage;

use super::{Face, Symbol, ink_on};
use crate::render::raster;
use crate::scene::{Px, Shape};

/// Share of the side the band takes, from the top.
pub const BAND: f64 = 0.2;
/// Share of the side the dark edge takes.
const EDGE: f64 = 0.025;
/// Centres of the three columns and rows of places, as shares of the side.
const COLUMNS: [f64; 3] = [0.2, 0.5, 0.8];
const ROWS: [f64; 3] = [0.33, 0.56, 0.83];
/// Rating text size as a share of the side.
const RATING_SIZE: f64 = 0.21;
/// Share of the side the printed number takes at the band's left.
const NUMBER: f64 = 0.2;
/// Edge colour.
const EDGE_COLOUR: [u8; 3] = [0x30, 0x30, 0x30];

/// Where the centre of a place is, as shares of the side.
pub fn slot_centre(slot: CounterSlot) -> [f64; 2] {
    let (c, r) = slot.cell();
    [COLUMNS[usize::from(c)], ROWS[usize::from(r)]]
}

/// The shapes of `face` drawn in the square of side `size` pixels whose
/// top-left corner is `origin`.
pub fn shapes(
    face: &Face,
    font: &FontRef<'_>,
    origin: Px,
    size: f64,
) -> Vec<Shape> {
    let at = |x: f64, y: f64| [origin[0] + x * size, origin[1] + y * size];
    let rect = |x0: f64, y0: f64, x1: f64, y1: f64| {
        vec![at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1)]
    };
    let fill = |points, colour| Shape::Fill {
        points,
        colour,
        alpha: 1.0,
    };
    let (lo, hi) = (EDGE, 1.0 - EDGE);
    let ink = ink_on(face.background);
    let mut out = vec![
        fill(rect(0.0, 0.0, 1.0, 1.0), EDGE_COLOUR),
        fill(rect(lo, lo, hi, hi), face.background),
        fill(rect(lo, lo, hi, BAND), face.band),
        // A rule under the band: a band close to the nationality colour
        // still reads as a band.
        fill(rect(lo, BAND, hi, BAND + EDGE / 2.0), EDGE_COLOUR),
    ];
    let band_text = (BAND - lo) * 0.75 * size;
    let middle = (lo + BAND) / 2.0;
    // The number takes the band's left fifth; the name the rest.
    let (name_from, name_to) = match &face.number {
        Some(number) => {
            out.push(fitted_text(
                font,
                at(lo + NUMBER / 2.0, middle),
                band_text,
                (NUMBER - 0.02) * size,
                number,
                ink_on(face.band),
            ));
            (lo + NUMBER, hi)
        }
        None => (lo, hi),
    };
    out.push(fitted_text(
        font,
        at((name_from + name_to) / 2.0, middle),
        band_text,
        (name_to - name_from - 0.06) * size,
        &face.name,
        ink_on(face.band),
    ));
    let centre_taken =
        face.ratings.iter().any(|p| p.slot == CounterSlot::Centre);
    if !centre_taken {
        out.extend(symbol(face, &at, size, ink));
    }
    for printed in &face.ratings {
        let [x, y] = slot_centre(printed.slot);
        out.push(fitted_text(
            font,
            at(x, y),
            RATING_SIZE * size,
            0.3 * size,
            &printed.text,
            ink,
        ));
    }
    out
}

/// Text centred on `at`, made smaller until it is at most `width` wide
/// (a long name in a narrow band), down to a third of `size`; past that
/// it is cut and ends in "…".
fn fitted_text(
    font: &FontRef<'_>,
    at: Px,
    size: f64,
    width: f64,
    text: &str,
    colour: [u8; 3],
) -> Shape {
    let wide = |size: f64, text: &str| {
        let [a, b] = raster::text_box(font, at, size, text);
        b[0] - a[0]
    };
    let (mut size, smallest) = (size, size / 3.0);
    while wide(size, text) > width && size * 0.9 >= smallest {
        size *= 0.9;
    }
    let chars: Vec<char> = text.chars().collect();
    let (mut keep, mut text) = (chars.len(), text.to_owned());
    while wide(size, &text) > width && keep > 1 {
        keep -= 1;
        text = chars[..keep].iter().collect::<String>() + "…";
    }
    Shape::Text {
        at,
        size,
        text,
        colour,
    }
}

/// The arm's symbol around the middle place: a box (across, or upright
/// on a side read vertically) with the arm's mark in it.
fn symbol(
    face: &Face,
    at: &impl Fn(f64, f64) -> Px,
    size: f64,
    ink: [u8; 3],
) -> Vec<Shape> {
    let [cx, cy] = slot_centre(CounterSlot::Centre);
    let (w, h) = if face.vertical {
        (0.1, 0.13)
    } else {
        (0.17, 0.1)
    };
    let (x0, x1, y0, y1) = (cx - w, cx + w, cy - h, cy + h);
    let line = |points: Vec<Px>| Shape::Line {
        points,
        width: (0.025 * size).max(1.0),
        colour: ink,
    };
    if face.symbol == Symbol::Blank {
        return Vec::new();
    }
    if face.symbol == Symbol::Leader {
        return vec![Shape::Fill {
            points: star(at, [cx, cy], 0.14),
            colour: ink,
            alpha: 1.0,
        }];
    }
    let mut out = vec![line(vec![
        at(x0, y0),
        at(x1, y0),
        at(x1, y1),
        at(x0, y1),
        at(x0, y0),
    ])];
    match face.symbol {
        Symbol::Infantry => {
            out.push(line(vec![at(x0, y0), at(x1, y1)]));
            out.push(line(vec![at(x0, y1), at(x1, y0)]));
        }
        Symbol::Cavalry => out.push(line(vec![at(x0, y1), at(x1, y0)])),
        Symbol::Artillery => out.push(Shape::Fill {
            points: (0..12)
                .map(|i| {
                    let a = f64::from(i) * std::f64::consts::TAU / 12.0;
                    at(cx + 0.035 * a.cos(), cy + 0.035 * a.sin())
                })
                .collect(),
            colour: ink,
            alpha: 1.0,
        }),
        Symbol::Leader | Symbol::Other | Symbol::Blank => {}
    }
    out
}

/// A five-pointed star of outer radius `r` around `centre` (shares).
fn star(at: &impl Fn(f64, f64) -> Px, centre: [f64; 2], r: f64) -> Vec<Px> {
    (0..10)
        .map(|i| {
            let a = f64::from(i) * std::f64::consts::PI / 5.0
                - std::f64::consts::FRAC_PI_2;
            let k = if i % 2 == 0 { r } else { r * 0.42 };
            at(centre[0] + k * a.cos(), centre[1] + k * a.sin())
        })
        .collect()
}

/// `face` as an opaque picture `px` pixels square (for a tree row or a
/// map marker).
pub fn image(face: &Face, font: &FontRef<'_>, px: u32) -> RgbaImage {
    let mut img = RgbaImage::from_pixel(px, px, image::Rgba([255; 4]));
    paint(&mut img, face, font, [0.0, 0.0], f64::from(px));
    img
}

/// Draws `face` onto an opaque `img`, its top-left corner at `origin`.
pub fn paint(
    img: &mut RgbaImage,
    face: &Face,
    font: &FontRef<'_>,
    origin: Px,
    size: f64,
) {
    for shape in shapes(face, font, origin, size) {
        raster::draw(img, font, &shape);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_too_long_for_the_band_is_shrunk_then_cut() {
        let font = raster::font();
        let long = "Grenadiers à cheval de la Garde impériale, 1er escadron";
        let Shape::Text { size, text, .. } =
            fitted_text(&font, [50.0, 10.0], 12.0, 40.0, long, [0; 3])
        else {
            panic!("not text");
        };
        assert!((4.0..12.0).contains(&size), "size {size}");
        assert!(text.ends_with('…') && text.len() < long.len(), "{text}");
        let [a, b] = raster::text_box(&font, [50.0, 10.0], size, &text);
        assert!(b[0] - a[0] <= 40.0);
        // A name that fits is left alone.
        let Shape::Text { size, text, .. } =
            fitted_text(&font, [50.0, 10.0], 12.0, 200.0, "Lebley", [0; 3])
        else {
            panic!("not text");
        };
        assert_eq!((size, text.as_str()), (12.0, "Lebley"));
    }

    #[test]
    fn the_printed_number_is_at_the_bands_left_and_the_name_beside_it() {
        let font = raster::font();
        let face = Face {
            side: String::new(),
            background: [200; 3],
            band: [40; 3],
            name: "18e Ligne".into(),
            number: Some("18".into()),
            symbol: Symbol::Blank,
            vertical: false,
            ratings: Vec::new(),
        };
        let texts: Vec<(String, f64)> = shapes(&face, &font, [0.0, 0.0], 100.0)
            .into_iter()
            .filter_map(|s| match s {
                Shape::Text { text, at, .. } => Some((text, at[0])),
                _ => None,
            })
            .collect();
        let x_of =
            |t: &str| texts.iter().find(|(s, _)| s == t).map(|(_, x)| *x);
        let (number, name) = (
            x_of("18").expect("number"),
            x_of("18e Ligne").expect("name"),
        );
        assert!(number < 15.0, "{number}");
        assert!(name > number + 20.0, "{name}");
        // Without a number the name is centred again.
        let plain = Face {
            number: None,
            ..face
        };
        let centred = shapes(&plain, &font, [0.0, 0.0], 100.0).into_iter().any(
            |s| matches!(s, Shape::Text { ref text, at, .. } if text == "18e Ligne" && (at[0] - 50.0).abs() < 0.01),
        );
        assert!(centred);
    }

    #[test]
    fn places_are_a_three_by_three_grid_under_the_band() {
        let centres: Vec<[f64; 2]> = CounterSlot::FILL_ORDER
            .into_iter()
            .map(slot_centre)
            .collect();
        for (i, a) in centres.iter().enumerate() {
            assert!(a[1] > BAND, "{a:?} in the band");
            for b in &centres[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }
}
