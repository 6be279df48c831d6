//! Every bundled scenario opens in the Timeline from its map, with each
//! arrival's card on the view, and saves back byte-identical when its
//! schedule was changed and changed back.

use super::{bundled, copy_of, shows, timeline, timeline_app};

#[test]
fn every_bundled_scenario_shows_its_schedule_and_saves_back_unchanged() {
    let all = bundled();
    assert!(all.len() >= 18, "{all:?}");
    let mut with_arrivals = 0;
    for scenario in all {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = copy_of(&scenario, dir.path());
        let before = std::fs::read(&path).expect("read");
        let mut app = timeline_app(&path, dir.path());
        let screen = timeline(&app);
        let name = path.display().to_string();
        assert!(
            screen.doc().warnings.is_empty(),
            "{name}: {:?}",
            screen.doc().warnings
        );
        let arrivals: usize = screen
            .doc()
            .scenario()
            .sides
            .iter()
            .map(|s| s.reinforcements.len())
            .sum();
        assert!(screen.cards().len() >= arrivals, "{name}");
        for card in screen.cards() {
            assert!(shows(&app, &card.title), "{name}: {}", card.title);
        }
        let first = screen.cards().iter().find(|c| c.turn.is_ok()).cloned();
        if let (Some(card), false) = (first, screen.doc().variant) {
            with_arrivals += 1;
            let Ok(turn) = card.turn else { unreachable!() };
            let count = screen.doc().scenario().turns.count;
            let other = if turn < count { turn + 1 } else { turn - 1 };
            move_and_back(&mut app, &card, other);
            let saved = std::fs::read(&path).expect("read");
            assert!(saved == before, "{name}: changed by a save");
        }
    }
    assert!(with_arrivals >= 10, "{with_arrivals}");
}

/// Drops the card on `other`, back on its turn, and saves.
fn move_and_back(
    app: &mut berthier_editor::app::App,
    card: &berthier_tools::timeline::cards::Card,
    other: u16,
) {
    use berthier_editor::app::Message;
    use berthier_editor::screen::timeline::{CardKey, Message as T};
    let key = CardKey::of(card);
    let Ok(turn) = card.turn else { return };
    for to in [other, turn] {
        let _ = app.update(Message::Timeline(T::Grab(key)));
        let _ = app.update(Message::Timeline(T::Drop(to)));
    }
    let screen = timeline(app);
    assert!(screen.is_dirty(), "two moves leave it dirty");
    let _ = app.update(Message::Timeline(T::Save));
    let screen = timeline(app);
    assert!(!screen.is_dirty(), "{:?}", screen.notice());
}
