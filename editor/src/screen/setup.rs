//! The Setup screen: a scenario's map with its set-up counters on their
//! hexes, a roster per side (set up, arriving, absent, unaccounted for),
//! the instructions with their zones shaded, and a stack panel for the
//! selected hex. Units are placed by picking one in the roster and
//! clicking (or dragging onto) a hex, moved by dragging their counter,
//! turned with `[` and `]`, removed with Delete; each action is one undo
//! step of [`berthier_tools::setup::SetupDoc`], saved keeping comments and layout.
//! Laid out in `view`, drawn on the map in `layer`, edits in `place`.

/// The stack panel's width, on the map's right while a hex is selected.
const STACK_WIDTH: f32 = 260.0;

mod disk;
mod facing;
mod forces_tools;
mod instruction_tools;
mod layer;
mod levels_tools;
mod live;
mod morale_parts_tools;
mod place;
mod posture;
mod rules_tools;
mod victory_parts;
mod victory_tools;
mod view;
mod zone_tools;

use std::path::PathBuf;

use berthier_schema::HexId;
use iced::Point;
use iced::widget::canvas::Cache;

use crate::map_canvas;
use crate::screen::overlay::{MapView, Pointer};
use crate::screen::{rewrite, unsaved};
use berthier_tools::setup::instruction_edit::Member;
use berthier_tools::setup::roster::{Roster, rosters};
use berthier_tools::setup::stack::{self, Report};
use berthier_tools::setup::zone::{self, Shaded};
use berthier_tools::setup::zone_kind::{self, ZoneKind};
use berthier_tools::setup::{
    SetupDoc, art, deployments, variant, victory_edit, zone_edit,
};

/// Why a variant's base could not be read to compare with it.
pub type BaseError = berthier_schema::pack::ChainError<
    PathBuf,
    berthier_schema::pack::FileError,
>;

pub use forces_tools::ForcesEdit;
pub use layer::LayerKey;
pub use levels_tools::LevelEdit;
pub use morale_parts_tools::{AttachmentEdit, PartEdit};
pub use rules_tools::RuleEdit;
pub use victory_parts::VictoryEdit;
pub use zone_tools::ZoneTool;

/// What the left panel lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    /// One side's roster (index into the scenario's sides).
    Roster(usize),
    /// Every side's instructions.
    Instructions,
    /// A variant's differences from its base.
    Variant,
    /// The victory conditions.
    Victory,
    /// The special rules and the scenario's options.
    Rules,
    /// Each side's morale groups and losses at start.
    Forces,
}

/// The screen's state.
#[derive(Debug)]
pub struct SetupScreen {
    doc: SetupDoc,
    map: MapView,
    /// The counters layer (redrawn after a pan, a zoom or an edit).
    counters_cache: Cache,
    shown: Shown,
    tab: Tab,
    /// The unit selected in the roster or the stack panel.
    unit: Option<String>,
    /// The next click on the map places the selected unit.
    armed: bool,
    /// A roster unit is being dragged (the button is still down).
    grabbed: bool,
    /// A counter dragged on the map: the hex it was taken from.
    dragging: Option<HexId>,
    /// A Shift-press on the selected unit's hex: the release turns it
    /// toward the pointer.
    turning: Option<HexId>,
    /// The hex whose stack the panel shows.
    hex: Option<HexId>,
    /// The instruction selected (side, index) and its zone.
    instruction: Option<((usize, usize), Shaded)>,
    notice: Option<String>,
    /// Comments a whole rewrite would lose, while the save asks.
    rewrite: Option<usize>,
    /// The map canvas has reported its size (see [`Self::layout_key`]).
    sized: bool,
    /// What the next map click does to the selected instruction's zone.
    zone_tool: Option<ZoneTool>,
    /// The victory condition selected (index).
    condition: Option<usize>,
    /// The next map click places the selected objective.
    picking_objective: bool,
    /// Each map click leaves a hex out of the selected hold, or counts it
    /// again.
    leaving_out: bool,
    /// Another program changed the file since it was read (the banner
    /// asks until answered).
    disk_changed: bool,
    /// A variant compared with its base (`Err`: why the base did not
    /// load), worked out once on opening.
    variant_diff: Option<Result<Vec<variant::Section>, BaseError>>,
    /// The scenario's live findings, checked after every edit.
    live: crate::scenario_findings::live::Live,
    /// The setup changed since the live findings were last asked for.
    live_due: bool,
    /// The transfer ends and joins of the game the scenario is a battle
    /// of, drawn over the map (see [`berthier_tools::game`]).
    game_marks: Vec<berthier_tools::game::Mark>,
    /// The autosave found at opening, offered back.
    recovery: crate::screen::recovery::Offer,
    /// The Rules tab's "New option" field.
    new_option: String,
    /// The desperate levels being typed into a morale group's field (side,
    /// group, text): "10," is shown as typed while it reads as 10, so the
    /// second level can be typed.
    levels_typed: Option<(usize, usize, String)>,
}

