//! A scenario pack in a repository of its own: `init` writes a skeleton
//! that validates, refuses to overwrite, and a broken scenario is found
//! with its file and line; the standard series are named, listed, shown
//! and exported; the Rivoli folders copied out of the repository validate
//! once their `series` names the standard series. (`ci/pack-repo.sh` runs
//! the same steps with the validator installed by `cargo install`.)
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

use berthier_schema::standard;
use common::run;

fn repo() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

#[test]
fn init_writes_a_pack_that_validates_then_finds_a_broken_scenario() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run(dir.path(), &["init", "pack"]);
    assert_eq!(out.status, 0, "{}{}", out.stdout, out.stderr);
    let pack = dir.path().join("pack");
    for file in [
        "berthier.toml",
        "maps/example/example.map.ron",
        "counters/example/example.counters.ron",
        "scenarios/example/example.scenario.ron",
        ".github/workflows/berthier-validate.yml",
        ".pre-commit-config.yaml",
        ".vscode/settings.json",
        "schemas/scenario.schema.json",
    ] {
        assert!(pack.join(file).is_file(), "init wrote no {file}");
    }
    let clean = run(&pack, &[]);
    assert_eq!(clean.status, 0, "{}{}", clean.stdout, clean.stderr);
    assert!(
        clean.stdout.starts_with("All checks passed"),
        "{}",
        clean.stdout
    );

    // The pre-commit hook runs the installed validator: offline, nothing
    // to build.
    let hook = std::fs::read_to_string(pack.join(".pre-commit-config.yaml"))
        .expect("hook");
    assert!(hook.contains("repo: local"), "{hook}");
    assert!(hook.contains("language: system"), "{hook}");
    assert!(hook.contains("entry: berthier-validate"), "{hook}");

    // The example as JSON names the schema init exported by a relative
    // path, which an editor resolves offline, and still validates.
    let json = run(
        &pack,
        &[
            "convert",
            "scenarios/example/example.scenario.ron",
            "--to",
            "json",
            "--out",
            "scenarios/example/json.scenario.json",
        ],
    );
    assert_eq!(json.status, 0, "{}", json.stderr);
    let written = std::fs::read_to_string(
        pack.join("scenarios/example/json.scenario.json"),
    )
    .expect("json");
    assert!(
        written.contains(r#""$schema": "../../schemas/scenario.schema.json""#),
        "{written}"
    );
    std::fs::remove_file(pack.join("scenarios/example/json.scenario.json"))
        .expect("remove");

    // A copy of the example whose counters file does not exist (REF001).
    let example = pack.join("scenarios/example/example.scenario.ron");
    let broken = std::fs::read_to_string(example)
        .expect("example")
        .replace("id: \"example\"", "id: \"broken\"")
        .replace("example.counters.ron", "nowhere.counters.ron");
    let (line, col) =
        common::position(&broken, "\"../../counters/example/nowhere");
    std::fs::write(pack.join("scenarios/example/broken.scenario.ron"), broken)
        .expect("write");
    let found = run(&pack, &[]);
    assert_eq!(found.status, 1, "{}{}", found.stdout, found.stderr);
    let at = format!("--> scenarios/example/broken.scenario.ron:{line}:{col}");
    assert!(found.stdout.contains("error[REF001]"), "{}", found.stdout);
    assert!(found.stdout.contains(&at), "{}", found.stdout);
}

#[test]
fn init_writes_the_building_hook_on_request() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run(dir.path(), &["init", "pack", "--hook", "build"]);
    assert_eq!(out.status, 0, "{}{}", out.stdout, out.stderr);
    let hook = std::fs::read_to_string(
        dir.path().join("pack/.pre-commit-config.yaml"),
    )
    .expect("hook");
    assert!(hook.contains("rev: v"), "{hook}");
    assert!(hook.contains("--locked"), "{hook}");
    assert!(!hook.contains("repo: local"), "{hook}");
    // The hook it names builds with the lock file CI tested.
    let manifest =
        std::fs::read_to_string(repo().join(".pre-commit-hooks.yaml"))
            .expect("manifest");
    assert!(
        manifest.contains("entry: ci/pre-commit-hook.sh"),
        "{manifest}"
    );
    let script = std::fs::read_to_string(repo().join("ci/pre-commit-hook.sh"))
        .expect("script");
    assert!(
        script.contains("cargo build --quiet --release --locked"),
        "{script}"
    );
}

#[test]
fn init_in_the_current_folder_says_so_without_a_cd() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run(dir.path(), &["init"]);
    assert_eq!(out.status, 0, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("in the current folder."),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("cd ."), "{}", out.stdout);
}

#[test]
fn init_refuses_to_overwrite_and_names_the_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("berthier.toml"), "exclude = [\"x\"]\n")
        .expect("write");
    let out = run(dir.path(), &["init"]);
    assert_eq!(out.status, 2, "{}{}", out.stdout, out.stderr);
    assert!(out.stderr.contains("berthier.toml"), "{}", out.stderr);
    assert!(out.stderr.contains("nothing written"), "{}", out.stderr);
    let kept = std::fs::read_to_string(dir.path().join("berthier.toml"));
    assert_eq!(kept.expect("kept"), "exclude = [\"x\"]\n");
    assert!(!dir.path().join("maps").exists(), "wrote part of the pack");
}

