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

/// A zip holding `entries` (name, bytes), deflated.
pub fn zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    use std::io::Write;
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default();
    for (name, bytes) in entries {
        w.start_file(*name, opts).expect("start");
        w.write_all(bytes).expect("write");
    }
    w.finish().expect("finish").into_inner()
}

/// A `w` x `h` PNG filled with one colour (so copies can be told apart).
pub fn png_filled(w: u32, h: u32, rgb: [u8; 3]) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image::RgbImage::from_pixel(w, h, image::Rgb(rgb))
        .write_to(&mut out, image::ImageFormat::Png)
        .expect("png");
    out.into_inner()
}

/// The piece palette and prototypes of the test modules, written by hand
/// from VASSAL's reference manual and its trait type strings: a 39e
/// demi-brigade using prototype `French` (a Marker with Side and
/// Formation, which itself uses prototype `Infantry`: a Marker with Class
/// and Strength), with a one-level layer `Flip` showing its reduced face;
/// and a piece `Mystery` with no properties at all, in a list named for
/// no side (a list named for a side would place it on that side).
pub fn palette() -> String {
    // Tabs separate traits (outermost first); a trait nested one level
    // deeper has its tab escaped by one backslash (SequenceEncoder).
    let layer =
        "emb2;Flip;2;F;;0;;;0;;;;1;false;0;0;fr-39-back.png;Reduced;true;Flip";
    let piece = format!(
        "+/null/prototype;French\t{layer}\\\tpiece;;;fr-39.png;39e/\t1\\\tnull;0;0"
    );
    let french = "+/null/mark;Side,Formation\tprototype;Infantry\\\tpiece;;;;/French,Joubert\t\\\t";
    let infantry = "+/null/mark;Class,Strength\tpiece;;;;/Infantry,4\t";
    let mystery = "+/null/piece;;;marker.png;Mystery/null;0;0";
    format!(
        r#"<VASSAL.build.module.PrototypesContainer>
  <VASSAL.build.module.PrototypeDefinition name="French">{french}</VASSAL.build.module.PrototypeDefinition>
  <VASSAL.build.module.PrototypeDefinition name="Infantry">{infantry}</VASSAL.build.module.PrototypeDefinition>
</VASSAL.build.module.PrototypesContainer>
<VASSAL.build.module.PieceWindow name="Pieces">
  <VASSAL.build.widget.TabWidget entryName="Armies">
    <VASSAL.build.widget.ListWidget entryName="French">
      <VASSAL.build.widget.PieceSlot entryName="39e" gpid="1" height="60" width="60">{piece}</VASSAL.build.widget.PieceSlot>
    </VASSAL.build.widget.ListWidget>
    <VASSAL.build.widget.ListWidget entryName="Others">
      <VASSAL.build.widget.PieceSlot entryName="Mystery" gpid="2" height="60" width="60">{mystery}</VASSAL.build.widget.PieceSlot>
    </VASSAL.build.widget.ListWidget>
  </VASSAL.build.widget.TabWidget>
</VASSAL.build.module.PieceWindow>"#
    )
}

/// The definition of the 39e, for at-start stacks.
pub fn piece_39e() -> String {
    let layer =
        "emb2;Flip;2;F;;0;;;0;;;;1;false;0;0;fr-39-back.png;Reduced;true;Flip";
    format!(
        "+/null/prototype;French\t{layer}\\\tpiece;;;fr-39.png;39e/\t1\\\tnull;0;0"
    )
}
