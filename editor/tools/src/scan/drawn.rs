//! Decoded pixels and tile pyramids as the model holds them, each with a
//! slot for what a window makes of them to draw (a texture handle, a cache
//! of tile handles). The window fills the slot on first draw and finds it
//! there on every later frame, so a scan is uploaded once; the library never
//! looks inside it and so never depends on a GUI toolkit.

use std::any::Any;
use std::fmt;
use std::sync::{Arc, OnceLock};

use bytes::Bytes;

use super::TileSet;

/// What a window made of some pixels to draw them, made once and shared by
/// every clone of the pixels.
#[derive(Clone, Default)]
pub struct DrawCache(Arc<OnceLock<Box<dyn Any + Send + Sync>>>);

impl DrawCache {
    /// The value kept here, made by `make` on first use. `None` when an
    /// earlier caller kept a value of another type (one window kind per
    /// process, so this does not happen in the editor).
    pub fn get_or_make<T: Any + Send + Sync>(
        &self,
        make: impl FnOnce() -> T,
    ) -> Option<&T> {
        self.0.get_or_init(|| Box::new(make())).downcast_ref()
    }

    /// Whether a window has made its value yet.
    pub fn is_made(&self) -> bool {
        self.0.get().is_some()
    }
}

impl fmt::Debug for DrawCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_made() {
            "DrawCache(made)"
        } else {
            "DrawCache"
        })
    }
}

/// Decoded RGBA pixels, shared without copying (a window's texture upload
/// takes the same bytes).
#[derive(Debug, Clone)]
pub struct Pixels {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Row-major RGBA, four bytes a pixel.
    pub rgba: Bytes,
    /// The window's texture for them.
    pub drawn: DrawCache,
}

impl Pixels {
    /// Takes a decoded image's pixels.
    pub fn new(image: image::RgbaImage) -> Self {
        let (width, height) = image.dimensions();
        Self {
            width,
            height,
            rgba: Bytes::from(image.into_raw()),
            drawn: DrawCache::default(),
        }
    }
}

/// A scan's tile pyramid on disk, with the window's cache of tiles read.
#[derive(Debug, Clone)]
pub struct Tiles {
    /// The pyramid.
    pub set: TileSet,
    /// The window's tile handles.
    pub drawn: DrawCache,
}

impl Tiles {
    /// A pyramid not drawn yet.
    pub fn new(set: TileSet) -> Self {
        Self {
            set,
            drawn: DrawCache::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cache_is_made_once_and_shared_by_clones() {
        let pixels = Pixels::new(image::RgbaImage::new(2, 1));
        let copy = pixels.clone();
        let mut made = 0;
        assert_eq!(
            pixels.drawn.get_or_make(|| {
                made += 1;
                7u32
            }),
            Some(&7)
        );
        assert_eq!(copy.drawn.get_or_make(|| 8u32), Some(&7));
        assert_eq!(made, 1);
        assert_eq!(copy.rgba.len(), 8);
    }

    #[test]
    fn a_cache_of_another_type_is_none() {
        let cache = DrawCache::default();
        assert!(!cache.is_made());
        assert_eq!(cache.get_or_make(|| 1u8), Some(&1));
        assert_eq!(cache.get_or_make(|| 1u16), None);
    }
}