/// What is worked out from the setup after each edit.
#[derive(Debug, Default)]
struct Shown {
    rosters: Vec<Roster>,
    /// Hexes holding an illegal stack.
    illegal: Vec<HexId>,
    /// Counters and facing marks, in scan pixels.
    art: Vec<berthier_tools::scene::Shape>,
    /// The stack panel's content.
    report: Option<Report>,
}

/// The screen's messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// The autosave's question, or time to autosave.
    Recovery(crate::screen::recovery::Message),
    /// A Rules tab edit.
    Rules(rules_tools::RuleEdit),
    /// A Forces tab edit.
    Forces(forces_tools::ForcesEdit),
    /// An edit of the levels of victory (the Victory tab).
    Level(levels_tools::LevelEdit),
    /// An edit of a hold, a combination or the tie-break (the Victory
    /// tab).
    Victory(victory_parts::VictoryEdit),
    /// From the map canvas (pan, zoom, clicks).
    Canvas(map_canvas::Message),
    /// A key for the setup (turn, remove, cancel).
    Key(LayerKey),
    /// The left button came up (over the map: where, in canvas points).
    Released(Option<Point>),
    /// A roster unit was pressed: selected, to be placed by a click or a
    /// drag onto the map.
    Pick(String),
    /// A unit of the stack panel was selected.
    SelectMember(String),
    /// Show a tab of the left panel.
    Show(Tab),
    /// An instruction was selected: shade its zone.
    SelectInstruction(usize, usize),
    /// Move a unit one place up (toward the top) in its stack.
    Raise(String),
    /// Move a unit one place down in its stack.
    Lower(String),
    /// Set up a unit in this formation (`None`: none written).
    SetFormation(String, Option<String>),
    /// Set up a unit in this state (`None`: none written).
    SetState(String, Option<String>),
    /// Arm a tool for the selected instruction's zone (`None`: disarm).
    ZoneTool(Option<ZoneTool>),
    /// Set the selected instruction's radius ("within N").
    Radius(u8),
    /// Make the selected instruction's zone of this kind.
    ZoneKind(berthier_tools::setup::zone_kind::ZoneKind),
    /// Name this edge, road, river or unit (by id) in the selected zone.
    ZoneTarget(String),
    /// Which side of its place a "north of …" zone is.
    ZoneSide(berthier_schema::map::Compass),
    /// A zone borrowed from another scenario is only the hexes its setup
    /// uses, or the zones its instructions allow.
    ZoneSetupHexes(bool),
    /// The hexes of the place or line a "north of …" zone is measured
    /// from count, or not.
    ZoneInclusive(bool),
    /// Tie the selected instruction to a scenario option (by id), or to
    /// none: set up always.
    InstructionOption(Option<String>),
    /// Take the selected unit off the map.
    Remove,
    /// Undo.
    Undo,
    /// Redo.
    Redo,
    /// Save.
    Save,
    /// The answer to the rewrite question: rewrite the whole file, or
    /// keep it.
    Rewrite(bool),
    /// Back to the scenario's map.
    Back,
    /// From the live findings panel.
    Live(crate::scenario_findings::live::Message),
    /// Write a new variant of this scenario and open it.
    NewVariant,
    /// Add an instruction to this side (by index) and select it.
    AddInstruction(usize),
    /// Duplicate the selected instruction.
    DuplicateInstruction,
    /// Delete the selected instruction.
    DeleteInstruction,
    /// The selected instruction places this too.
    AddMember(Member),
    /// The selected instruction no longer places this.
    RemoveMember(Member),
    /// Add an objective for this side (by index) and select it.
    AddObjective(usize),
    /// Add an exit for this side (by index) and select it.
    AddExit(usize),
    /// Add points per enemy unit eliminated for this side (by index).
    AddElimination(usize),
    /// The selected exit leaves by this entry point or edge.
    ExitVia(berthier_tools::ways::Way),
    /// The selected exit counts this unit or formation too (`true`), or
    /// no longer (`false`).
    ExitMember(Member, bool),
    /// How many units the selected exit needs.
    ExitCount(u16),
    /// Whether the selected exit wins outright.
    ExitAutomatic(bool),
    /// Select a victory condition (by index).
    SelectCondition(usize),
    /// Duplicate the selected victory condition.
    DuplicateCondition,
    /// Delete the selected victory condition.
    DeleteCondition,
    /// Arm (or disarm) placing the selected objective by a map click.
    PickObjective(bool),
    /// The selected objective's points.
    ObjectivePoints(i32),
    /// Who holds the selected objective at the start (`None`: nobody).
    HeldBy(Option<String>),
    /// Time to see whether another program changed the file.
    CheckDisk,
    /// The answer to "another program changed the file": reload (`true`)
    /// or keep this version.
    DiskAnswer(bool),
}

