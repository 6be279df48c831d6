//! Each painted hex's terrain id in a hash table, built once per map.
//!
//! A map keeps its hexes in a `BTreeMap` (sorted, so files save in a
//! stable order); on a 10,000-hex map each lookup walks about fourteen
//! levels of comparisons. The setup rules look up the terrain of every
//! unit set up, in every scenario, and the scenarios of a pack share a
//! few maps: the validator builds this index once per map and hands it to
//! each [`crate::battle::Battle`] (`Battle::with_terrain`).

use rustc_hash::FxHashMap;

use crate::hex::HexId;
use crate::map::Map;

/// A map's painted terrain ids by hex.
#[derive(Debug, Clone, Default)]
pub struct HexTerrain {
    /// Each terrain id painted on the map, once.
    ids: Vec<String>,
    /// A painted hex to its terrain id's index in `ids`.
    hexes: FxHashMap<HexId, u32>,
}

impl HexTerrain {
    /// The index of `map` as it is now (rebuild it after the map changes).
    pub fn new(map: &Map) -> Self {
        let mut ids: Vec<String> = Vec::new();
        let mut seen: FxHashMap<&str, u32> = FxHashMap::default();
        let mut hexes = FxHashMap::default();
        hexes.reserve(map.hexes.len());
        for (hex, data) in &map.hexes {
            let Some(id) = data.terrain.as_deref() else {
                continue;
            };
            let index = *seen.entry(id).or_insert_with(|| {
                ids.push(id.to_owned());
                u32::try_from(ids.len() - 1).unwrap_or(u32::MAX)
            });
            hexes.insert(*hex, index);
        }
        Self { ids, hexes }
    }

    /// The terrain id painted on `hex`, as `map.hexes[hex].terrain` says
    /// (`None` when the hex is not listed or not painted).
    pub fn get(&self, hex: HexId) -> Option<&str> {
        let index = usize::try_from(*self.hexes.get(&hex)?).ok()?;
        self.ids.get(index).map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Format;

    /// Every hex of every bundled map (Ligny's sheets included), its
    /// neighbours and a hex off the map: the index says what the map says.
    #[test]
    fn agrees_with_every_bundled_map() {
        let maps = concat!(env!("CARGO_MANIFEST_DIR"), "/../maps");
        let mut checked = 0;
        for dir in std::fs::read_dir(maps).expect("maps") {
            let dir = dir.expect("entry").path();
            let Some(name) = dir.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            let file = dir.join(format!("{name}.map.ron"));
            let Ok(text) = std::fs::read_to_string(&file) else {
                continue;
            };
            let map: Map = crate::parse(&text, Format::Ron).expect("map");
            let index = HexTerrain::new(&map);
            let mut probes: Vec<HexId> = map.hexes.keys().copied().collect();
            probes.extend(map.hexes.keys().flat_map(|h| map.neighbours(*h)));
            probes.push(HexId::new(999, 99));
            for hex in probes {
                let expected =
                    map.hexes.get(&hex).and_then(|h| h.terrain.as_deref());
                assert_eq!(
                    index.get(hex),
                    expected,
                    "{} {hex}",
                    file.display()
                );
                checked += 1;
            }
        }
        assert!(checked > 1000, "only {checked} hexes checked");
    }
}
