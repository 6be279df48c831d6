//! Crash-safe saving: a child process saves a bundled map over and over
//! through the editor's own save (`berthier-editor save-loop`), and is
//! killed with SIGKILL at a random moment, 100 times; the file on disk is
//! each time one of the versions the loop writes, whole, and it loads.

#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(clippy::print_stderr)] // the seed and counts, for the README

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use berthier_schema::{Document, Format};
use berthier_tools::files::{self, SaveOutcome, save_loop};

const KILLS: usize = 100;

fn bundled() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../maps/rivoli-1797/rivoli-1797.map.ron")
}

/// Every text the loop can leave: the file as copied, then each save of
/// the two versions in turn (the patch of one version over the other is
/// the same each round, so two rounds give them all).
fn possible_texts(dir: &Path) -> BTreeSet<String> {
    let path = dir.join("states.map.ron");
    std::fs::copy(bundled(), &path).unwrap();
    let original = std::fs::read_to_string(&path).unwrap();
    let map = match berthier_schema::load_document(&original, Format::Ron) {
        Ok(Document::Map(m)) => m,
        other => panic!("{other:?}"),
    };
    let mut texts = BTreeSet::from([original]);
    for i in 0..6 {
        let version = &save_loop::versions(&map)[i % 2];
        let outcome = files::save_map(version, &path).unwrap();
        assert!(matches!(outcome, SaveOutcome::Saved));
        texts.insert(std::fs::read_to_string(&path).unwrap());
    }
    assert_eq!(texts.len(), 2, "the loop alternates two texts");
    texts
}

/// A small xorshift, seeded from the clock (printed on failure).
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

#[test]
fn a_save_killed_at_any_moment_leaves_the_old_or_the_new_file() {
    let dir = tempfile::tempdir().unwrap();
    let texts = possible_texts(dir.path());
    let path = dir.path().join("rivoli-1797.map.ron");
    std::fs::copy(bundled(), &path).unwrap();
    let seed = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    let mut dice = Dice(seed);
    let original = std::fs::read_to_string(&path).unwrap();
    let mut changed = 0;
    for kill in 0..KILLS {
        // Each child starts from the bundled text (it saves the map it
        // reads and that map renamed, so it must read the same one).
        std::fs::write(&path, &original).unwrap();
        // Its errors go to a file, quoted if it stops before saving.
        let errors = dir.path().join("save-loop.stderr");
        let mut child = Command::new(env!("CARGO_BIN_EXE_berthier-editor"))
            .arg("save-loop")
            .arg(&path)
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&errors).unwrap())
            .spawn()
            .unwrap();
        // Once it says it has loaded the map it saves it every few tens
        // of milliseconds (an fsync each): a kill within the next 150 ms
        // lands before, between or inside saves.
        let mut line = String::new();
        let out = child.stdout.take().unwrap();
        BufReader::new(out).read_line(&mut line).unwrap();
        if line.trim() != "saving" {
            let status = child.wait().unwrap();
            let said = std::fs::read_to_string(&errors).unwrap_or_default();
            panic!(
                "seed {seed}, kill {kill}: the child stopped before saving \
                 ({status}): {said:?}; the file held {} bytes",
                std::fs::metadata(&path).map_or(0, |m| m.len())
            );
        }
        std::thread::sleep(Duration::from_micros(dice.below(150_000)));
        child.kill().unwrap(); // SIGKILL
        let status = child.wait().unwrap();
        assert!(!status.success(), "seed {seed}, kill {kill}: it ran out");
        let now = std::fs::read_to_string(&path).unwrap();
        assert!(
            texts.contains(&now),
            "seed {seed}, kill {kill}: the file is neither version:\n{now}"
        );
        assert!(
            matches!(
                berthier_schema::load_document(&now, Format::Ron),
                Ok(Document::Map(_))
            ),
            "seed {seed}, kill {kill}"
        );
        if now != original {
            changed += 1;
        }
    }
    // The kills did land while the loop was saving (a killed process
    // that never saved would prove nothing).
    assert!(changed > KILLS / 10, "seed {seed}: {changed} changes");
    // What a kill leaves beside the file: at most the temporary file of
    // the save it interrupted, never the file itself half written; each
    // later save removes what killed saves left, so they never pile up.
    let strays = temporaries(dir.path());
    eprintln!(
        "seed {seed}: {changed} of {KILLS} kills after a save, {strays} temporary files left"
    );
    #[cfg(target_os = "linux")]
    {
        assert!(strays <= 1, "seed {seed}: {strays} temporaries piled up");
        berthier_schema::io::save_atomic(&path, original.as_bytes()).unwrap();
        assert_eq!(temporaries(dir.path()), 0, "the next save cleans up");
    }
}

