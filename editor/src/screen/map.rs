//! The map screen: the tool panel, the map canvas, the toolbars and the
//! status bar (laid out in `view`). Painting lives in `editing`, the panel
//! and its forms in `panel` and `form`, saving, the question before a
//! whole-file rewrite and autosave recovery in `file`, noticing changes
//! made to the file by other programs in `disk`, the live map checks in
//! `findings`, the map's header (Properties, Save As's id) in
//! `properties`, attaching a scan in `attach`, pan, zoom, fit and the
//! side panels in `viewing`.

pub mod attach;
mod disk;
mod editing;
mod file;
pub mod findings;
pub mod form;
mod game_marks;
pub mod gazetteer;
mod live;
pub mod panel;
pub mod properties;
mod victory;
mod view;
mod viewing;

pub use viewing::{Panel, Panels};

use std::path::PathBuf;

use iced::{Point, Size, Task};

use crate::map_canvas::geometry::Viewport;
use crate::map_canvas::{self, Caches, Layer, Preview, Visible};
use crate::scan_view;
use berthier_tools::files::{DiskStamp, Recovery};
use berthier_tools::history::History;
use berthier_tools::project::{self, OpenError, OpenedMap, ScanImage};
use berthier_tools::recent::RecentFile;
use berthier_tools::scan;
use berthier_tools::tool::{self, Catalog, Gesture};

/// The map screen's state: what is shown and how, and one part per thing
/// the screen does (painting, the gazetteer, the file, the scenario it
/// was opened through).
#[derive(Debug)]
pub struct MapScreen {
    opened: OpenedMap,
    view: Viewport,
    canvas_size: Option<Size>,
    /// The whole map is in view as "Fit" left it (no pan or zoom since):
    /// a resize fits it again.
    fitted: bool,
    /// Which side panels show (a narrow window can give the map more room).
    panels: Panels,
    hover: Option<Point>,
    visible: Visible,
    caches: Caches,
    /// Progress of tiling a large scan in the background.
    scan_progress: Option<scan::Progress>,
    /// Last save result or problem, shown in the status bar.
    notice: Option<String>,
    /// Painting: the tools, the gesture in progress, undo.
    paint: Painting,
    /// The file: autosave, recovery, the rewrite question, changes on disk.
    file: FileState,
    /// The gazetteer's renames and what uses each item.
    names: Gazetteer,
    /// The scenario the map was opened through: its live findings, victory
    /// conditions, and the game it is a tab of.
    scenario: ScenarioView,
    /// The map checks' findings, rerun after every edit.
    findings: findings::Findings,
    /// The Properties form, while open.
    properties: Option<properties::Form>,
    /// The id and name asked before Save As, while asked.
    copy: Option<properties::CopyForm>,
    /// A screen that waits for a scan to be attached.
    needs_scan: Option<attach::NeedsScan>,
}

/// Painting the map: the tools and what they would touch, the gesture in
/// progress, the place or entry form, undo.
#[derive(Debug)]
struct Painting {
    /// The series' types, for the palette.
    catalog: Catalog,
    /// Current tool and options.
    settings: tool::Settings,
    /// The press-drag-release in progress.
    gesture: Option<Gesture>,
    /// Undo and redo.
    history: History,
    /// What the tool would touch at the cursor.
    preview: Preview,
    /// The place, entry point or edge form.
    form: Option<form::Form>,
}

/// The map file as the screen keeps it safe.
#[derive(Debug)]
struct FileState {
    /// An autosave newer than the file, offered for recovery.
    recovery: Option<Recovery>,
    /// Changes not yet in the autosave.
    autosave_due: bool,
    /// A save refused because it would rewrite the file whole: the number
    /// of comments that would be lost, while the author decides.
    rewrite: Option<usize>,
    /// The file as the screen last read or wrote it.
    disk: Option<DiskStamp>,
    /// The file as another program left it, while the screen asks what to
    /// do about it.
    disk_changed: Option<DiskStamp>,
}

/// The gazetteer's state between messages.
#[derive(Debug, Default)]
struct Gazetteer {
    /// What in the pack's scenarios names each gazetteer item, read when
    /// a gazetteer tool first needs it.
    used_by: Option<std::sync::Arc<berthier_tools::gazetteer::UsedBy>>,
    /// The item whose rename was asked about (a second Rename goes ahead).
    confirm_rename: Option<String>,
    /// The road being renamed from the Roads list: its id and the name
    /// typed so far.
    road_name: Option<(String, String)>,
}

