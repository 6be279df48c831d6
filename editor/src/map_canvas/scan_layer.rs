//! The scan, bottom layer: drawn whole when small, else the visible tiles
//! (plus a one-tile margin, so panning finds them ready) of the pyramid
//! level matching the zoom.

use iced::widget::canvas::{self, Cache, Frame, Geometry};
use iced::{Point, Rectangle, Renderer, Size, Theme, Vector, mouse};

use super::geometry::Viewport;
use super::{MapCanvas, Message};
use berthier_tools::project::{ScanImage, SheetScan};
use berthier_tools::scan::visible;

use crate::scan_view::{self, TiledScan};

/// The scan layer of a [`MapCanvas`], drawn through `cache` when `show`.
pub struct ScanLayer<'a> {
    /// The map view it belongs to.
    pub canvas: MapCanvas<'a>,
    /// Its geometry cache (cleared with the others on pan and zoom).
    pub cache: &'a Cache,
    /// Whether the scan shows.
    pub show: bool,
}

impl canvas::Program<Message> for ScanLayer<'_> {
    type State = ();

    fn draw(
        &self,
        _: &(),
        renderer: &Renderer,
        _: &Theme,
        bounds: Rectangle,
        _: mouse::Cursor,
    ) -> Vec<Geometry> {
        let opened = self.canvas.opened;
        if !self.show || opened.scan.is_none() && opened.sheet_scans.is_empty()
        {
            return Vec::new();
        }
        let view = self.canvas.view;
        vec![self.cache.draw(renderer, bounds.size(), |frame| {
            if let Some(scan) = &opened.scan {
                match &scan.image {
                    ScanImage::Whole(pixels) | ScanImage::Preview(pixels) => {
                        let Some(handle) = scan_view::handle(pixels) else {
                            return;
                        };
                        let size =
                            Size::new(scan.width as f32, scan.height as f32)
                                * view.zoom;
                        frame.draw_image(
                            Rectangle::new(view.to_screen([0.0, 0.0]), size),
                            handle,
                        );
                    }
                    ScanImage::Tiled(tiles) => {
                        if let Some(tiled) = scan_view::tiled(tiles) {
                            draw_tiles(frame, &view, tiled);
                        }
                    }
                    ScanImage::Pending => {}
                }
            }
            for sheet in &opened.sheet_scans {
                draw_sheet(frame, &view, sheet);
            }
        })]
    }
}

/// A sheet's own scan, turned and scaled to where its registration puts
/// it on the map (over the map's scan, as the sheet covers that ground).
fn draw_sheet(frame: &mut Frame, view: &Viewport, sheet: &SheetScan) {
    let ScanImage::Whole(pixels) = &sheet.scan.image else {
        return;
    };
    let Some(handle) = scan_view::handle(pixels) else {
        return;
    };
    let place = sheet.place;
    let corner = view.to_screen(place.offset);
    frame.with_save(|frame| {
        frame.translate(Vector::new(corner.x, corner.y));
        frame.rotate(place.rotation as f32);
        frame.scale(place.scale as f32 * view.zoom);
        let size = Size::new(sheet.scan.width as f32, sheet.scan.height as f32);
        frame.draw_image(Rectangle::new(Point::ORIGIN, size), handle);
    });
}

/// The tiles a frame of `size` shows under `view`, with their scan-pixel
/// rectangles, reading tiles that are not kept yet.
fn draw_tiles(frame: &mut Frame, view: &Viewport, tiled: &TiledScan) {
    let layout = tiled.tiles().layout();
    let level = visible::level_for_zoom(view.zoom, layout.levels);
    let keys = visible::visible_tiles(
        layout,
        level,
        view.visible_scan(frame.size()),
        1,
    );
    for (key, handle) in tiled.handles(&keys) {
        let [x, y, w, h] = visible::tile_on_scan(layout, key);
        let a = view.to_screen([x, y]);
        let b = view.to_screen([x + w, y + h]);
        // Whole screen pixels, so neighbouring tiles meet without a seam.
        let (ax, ay) = (a.x.round(), a.y.round());
        let size = Size::new(b.x.round() - ax, b.y.round() - ay);
        frame.draw_image(Rectangle::new(Point::new(ax, ay), size), &handle);
    }
}