/// What the app must do for the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The file was saved.
    Saved(PathBuf),
    /// Show the scenario's map again.
    Back(PathBuf),
    /// A new variant was written: open it on the Setup screen.
    OpenVariant(PathBuf),
    /// Read the file again (another program changed it).
    Reload(PathBuf),
}

impl SetupScreen {
    /// The screen on an opened scenario.
    pub fn new(doc: SetupDoc) -> Self {
        let path = doc.path().to_owned();
        let notice = doc.variant_of.as_ref().map(|base| {
            format!(
                "A variant: its setup is shown as resolved; edit it in {}.",
                base.file_name().unwrap_or_default().to_string_lossy()
            )
        });
        let mut screen = Self {
            doc,
            map: MapView::default(),
            counters_cache: Cache::default(),
            shown: Shown::default(),
            tab: Tab::Roster(0),
            unit: None,
            armed: false,
            grabbed: false,
            dragging: None,
            turning: None,
            hex: None,
            instruction: None,
            notice,
            rewrite: None,
            sized: false,
            zone_tool: None,
            condition: None,
            picking_objective: false,
            leaving_out: false,
            disk_changed: false,
            variant_diff: None,
            live: crate::scenario_findings::live::Live::new(&path),
            live_due: true,
            game_marks: Vec::new(),
            recovery: crate::screen::recovery::Offer::default(),
            new_option: String::new(),
            levels_typed: None,
        };
        screen.recovery = crate::screen::recovery::Offer::of(&screen.doc);
        screen.variant_diff = screen.compare_with_base();
        screen.refresh();
        screen
    }

    /// The variant compared with its base, when the file is a variant.
    fn compare_with_base(
        &self,
    ) -> Option<Result<Vec<variant::Section>, BaseError>> {
        let base = self.doc.variant_of.as_ref()?;
        Some(
            berthier_schema::pack::load_scenario(base)
                .map(|r| variant::diff(&r.scenario, self.doc.scenario())),
        )
    }

    /// The map canvas's size last reported: a screen that replaces this
    /// one in the same place gets no new size from the canvas (its state
    /// is kept), so it is handed over.
    pub fn canvas_size(&self) -> Option<iced::Size> {
        self.map.size()
    }

    /// The variant's differences from its base, when the file is one.
    pub fn variant_diff(
        &self,
    ) -> Option<&Result<Vec<variant::Section>, BaseError>> {
        self.variant_diff.as_ref()
    }