#[test]
fn init_on_another_standard_series_writes_no_example_battle() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run(dir.path(), &["init", "vle", "--series", "vive-l-empereur"]);
    assert_eq!(out.status, 0, "{}{}", out.stdout, out.stderr);
    let pack = dir.path().join("vle");
    assert!(pack.join("berthier.toml").is_file());
    assert!(
        !pack.join("maps/example").exists(),
        "example on VLE terrain"
    );
    for folder in ["maps", "counters", "scenarios"] {
        assert!(pack.join(folder).is_dir(), "no {folder}/ folder");
    }
    assert!(out.stdout.contains("No example battle"), "{}", out.stdout);
    let config = std::fs::read_to_string(pack.join("berthier.toml")).unwrap();
    let newest = standard::find("vive-l-empereur").unwrap().pinned();
    assert!(config.contains(&format!("series = {newest:?}")), "{config}");
    // No document yet: exit 2 as for any empty run, 0 when allowed.
    assert_eq!(run(&pack, &[]).status, 2);
    let empty = run(&pack, &["--allow-empty"]);
    assert_eq!(empty.status, 0, "{}{}", empty.stdout, empty.stderr);

    // The pack's series is checked: a typo is an error, with the name.
    std::fs::write(
        pack.join("berthier.toml"),
        config.replace(&newest, "vive-l-emperor"),
    )
    .unwrap();
    let typo = run(&pack, &[]);
    assert_eq!(typo.status, 2, "{}{}", typo.stdout, typo.stderr);
    assert!(typo.stderr.contains("berthier.toml"), "{}", typo.stderr);
    assert!(typo.stderr.contains("vive-l-empereur"), "{}", typo.stderr);

    let jdg = run(dir.path(), &["init", "jdg", "--no-example"]);
    assert_eq!(jdg.status, 0, "{}{}", jdg.stdout, jdg.stderr);
    assert!(!dir.path().join("jdg/scenarios/example").exists());
}

#[test]
fn init_refuses_a_misspelled_series_with_the_nearest_name() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run(dir.path(), &["init", "p", "--series", "jours-de-glorie"]);
    assert_eq!(out.status, 2, "{}{}", out.stdout, out.stderr);
    assert!(out.stderr.contains("jours-de-gloire"), "{}", out.stderr);
    assert!(!dir.path().join("p").exists(), "wrote a pack anyway");
}

#[test]
fn init_copies_a_series_file_of_ones_own_into_the_pack() {
    let dir = tempfile::tempdir().expect("tempdir");
    let own = dir.path().join("mine.series.ron");
    let shipped = standard::find("vive-l-empereur").expect("standard");
    std::fs::write(&own, shipped.text).expect("write");
    let out = run(
        dir.path(),
        &["init", "p", "--series", own.to_str().expect("utf-8")],
    );
    assert_eq!(out.status, 0, "{}{}", out.stdout, out.stderr);
    let copied = dir.path().join("p/series/mine.series.ron");
    assert_eq!(std::fs::read_to_string(copied).expect("copy"), shipped.text);

    // A counters file chosen by mistake is refused, nothing written.
    let counters = repo().join("counters/rivoli-1797/rivoli-1797.counters.ron");
    let wrong = run(
        dir.path(),
        &["init", "q", "--series", counters.to_str().expect("utf-8")],
    );
    assert_eq!(wrong.status, 2, "{}{}", wrong.stdout, wrong.stderr);
    assert!(wrong.stderr.contains("not a series"), "{}", wrong.stderr);
    assert!(!dir.path().join("q").exists());
}

#[test]
fn init_maps_every_json_kind_to_its_exported_schema() {
    let dir = tempfile::tempdir().expect("tempdir");
    assert_eq!(run(dir.path(), &["init"]).status, 0);
    let settings =
        std::fs::read_to_string(dir.path().join(".vscode/settings.json"));
    let settings: serde_json::Value =
        serde_json::from_str(&settings.expect("settings")).expect("JSON");
    let mapped = settings["json.schemas"].as_array().expect("json.schemas");
    for kind in ["series", "map", "counters", "scenario"] {
        let entry = mapped
            .iter()
            .find(|m| m["fileMatch"][0] == format!("*.{kind}.json"))
            .unwrap_or_else(|| panic!("no mapping for *.{kind}.json"));
        let url = entry["url"].as_str().expect("url");
        let exported = std::fs::read_to_string(dir.path().join(url));
        let schema: serde_json::Value =
            serde_json::from_str(&exported.expect("exported")).expect("JSON");
        let id = schema["$id"].as_str().expect("$id");
        assert_eq!(
            id,
            format!(
                "{}{kind}.schema.json",
                berthier_schema::json_schema::SCHEMA_BASE
            )
        );
    }
}