/// What the scenario the map was opened through adds to it.
#[derive(Debug)]
struct ScenarioView {
    /// The scenario's live findings, when the map was opened through one.
    live: Option<crate::scenario_findings::live::Live>,
    /// The map changed since the live findings were last asked for.
    live_due: bool,
    /// The hexes the live findings name, marked on the map.
    marked: Vec<berthier_schema::HexId>,
    /// The victory conditions of the scenario the map was opened through.
    victory: Option<victory::Conditions>,
    /// The transfer ends and joins of the game the map is a tab of.
    game_marks: Vec<berthier_tools::game::Mark>,
}

/// What the screen handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// From the canvas.
    Canvas(map_canvas::Message),
    /// Show the whole map.
    FitToWindow,
    /// Show or hide a side panel.
    ShowPanel(Panel, bool),
    /// Show or hide a layer.
    ShowLayer(Layer, bool),
    /// Read the file again from disk.
    Reload,
    /// From the background tiling of a large scan.
    Scan(scan_view::Event),
    /// From the tool panel.
    Panel(panel::Message),
    /// From the place, entry point or edge form.
    Form(form::Message),
    /// From the gazetteer's used-by lists.
    Gazetteer(gazetteer::Message),
    /// Undo the last step.
    Undo,
    /// Redo the last undone step.
    Redo,
    /// Save to the file.
    Save,
    /// Ask where to save, then save there.
    SaveAs,
    /// The Save As dialog closed (`None`: cancelled or unavailable).
    SaveTo(Option<PathBuf>),
    /// Save by rewriting the whole file (its comments and layout are lost).
    RewriteWhole,
    /// Give up the save that would rewrite the whole file.
    CancelRewrite,
    /// See whether another program changed the file.
    CheckDisk,
    /// Keep the map as it is after the file changed on disk.
    KeepMine,
    /// Write the autosave if there are changes.
    Autosave,
    /// Take the map from the autosave.
    Recover,
    /// Delete the autosave.
    DiscardRecovery,
    /// Ask for a file to open.
    Open,
    /// Open a recent file.
    OpenRecent(RecentFile),
    /// Open the grid registration screen.
    RegisterGrid,
    /// Open the terrain suggestion screen.
    SuggestTerrain,
    /// From the findings panel.
    Findings(findings::Message),
    /// From the scenario's live findings.
    Live(crate::scenario_findings::live::Message),
    /// Start a new map.
    NewMap,
    /// Start a new order of battle (a counters file).
    NewOob,
    /// Start a new pack.
    NewPack,
    /// Import a VASSAL module.
    ImportVassal,
    /// Ask for a scan image to attach (or replace the scan with).
    AttachScan,
    /// The scan dialog closed (`None`: cancelled or unavailable).
    ScanPicked(Option<PathBuf>),
    /// Give up registering or suggesting on a map with no scan.
    CancelNeedsScan,
    /// Register the grid of a map with no scan all the same.
    RegisterWithoutScan,
    /// From the Properties form.
    Properties(properties::Message),
    /// From the id and name asked before Save As.
    SaveCopy(properties::CopyMessage),
}

/// What the screen asks of the application.
#[derive(Debug, Clone)]
pub enum Event {
    /// Reloading failed; show the error instead.
    Failed(OpenError),
    /// Read the file again (once unsaved changes are dealt with).
    Reload,
    /// The map was saved to this file.
    Saved(PathBuf),
    /// Open this file (`None`: ask with a dialog).
    Open(Option<PathBuf>),
    /// Show the grid registration screen.
    Register,
    /// Show the terrain suggestion screen.
    Suggest,
    /// Start a new map (once unsaved changes are dealt with).
    NewMap,
    /// Start a new order of battle (a counters file).
    NewOob,
    /// Start a new pack.
    NewPack,
    /// Import a VASSAL module (File, "Import VASSAL module…").
    ImportVassal,
}

