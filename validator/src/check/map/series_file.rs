//! The effective series of a map file, read from disk with its `extends`
//! chain applied, for callers outside a validation run (the editor).

use std::path::Path;

use berthier_schema::map::Map;
use berthier_schema::pack::{beside, load_series};
use berthier_schema::series::Series;

/// The series `map` (read from `map_path`) names, with its `extends` chain
/// applied as a validation run applies it. Errors say which file failed;
/// the validator reports them as REF001, REF010 and REF013.
pub fn series_for_map(map_path: &Path, map: &Map) -> Result<Series, String> {
    load_series(&beside(map_path, &map.series)).map_err(|e| e.to_string())
}