#[test]
fn the_workflow_template_pins_this_version_and_caches_by_it() {
    let workflow = berthier_validator::init::WORKFLOW;
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        workflow.contains(&format!("BERTHIER_VERSION: \"{version}\"")),
        "ci/github/berthier-validate.yml pins another version than {version}"
    );
    assert!(workflow.contains(
        "key: berthier-validate-${{ runner.os }}-${{ env.BERTHIER_VERSION }}"
    ));
}

#[test]
fn series_list_show_and_export() {
    let dir = tempfile::tempdir().expect("tempdir");
    let list = run(dir.path(), &["series", "list"]);
    assert_eq!(list.status, 0, "{}", list.stderr);
    for series in standard::all() {
        assert!(list.stdout.contains(&series.pinned()), "{}", list.stdout);
        assert!(list.stdout.contains(series.file), "{}", list.stdout);
    }
    // The pinned version 1 is the archived text; the bare name, the newest.
    for (name, file) in [
        (
            "vive-l-empereur@1",
            "schema/series/archive/vive-l-empereur@1.series.ron",
        ),
        (
            "vive-l-empereur",
            "schema/series/vive-l-empereur.series.ron",
        ),
    ] {
        let show = run(dir.path(), &["series", "show", name]);
        assert_eq!(show.status, 0, "{}", show.stderr);
        let shipped = repo().join(file);
        assert_eq!(
            show.stdout,
            std::fs::read_to_string(shipped).expect("read"),
            "{name}"
        );
    }

    let out = run(
        dir.path(),
        &["series", "export", "canope-1801", "--out", "c.series.json"],
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let again = run(
        dir.path(),
        &["series", "export", "canope-1801", "--out", "c.series.json"],
    );
    assert_eq!(again.status, 2, "overwrote: {}", again.stderr);
    assert!(again.stderr.contains("--force"), "{}", again.stderr);
    // A RON copy for modding: its own id (from the file's name), the
    // comments kept but citing rulebooks by title, not by a file of
    // Berthier's own machines.
    let ron = run(
        dir.path(),
        &[
            "series",
            "export",
            "vive-l-empereur",
            "--out",
            "my-vle.series.ron",
        ],
    );
    assert_eq!(ron.status, 0, "{}", ron.stderr);
    let text = std::fs::read_to_string(dir.path().join("my-vle.series.ron"))
        .expect("copy");
    assert!(text.contains("id: \"my-vle\""), "{text}");
    assert!(text.contains("Le Retour de l'Empereur rulebook"), "{text}");
    assert!(
        !text.contains("/work/") && !text.contains("_20a723eb"),
        "{text}"
    );
    let named = run(
        dir.path(),
        &[
            "series",
            "export",
            "jours-de-gloire",
            "--id",
            "jours-de-gloire",
            "--out",
            "j.series.ron",
        ],
    );
    assert_eq!(named.status, 2, "{}", named.stdout);
    assert!(
        named.stderr.contains("an id of its own"),
        "{}",
        named.stderr
    );
    // The exported copy extends the Empire series by name: it validates
    // outside the repository.
    let check = run(dir.path(), &[]);
    assert_eq!(check.status, 0, "{}{}", check.stdout, check.stderr);

    let unknown = run(dir.path(), &["series", "show", "vive-lempereur"]);
    assert_eq!(unknown.status, 2);
    assert!(
        unknown.stderr.contains("did you mean `vive-l-empereur`"),
        "{}",
        unknown.stderr
    );
}

/// Copies `from` (a folder) to `to`, replacing the series path with `name`.
fn copy_renamed(from: &Path, to: &Path, path: &str, name: &str) {
    std::fs::create_dir_all(to).expect("folder");
    for entry in std::fs::read_dir(from).expect("read") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_renamed(&entry.path(), &target, path, name);
        } else if let Ok(text) = std::fs::read_to_string(entry.path()) {
            let renamed = text.replace(
                &format!("series: \"{path}\""),
                &format!("series: \"{name}\""),
            );
            std::fs::write(target, renamed).expect("write");
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}

#[test]
fn rivoli_copied_out_of_the_repository_validates_on_the_standard_series() {
    let dir = tempfile::tempdir().expect("tempdir");
    for folder in [
        "scenarios/rivoli-1797",
        "maps/rivoli-1797",
        "counters/rivoli-1797",
    ] {
        copy_renamed(
            &repo().join(folder),
            &dir.path().join(folder),
            "../../schema/series/jours-de-gloire.series.ron",
            "jours-de-gloire",
        );
    }
    let named = std::fs::read_to_string(
        dir.path()
            .join("scenarios/rivoli-1797/historical.scenario.ron"),
    );
    assert!(
        named
            .expect("copied")
            .contains("series: \"jours-de-gloire\"")
    );
    let out = run(dir.path(), &[]);
    assert_eq!(out.status, 0, "{}{}", out.stdout, out.stderr);
    assert!(!out.stdout.contains("error["), "{}", out.stdout);
    assert!(!out.stdout.contains("[REF"), "{}", out.stdout);
}