impl MapScreen {
    /// A screen showing `opened`; offers recovery if an autosave of it is
    /// newer than the file.
    pub fn new(opened: OpenedMap) -> Self {
        let catalog = Catalog::new(
            opened.series.as_deref(),
            &opened.map,
            &opened.palette,
        );
        let visible = Visible::for_map(opened.map.scan.is_some());
        let live = opened
            .scenario
            .as_deref()
            .map(crate::scenario_findings::live::Live::new);
        let opened_victory = opened
            .scenario
            .as_deref()
            .and_then(victory::Conditions::read);
        Self {
            file: FileState {
                recovery: berthier_tools::files::find_recovery(&opened.path),
                autosave_due: false,
                rewrite: None,
                disk: DiskStamp::read(&opened.path),
                disk_changed: None,
            },
            findings: findings::Findings::new(&opened),
            opened,
            view: Viewport::default(),
            canvas_size: None,
            fitted: false,
            panels: Panels::default(),
            hover: None,
            visible,
            caches: Caches::default(),
            scan_progress: None,
            notice: None,
            paint: Painting {
                settings: tool::Settings::new(&catalog),
                catalog,
                gesture: None,
                history: History::new(),
                preview: Preview::default(),
                form: None,
            },
            names: Gazetteer::default(),
            scenario: ScenarioView {
                live,
                live_due: true,
                marked: Vec::new(),
                victory: opened_victory,
                game_marks: Vec::new(),
            },
            properties: None,
            copy: None,
            needs_scan: None,
        }
    }

    /// The first tasks: tiling a large scan, checking the scenario.
    pub fn start(&mut self) -> Task<Message> {
        Task::batch([self.load_scan(), self.live_task()])
    }

    /// The background task that tiles (or reads the cached tiles of) a
    /// large scan; none when the scan is drawn whole or already tiled.
    pub fn load_scan(&self) -> Task<Message> {
        match &self.opened.scan {
            Some(s) if matches!(s.image, ScanImage::Pending) => Task::run(
                scan_view::open_in_background(
                    &s.path,
                    scan::cache::default_root(),
                    scan::Budget::default(),
                ),
                Message::Scan,
            ),
            _ => Task::none(),
        }
    }

    fn scan_event(&mut self, event: scan_view::Event) {
        let Some(s) = self.opened.scan.as_mut() else {
            return;
        };
        match event {
            scan_view::Event::Progress(p) => self.scan_progress = Some(p),
            scan_view::Event::Preview(path, pixels) if path == s.path => {
                if matches!(s.image, ScanImage::Pending) {
                    s.image = ScanImage::Preview(pixels);
                    self.caches.clear();
                }
            }
            scan_view::Event::Preview(..) => {}
            // Results for another file (before a reload) are dropped.
            scan_view::Event::Done(path, _) if path != s.path => {}
            scan_view::Event::Done(_, result) => {
                self.scan_progress = None;
                match result {
                    Ok(tiled) => s.image = ScanImage::Tiled(tiled),
                    Err(e) => self.opened.warnings.push(format!("scan: {e}")),
                }
                self.caches.clear();
            }
        }
    }

    /// "Building scan tiles: 37%" while a large scan is being tiled.
    pub fn scan_status(&self) -> Option<String> {
        self.scan_progress.map(|p| p.label())
    }

    /// Applies an edit made on another screen (grid registration, terrain
    /// suggestion) as one undo step.
    pub fn apply_edit(&mut self, edit: berthier_schema::edit::Edit) {
        self.apply_step(edit);
        self.caches.clear();
    }

    /// The opened map.
    pub fn opened(&self) -> &OpenedMap {
        &self.opened
    }

    /// Pan and zoom.
    pub fn viewport(&self) -> Viewport {
        self.view
    }

    /// Which layers show.
    pub fn visible(&self) -> Visible {
        self.visible
    }

    /// The current tool and options.
    pub fn settings(&self) -> &tool::Settings {
        &self.paint.settings
    }

    /// The palette's types.
    pub fn catalog(&self) -> &Catalog {
        &self.paint.catalog
    }

    /// Undo history.
    pub fn history(&self) -> &History {
        &self.paint.history
    }

    /// Whether the map differs from its file.
    pub fn is_dirty(&self) -> bool {
        self.paint.history.is_dirty()
    }

    /// The autosave offered for recovery, if any.
    pub fn recovery(&self) -> Option<&Recovery> {
        self.file.recovery.as_ref()
    }

    /// Canvas point under the cursor.
    pub fn hover(&self) -> Option<Point> {
        self.hover
    }