    /// Writes a new variant of this scenario and asks the app to open it.
    fn new_variant(&mut self) -> Option<Event> {
        if self.is_dirty() {
            self.notice = Some(
                "Save first: a variant inherits the scenario as saved."
                    .to_owned(),
            );
            return None;
        }
        match variant::create(self.doc.path(), self.doc.scenario()) {
            Ok(path) => Some(Event::OpenVariant(path)),
            Err(e) => {
                self.notice = Some(e.to_string());
                None
            }
        }
    }

    /// The scenario being set up.
    /// Shows `marks`, a game's transfer ends and joins on this map, over
    /// the map (an empty list hides them).
    pub fn set_game_marks(&mut self, marks: Vec<berthier_tools::game::Mark>) {
        self.game_marks = marks;
    }

    /// The game's marks shown over the map.
    pub fn game_marks(&self) -> &[berthier_tools::game::Mark] {
        &self.game_marks
    }

    pub fn doc(&self) -> &SetupDoc {
        &self.doc
    }

    /// Every side's roster.
    pub fn rosters(&self) -> &[Roster] {
        &self.shown.rosters
    }

    /// The selected unit.
    pub fn selected_unit(&self) -> Option<&str> {
        self.unit.as_deref()
    }

    /// The hex whose stack the panel shows.
    pub fn selected_hex(&self) -> Option<HexId> {
        self.hex
    }

    /// The selected instruction's zone.
    pub fn zone(&self) -> Option<&Shaded> {
        self.instruction.as_ref().map(|(_, z)| z)
    }

    /// The stack panel's content for the selected hex.
    pub fn stack_report(&self) -> Option<&Report> {
        self.shown.report.as_ref()
    }

    /// Works the stack panel out again (after a change of hex or setup;
    /// not in `view`, which runs at every frame).
    fn report_stack(&mut self) {
        self.shown.report = self.hex.map(|hex| {
            let b = self.doc.battle();
            let on = b.occupancy().remove(&hex).unwrap_or_default();
            stack::report(&b, &on)
        });
    }

    /// The notice line (last save, refusals).
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// Whether there are unsaved changes.
    pub fn is_dirty(&self) -> bool {
        self.doc.is_dirty()
    }

    /// The canvas point of a hex's centre (tests click there).
    pub fn point_of(&self, hex: HexId) -> Point {
        let px = self.doc.opened.map.geometry().center_px(hex);
        self.map.view.to_screen(px)
    }

    /// What moves things about on the screen: the canvas sized and fitted
    /// (the first frames, drawn before, left a strip of the previous
    /// screen's map over the roster under Xvfb), the stack panel and the
    /// notice. The app repaints the whole window when it changes.
    pub fn layout_key(&self) -> u32 {
        [
            self.sized,
            self.hex.is_some(),
            self.notice.is_some(),
            self.disk_changed,
        ]
        .iter()
        .enumerate()
        .map(|(i, on)| u32::from(*on) << i)
        .sum()
    }

    /// `name — file.scenario.ron *`.
    pub fn title(&self) -> String {
        let name = &self.doc.scenario().name;
        unsaved::title("Setup: ", name, self.doc.path(), self.is_dirty())
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        // Looking about the map (hover, pan, zoom) changes neither the
        // hex selected nor the setup.
        let looking = matches!(
            &message,
            Message::Canvas(m) if !matches!(m, map_canvas::Message::Press { .. })
        );
        let had_panel = self.hex.is_some();
        let event = self.handle(message);
        if !looking {
            self.report_stack();
        }
        if !had_panel && let Some(hex) = self.hex {
            self.keep_clear_of_the_stack_panel(hex);
        }
        event
    }

    /// The stack panel opens on the map's right: the map pans, when the
    /// hex would be under it, so the hex and its neighbours stay in view
    /// (a drop there lands where the user sees it).
    fn keep_clear_of_the_stack_panel(&mut self, hex: HexId) {
        let map = &self.doc.opened.map;
        let px = map.geometry().center_px(hex);
        let margin = (map.grid.hex_radius_px as f32 * self.map.view.zoom * 2.0)
            .max(24.0);
        self.map.keep_in_view(px, STACK_WIDTH + 1.0, margin);
    }

