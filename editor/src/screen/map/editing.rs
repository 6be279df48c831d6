//! Painting on the map screen: presses, drags and releases from the canvas
//! become tool gestures whose edits go through the history, one undo step
//! per gesture; only the layers an edit touches are redrawn.

use std::sync::Arc;

use berthier_schema::HexId;
use berthier_schema::edit::Edit;
use iced::{Point, Task, keyboard};

use super::{MapScreen, Message, form};
use crate::map_canvas::{Caches, Layer, Preview};
use berthier_tools::history::Step;
use berthier_tools::tool::{self, Gesture, Tool, brush, hexside, road};

impl MapScreen {
    fn scan_px(&self, at: Point) -> [f64; 2] {
        self.view.to_scan(at)
    }

    fn hex_at(&self, px: [f64; 2]) -> Option<HexId> {
        let map = &self.opened.map;
        map.geometry()
            .hex_at_px(px, None)
            .filter(|h| map.contains(*h))
    }

    /// The left button went down on the map.
    pub(super) fn press(&mut self, at: Point, modifiers: keyboard::Modifiers) {
        self.hover = Some(at);
        self.update_preview();
        // A gesture whose release was lost (button let go off the window).
        self.release();
        let px = self.scan_px(at);
        if self.paint.settings.tool == Tool::Hexside {
            return self.press_hexside(px);
        }
        let Some(hex) = self.hex_at(px) else {
            return;
        };
        let s = &self.paint.settings;
        let map = &self.opened.map;
        match s.tool {
            Tool::Terrain | Tool::Elevation | Tool::Eraser => {
                let erase_level = s.erase_level || modifiers.shift();
                let edits = tool::brush_edits(s, map, hex, erase_level);
                self.paint.gesture = Some(Gesture::Brush {
                    last: hex,
                    erase_level,
                });
                self.apply(edits);
            }
            Tool::Fill => {
                let Some(t) = s.terrain.clone() else { return };
                let edits = brush::flood(map, hex)
                    .into_iter()
                    .map(|h| Edit::Terrain {
                        hex: h,
                        to: Some(t.clone()),
                    })
                    .collect();
                self.paint.gesture = Some(Gesture::Done);
                self.apply(edits);
            }
            Tool::Road => {
                let Some(class) = s.road.as_deref() else {
                    return;
                };
                let name = tool::name_of(&s.road_name);
                let stroke = road::Stroke::begin(map, class, hex, s.ford, name);
                self.paint.gesture = Some(Gesture::Road(stroke));
            }
            Tool::Place => {
                self.paint.form = Some(form::Form::place(hex, map));
                let _ = self.used_by();
            }
            Tool::Entry => {
                self.paint.form = Some(form::Form::entry(hex, map));
                let _ = self.used_by();
            }
            Tool::Eyedropper => self.eyedropper(hex),
            Tool::Edge | Tool::Hexside => {}
        }
    }

    fn press_hexside(&mut self, px: [f64; 2]) {
        let map = &self.opened.map;
        let (Some(kind), Some((side, inside))) = (
            self.paint.settings.hexside.as_deref(),
            hexside::nearest(map, px),
        ) else {
            return;
        };
        let directed =
            self.paint.catalog.hexside(kind).is_some_and(|e| e.directed);
        let name = tool::name_of(&self.paint.settings.feature_name);
        let (stroke, edits) =
            hexside::Stroke::begin(map, kind, directed, (side, inside), name);
        self.paint.gesture = Some(Gesture::Hexside(stroke));
        self.apply(edits);
    }

    fn eyedropper(&mut self, hex: HexId) {
        let (terrain, level) = tool::pick(&self.opened.map, hex);
        if terrain.is_some() {
            self.paint.settings.terrain = terrain;
        }
        if let Some(level) = level {
            self.paint.settings.level = level;
        }
        self.paint.settings.tool = Tool::Terrain;
    }

