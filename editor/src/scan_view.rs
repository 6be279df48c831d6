//! A scan as the window draws it: the iced image handles of its pixels
//! (made once, kept in the model's draw cache) and of recently drawn tiles
//! (kept in a bounded LRU so panning back does not re-read them and memory
//! stays bounded), and the background job that tiles a large scan.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use iced::futures::stream::{Stream, StreamExt};
use iced::widget::image::Handle;
use rayon::prelude::*;

use berthier_tools::scan::{
    Budget, Pixels, Preview, Progress, ScanError, TileKey, TileSet, Tiles,
};

use crate::job::Update;

/// The texture handle of `pixels`, made on first draw and kept with them.
pub fn handle(pixels: &Pixels) -> Option<&Handle> {
    pixels.drawn.get_or_make(|| {
        Handle::from_rgba(pixels.width, pixels.height, pixels.rgba.clone())
    })
}

/// The tile handles of a pyramid, made on first draw and kept with it.
pub fn tiled(tiles: &Tiles) -> Option<&TiledScan> {
    tiles
        .drawn
        .get_or_make(|| TiledScan::new(tiles.set.clone()))
}

/// Tile handles kept for redrawing: 256 tiles, 256 MiB of RGBA at most.
pub const KEEP_TILES: usize = 256;

#[derive(Debug, Default)]
struct Lru {
    tick: u64,
    entries: HashMap<TileKey, (Handle, u64)>,
}

/// A tiled scan ready to draw: its pyramid on disk plus an LRU of handles.
#[derive(Debug)]
pub struct TiledScan {
    tiles: TileSet,
    handles: Mutex<Lru>,
}

impl TiledScan {
    /// Wraps an opened pyramid.
    pub fn new(tiles: TileSet) -> Self {
        Self {
            tiles,
            handles: Mutex::new(Lru::default()),
        }
    }

    /// The pyramid.
    pub fn tiles(&self) -> &TileSet {
        &self.tiles
    }

    /// Handles for `keys`, reading the ones not kept (in parallel). Tiles
    /// that cannot be read are left out (and the pyramid is invalidated so
    /// the next open rebuilds it).
    pub fn handles(&self, keys: &[TileKey]) -> Vec<(TileKey, Handle)> {
        let mut lru =
            self.handles.lock().unwrap_or_else(PoisonError::into_inner);
        lru.tick += 1;
        let tick = lru.tick;
        let missing: Vec<TileKey> = keys
            .iter()
            .copied()
            .filter(|k| !lru.entries.contains_key(k))
            .collect();
        let loaded: Vec<(TileKey, Handle)> = missing
            .par_iter()
            .filter_map(|&k| {
                let img = self.tiles.load(k).ok()?;
                let (w, h) = img.dimensions();
                Some((k, Handle::from_rgba(w, h, img.into_raw())))
            })
            .collect();
        for (k, handle) in loaded {
            lru.entries.insert(k, (handle, tick));
        }
        let out = keys
            .iter()
            .filter_map(|k| {
                let entry = lru.entries.get_mut(k)?;
                entry.1 = tick;
                Some((*k, entry.0.clone()))
            })
            .collect();
        evict(&mut lru, KEEP_TILES.max(keys.len()));
        out
    }

    /// How many tile handles are kept now.
    pub fn kept(&self) -> usize {
        let lru = self.handles.lock().unwrap_or_else(PoisonError::into_inner);
        lru.entries.len()
    }
}

fn evict(lru: &mut Lru, keep: usize) {
    if lru.entries.len() <= keep {
        return;
    }
    let mut ticks: Vec<u64> = lru.entries.values().map(|e| e.1).collect();
    ticks.sort_unstable();
    let cut = ticks[ticks.len() - keep];
    // Oldest first; ties at the cut survive (all of the last draw does).
    lru.entries.retain(|_, e| e.1 >= cut);
}

/// What the background opening of a tiled scan reports.
#[derive(Debug, Clone)]
pub enum Event {
    /// Progress, at most once per whole percent.
    Progress(Progress),
    /// The scan is decoded: a coarse copy of it to draw, stretched over
    /// the whole scan, until the tiles are written.
    Preview(PathBuf, Pixels),
    /// Finished: the scan file and its pyramid, or why not.
    Done(PathBuf, Result<Tiles, ScanError>),
}

/// Opens or builds the pyramid of `source` under the cache `root` (the
/// editor passes [`berthier_tools::scan::cache::default_root`]) on a thread of its own;
/// the stream reports progress and ends with `Event::Done`.
///
/// The stream also carries a preview as soon as the scan is decoded, and
/// once the pyramid is ready the cache is pruned to its budget
/// ([`berthier_tools::scan::prune`]), never removing this scan's pyramid.
pub fn open_in_background(
    source: &Path,
    root: PathBuf,
    budget: Budget,
) -> impl Stream<Item = Event> + Send + 'static {
    let from = source.to_owned();
    steps_in_background(source, move |report| {
        let report = std::cell::RefCell::new(report);
        let opened = berthier_tools::scan::cache::open_or_build_previewed(
            &from,
            &root,
            &budget,
            &mut |p| (report.borrow_mut())(Step::Progress(p)),
            &mut |p| (report.borrow_mut())(Step::Preview(p)),
        )?;
        let limit = berthier_tools::scan::prune::budget_from_env();
        berthier_tools::scan::prune::prune(&root, limit, opened.dir());
        Ok(opened)
    })
}

/// What the tiling work reports on its way.
enum Step {
    Progress(Progress),
    Preview(Preview),
}

/// Runs `work` (which tiles `source`) as a [`crate::job`]: the stream
/// reports its progress, at most once per whole percent, and always ends
/// with `Event::Done`, a panic in `work` being a [`ScanError::Failed`]
/// ("tiling the scan failed: <panic message>").
pub fn tile_in_background(
    source: &Path,
    work: impl FnOnce(&mut dyn FnMut(Progress)) -> Result<TileSet, ScanError>
    + Send
    + 'static,
) -> impl Stream<Item = Event> + Send + 'static {
    steps_in_background(source, move |report| {
        work(&mut |p| report(Step::Progress(p)))
    })
}

fn steps_in_background(
    source: &Path,
    work: impl FnOnce(&mut dyn FnMut(Step)) -> Result<TileSet, ScanError>
    + Send
    + 'static,
) -> impl Stream<Item = Event> + Send + 'static {
    let source = source.to_owned();
    let mut last = None;
    crate::job::spawn("tiling the scan", work).filter_map(move |update| {
        let event = match update {
            Update::Step(Step::Progress(p)) => {
                let key = (p.stage, p.percent());
                (last != Some(key)).then(|| {
                    last = Some(key);
                    Event::Progress(p)
                })
            }
            Update::Step(Step::Preview(p)) => {
                Some(Event::Preview(source.clone(), Pixels::new(p.image)))
            }
            Update::Done(result) => {
                let result = result
                    .unwrap_or_else(|failed| {
                        Err(ScanError::Failed {
                            path: source.clone(),
                            message: failed.to_string(),
                        })
                    })
                    .map(Tiles::new);
                Some(Event::Done(source.clone(), result))
            }
        };
        std::future::ready(event)
    })
}