    fn handle(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Canvas(m) => self.canvas(m),
            Message::Key(key) => self.key(key),
            Message::Released(at) => self.released(at),
            Message::Pick(unit) => self.pick(unit),
            Message::SelectMember(unit) => self.unit = Some(unit),
            Message::Show(tab) => self.tab = tab,
            Message::SelectInstruction(side, i) => {
                self.select_instruction(side, i)
            }
            Message::AddInstruction(side) => self.add_instruction(side),
            Message::DuplicateInstruction => self.duplicate_instruction(),
            Message::DeleteInstruction => self.delete_instruction(),
            Message::AddMember(m) => self.edit_members(m, true),
            Message::RemoveMember(m) => self.edit_members(m, false),
            Message::CheckDisk => self.check_disk(),
            Message::Rules(edit) => self.rule_edit(edit),
            Message::Forces(edit) => self.forces_edit(edit),
            Message::Level(edit) => self.level_edit(edit),
            Message::Victory(edit) => self.victory_part_edit(edit),
            Message::Recovery(m) => {
                let said = self.recovery.update(&mut self.doc, m);
                if said.is_some() {
                    self.notice = said;
                    self.refresh();
                }
            }
            Message::DiskAnswer(reload) => return self.answer_disk(reload),
            Message::AddObjective(side) => self.add_objective(side),
            Message::AddExit(side) => self.add_exit(side),
            Message::AddElimination(side) => self.add_elimination(side),
            Message::ExitVia(way) => self.edit_objective(|list, i| {
                victory_edit::edit_exit(list, i, |via, _, _, _| {
                    *via = way.location;
                })
            }),
            Message::ExitMember(m, add) => self.edit_objective(|list, i| {
                victory_edit::edit_exit(list, i, |_, units, _, _| {
                    let _ = match add {
                        true => berthier_tools::unit_set::add(units, m),
                        false => berthier_tools::unit_set::remove(units, &m),
                    };
                })
            }),
            Message::ExitCount(n) => self.edit_objective(|list, i| {
                victory_edit::edit_exit(list, i, |_, _, count, _| *count = n)
            }),
            Message::ExitAutomatic(on) => self.edit_objective(|list, i| {
                victory_edit::edit_exit(list, i, |_, _, _, a| *a = on)
            }),
            Message::SelectCondition(i) => {
                self.condition = Some(i);
                self.picking_objective = false;
                self.leaving_out = false;
            }
            Message::DuplicateCondition => self.duplicate_condition(),
            Message::DeleteCondition => self.delete_condition(),
            Message::PickObjective(on) => {
                self.picking_objective = on;
                self.leaving_out = false;
            }
            Message::ObjectivePoints(n) => self
                .edit_objective(|list, i| victory_edit::set_points(list, i, n)),
            Message::HeldBy(side) => self.edit_objective(|list, i| {
                victory_edit::set_held_by(list, i, side)
            }),
            Message::Raise(unit) => self.restack(&unit, -1),
            Message::Lower(unit) => self.restack(&unit, 1),
            Message::SetFormation(unit, f) => {
                self.set_posture(&unit, |p| p.formation = f);
            }
            Message::SetState(unit, st) => {
                self.set_posture(&unit, |p| p.state = st);
            }
            Message::ZoneTool(tool) => self.arm_zone_tool(tool),
            Message::Radius(n) => self.set_radius(n),
            Message::ZoneKind(kind) => self.set_zone_kind(kind),
            Message::ZoneTarget(id) => self.set_zone_target(&id),
            Message::ZoneSide(side) => {
                self.edit_placement(|p| zone_edit::set_side(p, side));
            }
            Message::ZoneSetupHexes(only) => {
                self.edit_placement(|p| zone_edit::set_setup_hexes(p, only));
            }
            Message::ZoneInclusive(on) => {
                self.edit_placement(|p| zone_edit::set_inclusive(p, on));
            }
            Message::InstructionOption(id) => self.set_instruction_option(id),
            Message::Remove => self.remove(),
            Message::Undo => self.history(true),
            Message::Redo => self.history(false),
            Message::Save => return self.save(),
            Message::Rewrite(yes) => return self.answer_rewrite(yes),
            Message::Back => {
                return Some(Event::Back(self.doc.path().to_owned()));
            }
            Message::Live(m) => self.live_message(m),
            Message::NewVariant => return self.new_variant(),
        }
        None
    }

    fn canvas(&mut self, m: map_canvas::Message) {
        let hover = matches!(m, map_canvas::Message::Hover(_));
        if matches!(m, map_canvas::Message::Resized(_)) {
            self.sized = true;
        }
        let shift = matches!(
            &m,
            map_canvas::Message::Press { modifiers, .. } if modifiers.shift()
        );
        let pointer = self.map.update(m, &self.doc.opened);
        if !hover {
            self.counters_cache.clear();
        }
        match pointer {
            Some(Pointer::Press(px)) => self.press(px, shift),
            Some(Pointer::Drag(_)) | None => {}
            Some(Pointer::Release) => {}
        }
    }

    fn pick(&mut self, unit: String) {
        self.hex = self
            .doc
            .placed(&unit)
            .map(|(i, j)| self.doc.scenario().sides[i].setup[j].hex);
        self.unit = Some(unit);
        self.armed = self.doc.is_editable();
        self.grabbed = self.armed;
    }

    fn select_instruction(&mut self, side: usize, i: usize) {
        let b = self.doc.battle();
        let Some(ins) = b
            .scenario
            .sides
            .get(side)
            .and_then(|s| s.instructions.get(i))
        else {
            return;
        };
        let shaded = shade(&self.doc, &b, side, ins);
        let borrows = zone_kind::kind(&ins.placement) == ZoneKind::DeploymentOf;
        self.instruction = Some(((side, i), shaded));
        if borrows {
            // Its list names the pack's other scenarios: read them now.
            self.doc.load_deployments();
        }
        self.zone_tool = None;
        self.counters_cache.clear();
    }

    fn history(&mut self, undo: bool) {
        let done = if undo {
            self.doc.undo()
        } else {
            self.doc.redo()
        };
        if done {
            // The notice spoke of the state undone or redone (a finding
            // clicked, a drop refused): it no longer holds.
            self.notice = None;
            self.levels_typed = None;
            self.refresh();
        }
    }

    fn save(&mut self) -> Option<Event> {
        let outcome = self.doc.save();
        rewrite::saved(outcome, &mut self.rewrite, &mut self.notice)
            .then(|| Event::Saved(self.doc.path().to_owned()))
    }

    fn answer_rewrite(&mut self, yes: bool) -> Option<Event> {
        let rewritten = yes.then(|| self.doc.rewrite());
        rewrite::answered(rewritten, &mut self.rewrite, &mut self.notice)
            .then(|| Event::Saved(self.doc.path().to_owned()))
    }

    /// Comments a whole rewrite would lose, while the save asks.
    pub fn rewrite_pending(&self) -> Option<usize> {
        self.rewrite
    }

    /// Works out the roster, the illegal stacks and the counters again
    /// after an edit (and an instruction's zone, which may depend on
    /// where other units stand).
    fn refresh(&mut self) {
        let b = self.doc.battle();
        self.shown = Shown {
            rosters: rosters(&b),
            illegal: stack::illegal_hexes(&b),
            art: art::shapes(&b),
            report: None,
        };
        if let Some(((side, i), zone)) = &mut self.instruction
            && let Some(ins) = b.scenario.sides[*side].instructions.get(*i)
        {
            *zone = shade(&self.doc, &b, *side, ins);
        }
        self.counters_cache.clear();
        drop(b);
        self.report_stack();
        self.live_due = true;
    }
}

/// The zone `ins` of side `side` allows, another scenario's
/// deployment read from its file.
fn shade(
    doc: &SetupDoc,
    b: &berthier_schema::battle::Battle<'_>,
    side: usize,
    ins: &berthier_schema::scenario::Instruction,
) -> Shaded {
    let side_id = b.scenario.sides.get(side).map_or("", |s| s.side.as_str());
    let path = doc.path();
    match deployments::resolved(ins, side_id, path, &doc.counters) {
        Some(borrowed) => zone::shade(b, &borrowed),
        None => zone::shade(b, ins),
    }
}