    /// The cursor moved with the left button down.
    pub(super) fn drag(&mut self, at: Point) {
        self.hover = Some(at);
        self.update_preview();
        let px = self.scan_px(at);
        let Some(mut gesture) = self.paint.gesture.take() else {
            return;
        };
        let hex = self.hex_at(px);
        let map = &self.opened.map;
        let edits = match &mut gesture {
            Gesture::Brush { last, erase_level } => match hex {
                Some(hex) if hex != *last => {
                    let from = std::mem::replace(last, hex);
                    brush::steps(map, from, hex)
                        .into_iter()
                        .flat_map(|h| {
                            tool::brush_edits(
                                &self.paint.settings,
                                map,
                                h,
                                *erase_level,
                            )
                        })
                        .collect()
                }
                _ => Vec::new(),
            },
            Gesture::Hexside(stroke) => hexside::nearest(map, px)
                .map(|(side, inside)| stroke.touch(map, side, inside))
                .unwrap_or_default(),
            Gesture::Road(stroke) => hex
                .map(|hex| stroke.to(map, &self.paint.catalog, hex))
                .unwrap_or_default(),
            Gesture::Done => Vec::new(),
        };
        let refused = match &mut gesture {
            Gesture::Road(stroke) => stroke.refused.take(),
            _ => None,
        };
        self.paint.gesture = Some(gesture);
        self.apply(edits);
        if refused.is_some() {
            self.notice = refused;
        }
    }

    /// The left button came up: the gesture becomes one undo step.
    pub(super) fn release(&mut self) {
        self.paint.gesture = None;
        self.paint.history.commit();
    }

    /// Applies edits of the open gesture, redrawing the layers they touch.
    pub(super) fn apply(&mut self, edits: Vec<Edit>) {
        let map = Arc::make_mut(&mut self.opened.map);
        let mut changed = false;
        for edit in edits {
            let layers = Layer::touched_by(&edit);
            if self.paint.history.apply(edit, map) {
                layers.into_iter().for_each(|l| self.caches.clear_layer(l));
                self.file.autosave_due = true;
                self.notice = None;
                changed = true;
            }
        }
        if changed {
            self.recheck();
        }
    }

    /// Applies a whole step (from a form) as one undo step.
    pub(super) fn apply_step(&mut self, step: Step) {
        self.release();
        let map = Arc::make_mut(&mut self.opened.map);
        let inverse = self.paint.history.apply_step(step, map);
        let _ = clear_for(&self.caches, inverse);
        self.file.autosave_due = true;
        self.recheck();
    }

    /// Undoes the last step; a header change reads the series and scan
    /// again (the task tiles a large scan).
    pub(super) fn undo(&mut self) -> Task<Message> {
        self.release();
        let map = Arc::make_mut(&mut self.opened.map);
        let header = match self.paint.history.undo(map) {
            Some(step) => clear_for(&self.caches, step),
            None => return Task::none(),
        };
        self.after_history_step(header)
    }

    /// Redoes the last undone step; see [`Self::undo`].
    pub(super) fn redo(&mut self) -> Task<Message> {
        self.release();
        let map = Arc::make_mut(&mut self.opened.map);
        let header = match self.paint.history.redo(map) {
            Some(step) => clear_for(&self.caches, step),
            None => return Task::none(),
        };
        self.after_history_step(header)
    }

    fn after_history_step(&mut self, header: bool) -> Task<Message> {
        self.file.autosave_due = true;
        self.recheck();
        if header {
            self.files_changed()
        } else {
            Task::none()
        }
    }

    /// What the tool would touch at the cursor.
    pub(super) fn update_preview(&mut self) {
        let map = &self.opened.map;
        let px = self.hover.map(|p| self.scan_px(p));
        let radius = self.paint.settings.radius;
        self.paint.preview = match (px, self.paint.settings.tool) {
            (Some(px), Tool::Hexside) => Preview {
                hexes: Vec::new(),
                side: hexside::nearest(map, px).map(|(s, _)| s),
            },
            (Some(px), t) if t.uses_radius() && radius > 0 => Preview {
                hexes: self
                    .hex_at(px)
                    .map(|h| brush::in_radius(map, h, radius))
                    .unwrap_or_default(),
                side: None,
            },
            _ => Preview::default(),
        };
    }
}

/// Clears the layers `step` touches; returns whether it changed the map's
/// header (its series or scan may be other files now).
fn clear_for(caches: &Caches, step: &Step) -> bool {
    let mut header = false;
    for edit in berthier_tools::history::leaf_edits(step) {
        header |= matches!(edit, Edit::Properties(_));
        Layer::touched_by(edit)
            .into_iter()
            .for_each(|l| caches.clear_layer(l));
    }
    header
}