    /// Window title: `name — file.map.ron *` (the mark when unsaved).
    pub fn title(&self) -> String {
        let file = self.opened.path.file_name().map_or_else(
            || self.opened.path.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        );
        let mark = if self.is_dirty() { " *" } else { "" };
        format!("{} — {file}{mark}", self.opened.map.name)
    }

    /// Handles a message; a change to the map also starts the check of
    /// its scenario.
    pub fn update(
        &mut self,
        message: Message,
    ) -> (Task<Message>, Option<Event>) {
        let (task, event) = self.update_screen(message);
        (Task::batch([task, self.live_task()]), event)
    }

    fn update_screen(
        &mut self,
        message: Message,
    ) -> (Task<Message>, Option<Event>) {
        match message {
            Message::Canvas(m) => self.canvas(m),
            Message::FitToWindow => self.fit(),
            Message::ShowPanel(panel, on) => self.panels.set(panel, on),
            Message::ShowLayer(layer, on) => {
                self.visible.set(layer, on);
                // Terrain is translucent over the scan only.
                self.caches.clear();
            }
            Message::Scan(event) => self.scan_event(event),
            Message::Panel(m) => self.panel(m),
            Message::Form(m) => self.form_message(m),
            Message::Gazetteer(m) => self.gazetteer_message(m),
            Message::Findings(m) => self.findings_message(m),
            Message::Live(m) => self.live_message(m),
            Message::Undo => return (self.undo(), None),
            Message::Redo => return (self.redo(), None),
            Message::CancelRewrite => self.file.rewrite = None,
            Message::Autosave => self.autosave(),
            Message::CheckDisk => self.check_disk(),
            Message::KeepMine => self.keep_mine(),
            Message::Recover => self.recover(),
            Message::DiscardRecovery => self.discard_recovery(),
            Message::CancelNeedsScan => self.needs_scan = None,
            other => return self.update_file(other),
        }
        (Task::none(), None)
    }

    /// The messages about files, dialogs and other screens.
    fn update_file(
        &mut self,
        message: Message,
    ) -> (Task<Message>, Option<Event>) {
        let event = match message {
            Message::Save => self.save(),
            Message::SaveAs => {
                self.file.rewrite = None;
                self.ask_copy();
                None
            }
            Message::SaveTo(Some(path)) => {
                let names = self.copy_names();
                self.save_to(path, names)
            }
            Message::RewriteWhole => self.rewrite_whole(),
            Message::Reload => Some(Event::Reload),
            Message::Open => Some(Event::Open(None)),
            Message::OpenRecent(f) => Some(Event::Open(Some(f.0))),
            Message::NewMap => Some(Event::NewMap),
            Message::NewOob => Some(Event::NewOob),
            Message::NewPack => Some(Event::NewPack),
            Message::ImportVassal => Some(Event::ImportVassal),
            Message::RegisterGrid => {
                return self.needs_scan(attach::NeedsScan::Register);
            }
            Message::SuggestTerrain => {
                return self.needs_scan(attach::NeedsScan::Suggest);
            }
            Message::AttachScan => return (self.scan_dialog(), None),
            Message::RegisterWithoutScan => {
                self.needs_scan = None;
                Some(Event::Register)
            }
            Message::ScanPicked(path) => return self.scan_picked(path),
            Message::Properties(m) => {
                return (self.properties_message(m), None);
            }
            Message::SaveCopy(m) => return (self.copy_message(m), None),
            _ => None,
        };
        (Task::none(), event)
    }

    /// Reads the file again, dropping unsaved changes (the application
    /// asks first); keeps the view, layers and tool.
    pub fn reload(&mut self) -> (Task<Message>, Option<Event>) {
        // Through the scenario it was opened by, if any: the scenario's
        // findings, victory list and tabs come with it.
        let through =
            self.opened.scenario.as_ref().unwrap_or(&self.opened.path);
        match project::open(through) {
            Ok(opened) => {
                let settings = self.paint.settings.clone();
                let game_marks = std::mem::take(&mut self.scenario.game_marks);
                let mut fresh = Self {
                    view: self.view,
                    canvas_size: self.canvas_size,
                    fitted: self.fitted,
                    panels: self.panels,
                    visible: self.visible,
                    ..Self::new(opened)
                };
                fresh.paint.settings = settings;
                fresh.scenario.game_marks = game_marks;
                *self = fresh;
                (self.start(), None)
            }
            Err(e) => (Task::none(), Some(Event::Failed(e))),
        }
    }
}
