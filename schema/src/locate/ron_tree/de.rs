//! Types a document straight from its tree: a `serde` deserializer that
//! answers each request as `serde_json`'s deserializer of the same
//! document's [`RonTree::to_value`](super::RonTree::to_value) does (`impl
//! Deserializer for &Value` in serde_json's `value/de.rs`), strings
//! borrowed from the tree. Where serde_json would do something this
//! reading does not copy (a number read from a map key), it fails, and
//! the caller types the document the precise way.

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{
    DeserializeSeed, Deserializer, EnumAccess, Error as _, MapAccess,
    SeqAccess, Unexpected, VariantAccess, Visitor,
};
use serde_json::Error;

use super::key::Key;
use super::{Node, NodeRef};

macro_rules! numbers {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            match self.node() {
                Node::Number(n) => n.deserialize_any(visitor),
                _ => Err(self.invalid_type(&visitor)),
            }
        }
    )*};
}

impl<'de> NodeRef<'de> {
    fn unexpected(&self) -> Unexpected<'de> {
        match self.node() {
            Node::Null => Unexpected::Unit,
            Node::Bool(b) => Unexpected::Bool(*b),
            Node::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
                (Some(u), _, _) => Unexpected::Unsigned(u),
                (_, Some(i), _) => Unexpected::Signed(i),
                (_, _, Some(f)) => Unexpected::Float(f),
                _ => Unexpected::Other("number"),
            },
            Node::Str(s) => Unexpected::Str(s),
            Node::Array { .. } => Unexpected::Seq,
            Node::Object { .. } => Unexpected::Map,
        }
    }

    fn invalid_type(&self, expected: &dyn serde::de::Expected) -> Error {
        Error::invalid_type(self.unexpected(), expected)
    }

    fn visit_array<V: Visitor<'de>>(
        self,
        start: u32,
        len: u32,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let mut items = Items(self.linked(start, len));
        let seq = visitor.visit_seq(&mut items)?;
        if items.0.len() == 0 {
            Ok(seq)
        } else {
            Err(Error::invalid_length(
                len as usize,
                &"fewer elements in array",
            ))
        }
    }

    fn visit_object<V: Visitor<'de>>(
        self,
        start: u32,
        len: u32,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let mut members = Members {
            links: self.linked(start, len.saturating_mul(2)),
            value: None,
        };
        let map = visitor.visit_map(&mut members)?;
        if members.links.len() == 0 {
            Ok(map)
        } else {
            Err(Error::invalid_length(
                len as usize,
                &"fewer elements in map",
            ))
        }
    }
}

