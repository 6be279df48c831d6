//! The size of a board image, read from its header (PNG, JPEG, TIFF
//! through the image crate; GIF and SVG by hand, as Berthier cannot show
//! them as scans).

/// Why a board image's size cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum SizeError {
    /// The bytes could not be read.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// Not an image the image crate reads.
    #[error(transparent)]
    Image(#[from] image::ImageError),
    /// An SVG that is not XML (or nested too deep to read).
    #[error(transparent)]
    Svg(#[from] super::super::xml::XmlError),
    /// An SVG with no size.
    #[error("the SVG gives no width and height in pixels nor a viewBox")]
    SvgWithoutSize,
}

/// Width and height of a board image, and the name of its format when
/// Berthier cannot show it as a scan (GIF, SVG).
pub(super) fn image_size(
    bytes: &[u8],
) -> Result<([u32; 2], Option<&'static str>), SizeError> {
    if bytes.starts_with(b"GIF8") && bytes.len() >= 10 {
        let w = u16::from_le_bytes([bytes[6], bytes[7]]);
        let h = u16::from_le_bytes([bytes[8], bytes[9]]);
        return Ok(([u32::from(w), u32::from(h)], Some("GIF")));
    }
    let head = &bytes[..bytes.len().min(4096)];
    if String::from_utf8_lossy(head).contains("<svg") {
        return svg_size(bytes).map(|size| (size, Some("SVG")));
    }
    let (w, h) = image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()?
        .into_dimensions()?;
    Ok(([w, h], None))
}

/// An SVG's size in pixels: its `width` and `height` (plain or `px`
/// numbers), else its `viewBox`.
fn svg_size(bytes: &[u8]) -> Result<[u32; 2], SizeError> {
    let text = String::from_utf8_lossy(bytes);
    let doc = super::super::xml::parse_bounded(
        &text,
        roxmltree::ParsingOptions::default(),
    )?;
    let root = doc.root_element();
    let px = |key: &str| {
        let v = root.attribute(key)?.trim();
        let v = v.strip_suffix("px").unwrap_or(v);
        v.parse::<f64>().ok().filter(|v| *v > 0.0)
    };
    let view_box = || {
        let parts: Vec<f64> = root
            .attribute("viewBox")?
            .split([' ', ','])
            .filter(|p| !p.is_empty())
            .map(str::parse)
            .collect::<Result<_, _>>()
            .ok()?;
        (parts.len() == 4).then(|| (parts[2], parts[3]))
    };
    let (w, h) = match (px("width"), px("height")) {
        (Some(w), Some(h)) => (w, h),
        _ => view_box().ok_or(SizeError::SvgWithoutSize)?,
    };
    Ok([w.round() as u32, h.round() as u32])
}
