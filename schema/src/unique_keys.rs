//! A map read from a document refuses a key written twice. serde's maps
//! keep the last entry silently, so a hex painted twice in a map's `hexes`
//! lost its first terrain without a word; with this reader the validator
//! and the loader both say which key repeats (SCH002 in the validator).

use std::collections::BTreeMap;
use std::fmt::{self, Display};
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, Error, MapAccess, Visitor};

/// Reads a map whose keys must differ (`#[serde(deserialize_with)]`).
pub fn deserialize<'de, D, K, V>(
    deserializer: D,
) -> Result<BTreeMap<K, V>, D::Error>
where
    D: Deserializer<'de>,
    K: Deserialize<'de> + Ord + Display,
    V: Deserialize<'de>,
{
    deserializer.deserialize_map(Once(PhantomData))
}

struct Once<K, V>(PhantomData<(K, V)>);

impl<'de, K, V> Visitor<'de> for Once<K, V>
where
    K: Deserialize<'de> + Ord + Display,
    V: Deserialize<'de>,
{
    type Value = BTreeMap<K, V>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map with each key once")
    }

    fn visit_map<A: MapAccess<'de>>(
        self,
        mut access: A,
    ) -> Result<Self::Value, A::Error> {
        let mut out = BTreeMap::new();
        while let Some((key, value)) = access.next_entry::<K, V>()? {
            if out.contains_key(&key) {
                return Err(A::Error::custom(format!(
                    "`{key}` is written twice; the second entry would \
                     silently replace the first: keep one"
                )));
            }
            out.insert(key, value);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use crate::document::{Format, load_document};

    #[test]
    fn a_hex_painted_twice_is_refused_in_ron_and_json() {
        let text = include_str!("../tests/fixtures/mini/mini.map.ron");
        let twice = text.replacen(
            "\"0305\": (terrain: \"lake\"),",
            "\"0305\": (terrain: \"lake\"),\n        \"0305\": (terrain: \"woods\"),",
            1,
        );
        assert_ne!(twice, text);
        let Err(e) = load_document(&twice, Format::Ron) else {
            panic!("loaded");
        };
        assert!(e.to_string().contains("`0305` is written twice"), "{e}");
        let json = "{\"kind\": \"map\", \"format_version\": 2, \"id\": \"m\", \
                    \"name\": \"M\", \"series\": \"s\", \"grid\": {\"shift\": \
                    \"odd\", \"origin_hex\": \"0101\", \"origin_px\": [0, 0], \
                    \"hex_radius_px\": 30}, \"extent\": [{\"cols\": [1, 2], \
                    \"rows\": [1, 2]}], \"hexes\": {\"0101\": {\"terrain\": \
                    \"a\"}, \"0101\": {\"terrain\": \"b\"}}}";
        let Err(e) = load_document(json, Format::Json) else {
            panic!("loaded");
        };
        assert!(e.to_string().contains("`0101` is written twice"), "{e}");
    }
}