/// How many temporary files of interrupted saves are in `dir`.
fn temporaries(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            name.to_string_lossy().ends_with(".tmp")
        })
        .count()
}

mod editing {
    //! The map screen's side of crash safety: a save never writes over a
    //! change another program made since the file was read; an autosave
    //! taken mid-stroke brings the stroke back after a kill; a recovery
    //! is one undo step over the file; Save As keeps the comments.

    use berthier_editor::map_canvas::Message as Canvas;
    use berthier_editor::screen::map::{Message, panel};

    use crate::common::*;

    fn woods(s: &mut berthier_editor::screen::map::MapScreen) {
        update(s, Message::Panel(panel::Message::Terrain("woods".into())));
    }

    /// Another program paints 0101 woods in the file.
    fn edit_elsewhere(path: &std::path::Path) -> String {
        let text = std::fs::read_to_string(path).unwrap();
        let from = "\"0101\": (terrain: \"clear\", level: 0)";
        assert!(text.contains(from));
        let text =
            text.replace(from, "\"0101\": (terrain: \"woods\", level: 0)");
        std::fs::write(path, &text).unwrap();
        text
    }

    #[test]
    fn a_save_never_overwrites_a_change_made_on_disk_since_it_was_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = demo_copy(dir.path());
        let mut s = screen(&path);
        woods(&mut s);
        click_hex(&mut s, "0505");
        // Between two polls: the screen has not looked yet.
        let theirs = edit_elsewhere(&path);
        update(&mut s, Message::Save);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), theirs);
        assert!(s.changed_on_disk(), "the banner asks");
        assert!(s.is_dirty());
        update(&mut s, Message::RewriteWhole);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), theirs);
        // The author chose to keep theirs over the file's.
        update(&mut s, Message::KeepMine);
        update(&mut s, Message::Save);
        let saved = std::fs::read_to_string(&path).unwrap();
        assert_ne!(saved, theirs);
        assert!(!s.is_dirty());
        assert_eq!(terrain(&screen(&path), "0505").as_deref(), Some("woods"));
    }

    #[test]
    fn an_autosave_taken_mid_stroke_brings_the_stroke_back_after_a_kill() {
        let dir = tempfile::tempdir().unwrap();
        let path = demo_copy(dir.path());
        let mut s = screen(&path);
        woods(&mut s);
        let (a, b) = (centre(&s, "0505"), centre(&s, "0605"));
        send(
            &mut s,
            Canvas::Press {
                at: a,
                modifiers: iced::keyboard::Modifiers::default(),
            },
        );
        send(&mut s, Canvas::Drag(b));
        update(&mut s, Message::Autosave); // the minute tick, mid-stroke
        drop(s); // killed before the button is released
        let mut s = screen(&path);
        assert!(s.recovery().is_some());
        update(&mut s, Message::Recover);
        assert_eq!(terrain(&s, "0505").as_deref(), Some("woods"));
        assert_eq!(terrain(&s, "0605").as_deref(), Some("woods"));
    }

    #[test]
    fn a_recovery_is_one_undo_step_over_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = demo_copy(dir.path());
        let mut s = screen(&path);
        woods(&mut s);
        click_hex(&mut s, "0505");
        click_hex(&mut s, "0707");
        update(&mut s, Message::Autosave);
        drop(s);
        let mut s = screen(&path);
        update(&mut s, Message::Recover);
        assert!(s.is_dirty());
        assert!(s.history().can_undo());
        update(&mut s, Message::Undo);
        assert_eq!(terrain(&s, "0505").as_deref(), Some("clear"));
        assert_eq!(terrain(&s, "0707").as_deref(), Some("clear"));
        assert!(!s.is_dirty(), "undone back to the file on disk");
        update(&mut s, Message::Redo);
        assert_eq!(terrain(&s, "0707").as_deref(), Some("woods"));
    }

    #[test]
    fn save_as_keeps_the_comments() {
        let dir = tempfile::tempdir().unwrap();
        let path = demo_copy(dir.path());
        let original = std::fs::read_to_string(&path).unwrap();
        let comments: Vec<&str> = original
            .lines()
            .filter(|l| l.trim_start().starts_with("//"))
            .collect();
        assert!(comments.len() >= 3);
        let mut s = screen(&path);
        woods(&mut s);
        click_hex(&mut s, "0505");
        let copy = dir.path().join("copy.map.ron");
        update(&mut s, Message::SaveTo(Some(copy.clone())));
        let saved = std::fs::read_to_string(&copy).unwrap();
        for c in comments {
            assert!(saved.contains(c), "lost {c}");
        }
        assert_eq!(terrain(&screen(&copy), "0505").as_deref(), Some("woods"));
    }
}
