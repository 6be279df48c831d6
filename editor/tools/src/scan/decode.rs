//! Bounded decoding: the header is read first and a scan larger than the
//! budget is refused before anything is allocated for its pixels; the real
//! decode then runs under `image::Limits` so a header that lies is caught by
//! the decoder too.

use std::path::Path;

use image::{DynamicImage, ImageReader, Limits};

use super::ScanError;

/// The largest scan the editor will decode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Largest width or height in pixels.
    pub max_side: u32,
    /// Largest width × height.
    pub max_pixels: u64,
}

impl Default for Budget {
    /// 32768 px a side and 400 Mpx: a 20000×14000 scan (280 Mpx) fits with
    /// room to spare; 400 Mpx of 16-bit RGBA is at most 3.2 GB.
    fn default() -> Self {
        Self {
            max_side: 32_768,
            max_pixels: 400_000_000,
        }
    }
}

impl Budget {
    /// Whether a `width`×`height` image fits.
    pub fn allows(&self, width: u32, height: u32) -> bool {
        width <= self.max_side
            && height <= self.max_side
            && u64::from(width) * u64::from(height) <= self.max_pixels
    }

    /// Decoder limits matching the budget: the sides, and at most 8 bytes a
    /// pixel (16-bit RGBA) for the decoder's buffers.
    pub fn limits(&self) -> Limits {
        let mut limits = Limits::default();
        limits.max_image_width = Some(self.max_side);
        limits.max_image_height = Some(self.max_side);
        limits.max_alloc = Some(self.max_pixels.saturating_mul(8));
        limits
    }
}

fn reader(
    path: &Path,
    budget: &Budget,
) -> Result<ImageReader<std::io::BufReader<std::fs::File>>, ScanError> {
    let mut reader = ImageReader::open(path)
        .map_err(|e| ScanError::io(path, e))?
        .with_guessed_format()
        .map_err(|e| ScanError::io(path, e))?;
    if reader.format().is_none() {
        return Err(ScanError::Decode {
            path: path.to_owned(),
            message: "not a PNG, JPEG or TIFF image".to_owned(),
        });
    }
    reader.limits(budget.limits());
    Ok(reader)
}

fn decode_error(path: &Path, e: image::ImageError) -> ScanError {
    ScanError::Decode {
        path: path.to_owned(),
        message: e.to_string(),
    }
}

/// Reads only the header: the scan's size, or why it will not be decoded.
pub fn probe(path: &Path, budget: &Budget) -> Result<(u32, u32), ScanError> {
    // Sides are checked here rather than by the reader's limits, so the
    // message can name the claimed size; reading a header allocates little
    // (the default 512 MiB allocation cap still applies).
    let mut reader = reader(path, budget)?;
    reader.limits(Limits::default());
    let (width, height) = reader
        .into_dimensions()
        .map_err(|e| decode_error(path, e))?;
    if !budget.allows(width, height) {
        return Err(ScanError::TooLarge {
            path: path.to_owned(),
            width,
            height,
            budget: *budget,
        });
    }
    Ok((width, height))
}

/// Decodes the whole scan within the budget.
pub fn decode(path: &Path, budget: &Budget) -> Result<DynamicImage, ScanError> {
    probe(path, budget)?;
    reader(path, budget)?
        .decode()
        .map_err(|e| decode_error(path, e))
}
