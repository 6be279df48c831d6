//! Whether a JSON text has a duplicated key in some object. serde_json's
//! `Value` keeps the last of two equal keys while a reader scanning the
//! text finds the first; the validator refuses such documents (SCH002), so
//! the locate target compares lookups only on texts without them.

use std::collections::HashSet;
use std::fmt;

use serde::de::{
    self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor,
};

/// Deserializes any JSON, failing on the first duplicated key.
struct Unique;

impl<'de> Deserialize<'de> for Unique {
    fn deserialize<D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Self, D::Error> {
        deserializer.deserialize_any(UniqueVisitor)
    }
}

struct UniqueVisitor;

impl<'de> Visitor<'de> for UniqueVisitor {
    type Value = Unique;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(
        self,
        mut map: A,
    ) -> Result<Unique, A::Error> {
        let mut keys = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !keys.insert(key) {
                return Err(de::Error::custom("duplicated key"));
            }
            map.next_value::<Unique>()?;
        }
        Ok(Unique)
    }

    fn visit_seq<A: SeqAccess<'de>>(
        self,
        mut seq: A,
    ) -> Result<Unique, A::Error> {
        while seq.next_element::<Unique>()?.is_some() {}
        Ok(Unique)
    }

    fn visit_bool<E>(self, _: bool) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_str<E>(self, _: &str) -> Result<Unique, E> {
        Ok(Unique)
    }
    fn visit_unit<E>(self) -> Result<Unique, E> {
        Ok(Unique)
    }
}

/// Whether `text` is JSON whose objects each have distinct keys.
pub fn keys_unique(text: &str) -> bool {
    serde_json::from_str::<Unique>(text).is_ok()
}

#[cfg(test)]
mod tests {
    use super::keys_unique;

    #[test]
    fn a_duplicated_key_at_any_depth_is_found() {
        assert!(keys_unique(r#"{"a": [{"b": 1, "c": 2}], "d": null}"#));
        assert!(!keys_unique(r#"{"a": [{"b": 1, "b": 2}]}"#));
        assert!(!keys_unique(r#"{"a": 1, "a": 1}"#));
    }
}
