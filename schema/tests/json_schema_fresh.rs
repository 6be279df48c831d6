//! The committed JSON Schemas under `schema/json/` match the model.
//! Regenerate with `BERTHIER_BLESS=1 cargo test -p berthier-schema --test
//! json_schema_fresh` (or `berthier-validate export-schema --out schema/json`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use berthier_schema::DocKind;
use berthier_schema::json_schema::{file_name, schema_text};

#[test]
fn committed_schemas_are_fresh() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("json");
    let bless = std::env::var_os("BERTHIER_BLESS").is_some();
    let mut stale = Vec::new();
    for kind in DocKind::ALL {
        let path = dir.join(file_name(kind));
        let fresh = schema_text(kind);
        if bless {
            std::fs::create_dir_all(&dir).expect("create schema/json");
            std::fs::write(&path, &fresh).expect("write schema");
            continue;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed != fresh {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "stale JSON Schemas: {stale:?}\nregenerate with BERTHIER_BLESS=1 \
         cargo test -p berthier-schema --test json_schema_fresh"
    );
}

#[test]
fn every_schema_is_draft_2020_12_with_an_id() {
    for kind in DocKind::ALL {
        let schema = berthier_schema::json_schema::schema_for(kind);
        assert_eq!(
            schema["$schema"],
            "https://json-schema.org/draft/2020-12/schema"
        );
        let id = schema["$id"].as_str().expect("$id");
        assert!(id.ends_with(&file_name(kind)), "{id}");
    }
}