impl<'de> Deserializer<'de> for NodeRef<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.node() {
            Node::Null => visitor.visit_unit(),
            Node::Bool(b) => visitor.visit_bool(*b),
            Node::Number(n) => n.deserialize_any(visitor),
            Node::Str(s) => visitor.visit_borrowed_str(s),
            Node::Array { start, len } => {
                self.visit_array(*start, *len, visitor)
            }
            Node::Object { start, len } => {
                self.visit_object(*start, *len, visitor)
            }
        }
    }

    fn deserialize_option<V: Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.node() {
            Node::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.node() {
            Node::Object { start, len: 1 } => {
                let mut pair = self.linked(*start, 2);
                match (pair.next().and_then(|k| k.as_str()), pair.next()) {
                    (Some(variant), Some(value)) => visitor.visit_enum(Enum {
                        variant,
                        value: Some(value),
                    }),
                    _ => Err(self.invalid_type(&"map with a single key")),
                }
            }
            Node::Object { .. } => Err(Error::invalid_value(
                Unexpected::Map,
                &"map with a single key",
            )),
            Node::Str(variant) => visitor.visit_enum(Enum {
                variant,
                value: None,
            }),
            _ => Err(self.invalid_type(&"string or map")),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_bool<V: Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.node() {
            Node::Bool(b) => visitor.visit_bool(*b),
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.node() {
            Node::Str(s) => visitor.visit_borrowed_str(s),
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_char<V: Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.node() {
            Node::Str(s) => visitor.visit_borrowed_str(s),
            Node::Array { start, len } => {
                self.visit_array(*start, *len, visitor)
            }
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_unit<V: Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.node() {
            Node::Null => visitor.visit_unit(),
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_seq<V: Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.node() {
            Node::Array { start, len } => {
                self.visit_array(*start, *len, visitor)
            }
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.node() {
            Node::Object { start, len } => {
                self.visit_object(*start, *len, visitor)
            }
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.node() {
            Node::Array { start, len } => {
                self.visit_array(*start, *len, visitor)
            }
            Node::Object { start, len } => {
                self.visit_object(*start, *len, visitor)
            }
            _ => Err(self.invalid_type(&visitor)),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_unit()
    }

    // serde_json reads each number through `Number`'s own deserializer,
    // and refuses anything else.
    numbers! {
        deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32
        deserialize_u64 deserialize_u128 deserialize_f32 deserialize_f64
    }
}

/// An array's items, as serde_json's `SeqRefDeserializer`.
struct Items<I>(I);

impl<'de, I> SeqAccess<'de> for Items<I>
where
    I: ExactSizeIterator<Item = NodeRef<'de>>,
{
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        self.0.next().map(|item| seed.deserialize(item)).transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

/// An object's members, as serde_json's `MapRefDeserializer`.
struct Members<'de, I> {
    links: I,
    value: Option<NodeRef<'de>>,
}

impl<'de, I> MapAccess<'de> for Members<'de, I>
where
    I: ExactSizeIterator<Item = NodeRef<'de>>,
{
    type Error = Error;

    fn next_key_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        let Some(key) = self.links.next() else {
            return Ok(None);
        };
        self.value = self.links.next();
        let name = key.as_str().ok_or_else(|| Error::custom("key"))?;
        seed.deserialize(Key(name)).map(Some)
    }

    fn next_value_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<T::Value, Error> {
        match self.value.take() {
            Some(value) => seed.deserialize(value),
            None => Err(Error::custom("value is missing")),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.links.len() / 2)
    }
}

/// An enum: its variant's name and, unless a unit variant written as a
/// string, its payload (serde_json's `EnumRefDeserializer`).
struct Enum<'de> {
    variant: &'de str,
    value: Option<NodeRef<'de>>,
}

impl<'de> EnumAccess<'de> for Enum<'de> {
    type Error = Error;
    type Variant = Payload<'de>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Self::Variant), Error> {
        let variant: BorrowedStrDeserializer<'de, Error> =
            BorrowedStrDeserializer::new(self.variant);
        seed.deserialize(variant).map(|v| (v, Payload(self.value)))
    }
}

/// An enum variant's payload, if any.
struct Payload<'de>(Option<NodeRef<'de>>);

impl<'de> VariantAccess<'de> for Payload<'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        match self.0 {
            Some(value) => serde::Deserialize::deserialize(value),
            None => Ok(()),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<T::Value, Error> {
        match self.0 {
            Some(value) => seed.deserialize(value),
            None => Err(Error::invalid_type(
                Unexpected::UnitVariant,
                &"newtype variant",
            )),
        }
    }

    fn tuple_variant<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let Some(value) = self.0 else {
            return Err(Error::invalid_type(
                Unexpected::UnitVariant,
                &"tuple variant",
            ));
        };
        match value.node() {
            Node::Array { len: 0, .. } => visitor.visit_unit(),
            Node::Array { start, len } => {
                value.visit_array(*start, *len, visitor)
            }
            _ => Err(value.invalid_type(&"tuple variant")),
        }
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let Some(value) = self.0 else {
            return Err(Error::invalid_type(
                Unexpected::UnitVariant,
                &"struct variant",
            ));
        };
        match value.node() {
            Node::Object { start, len } => {
                value.visit_object(*start, *len, visitor)
            }
            _ => Err(value.invalid_type(&"struct variant")),
        }
    }
}
