//! REF008 on a map: a painted terrain, a hexside feature or a road class
//! the series (with its `extends` chain) does not define. Documented with
//! the other pass-2 codes (`crate::rules`). The editor draws such a hex
//! with no tint, so the findings panel is where the designer learns of it.

use berthier_schema::map::Map;
use berthier_schema::series::Series;

use super::Finding;
use crate::check::defined::Defined;
use crate::pointer::at;

/// REF008 for the terrain, hexside features and road classes of `map`,
/// each with the nearest id the series defines ("did you mean `woods`?").
pub fn check(map: &Map, series: &Series) -> Vec<Finding> {
    let terrain =
        Defined::new("terrain", series.terrain.iter().map(|t| &*t.id));
    let features = Defined::new(
        "hexside feature",
        series.hexside_types.iter().map(|t| &*t.id),
    );
    let roads =
        Defined::new("road class", series.road_types.iter().map(|t| &*t.id));
    let mut out = Vec::new();
    for (hex, data) in &map.hexes {
        let Some(t) = &data.terrain else { continue };
        let pointer = at("hexes").key(hex).field("terrain");
        out.extend(terrain.check(pointer, t).map(|f| f.hex(*hex)));
    }
    for (i, side) in map.hexsides.iter().enumerate() {
        let pointer = at("hexsides").index(i).field("feature");
        let finding = features.check(pointer, &side.feature);
        out.extend(finding.map(|f| f.side(side.at)));
    }
    for (i, road) in map.roads.iter().enumerate() {
        let pointer = at("roads").index(i).field("class");
        out.extend(roads.check(pointer, &road.class));
    }
    out
}
