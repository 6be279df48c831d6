//! Helpers shared by the VASSAL tests: board images and the class names
//! a module's buildFile uses.

#![allow(dead_code)]

use std::io::Cursor;

/// The package of VASSAL's board classes, as buildFile element names
/// spell them.
pub const PKG: &str = "VASSAL.build.module.map.boardPicker";

/// A blank `w` x `h` PNG board image.
pub fn png(w: u32, h: u32) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image::RgbImage::new(w, h)
        .write_to(&mut out, image::ImageFormat::Png)
        .expect("png");
    out.into_inner()
}
