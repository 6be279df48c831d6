//! The tree as a jsonschema instance representation, so a document is
//! checked against its schema without building a `serde_json::Value`.
//! Every accessor answers exactly what the same document's
//! [`RonTree::to_value`] would (tested in `schema/tests/ron_tree_typing.rs`).

use std::borrow::Cow;
use std::ops::ControlFlow;

use jsonschema::JsonType;
use jsonschema::json::{Array, Json, Node as JsonNode, NodeIdentity, Object};
use serde_json::{Number, Value};

use super::{Node, NodeRef, RonTree};

/// The tree representation (see the module).
pub struct RonTreeJson;

impl Json for RonTreeJson {
    type Node<'a> = NodeRef<'a>;
    type PreparedKey = String;
    type StringBuffer = RonTree<'static>;

    // A lookup scans the members in order, so one pass over a few more
    // keys than the names looked up costs no more.
    const KEYS_PER_LOOKUP: usize = 4;
    // A tree: no node is its own descendant.
    const ACYCLIC: bool = true;

    fn prepare_key(key: &str) -> String {
        key.to_owned()
    }

    fn with_string_node<T>(
        buffer: &mut RonTree<'static>,
        string: &str,
        f: impl FnOnce(NodeRef<'_>) -> T,
    ) -> T {
        buffer.set_single_string(string);
        f(buffer.root())
    }
}

impl<'a> JsonNode<'a, RonTreeJson> for NodeRef<'a> {
    type Object = Members<'a>;
    type Array = Items<'a>;
    type Number = Number;

    fn as_object(&self) -> Option<Members<'a>> {
        match self.node() {
            Node::Object { start, len } => Some(Members {
                of: *self,
                start: *start,
                len: *len,
            }),
            _ => None,
        }
    }

    fn as_array(&self) -> Option<Items<'a>> {
        match self.node() {
            Node::Array { start, len } => Some(Items {
                of: *self,
                start: *start,
                len: *len,
            }),
            _ => None,
        }
    }

    fn as_string(&self) -> Option<Cow<'a, str>> {
        self.as_str().map(Cow::Borrowed)
    }

    fn as_number(&self) -> Option<Number> {
        match self.node() {
            Node::Number(n) => Some(n.clone()),
            _ => None,
        }
    }

    fn as_boolean(&self) -> Option<bool> {
        match self.node() {
            Node::Bool(b) => Some(*b),
            _ => None,
        }
    }

    fn is_null(&self) -> bool {
        matches!(self.node(), Node::Null)
    }

    fn json_type(&self) -> JsonType {
        match self.node() {
            Node::Null => JsonType::Null,
            Node::Bool(_) => JsonType::Boolean,
            Node::Number(_) => JsonType::Number,
            Node::Str(_) => JsonType::String,
            Node::Array { .. } => JsonType::Array,
            Node::Object { .. } => JsonType::Object,
        }
    }

    // `const` and `enum` compare every candidate: scalars without
    // building a value.
    fn equals_value(&self, expected: &Value) -> bool {
        match (self.node(), expected) {
            (Node::Null, _) => expected.is_null(),
            (Node::Bool(b), _) => expected.as_bool() == Some(*b),
            (Node::Str(s), _) => expected.as_str() == Some(s.as_ref()),
            (Node::Number(n), Value::Number(other)) => {
                jsonschema::json::cmp::equal_numbers(n, other)
            }
            (Node::Number(_), _) => false,
            _ => jsonschema::json::cmp::equal(&self.to_value(), expected),
        }
    }

    fn to_value(&self) -> Cow<'a, Value> {
        Cow::Owned(NodeRef::to_value(self))
    }

    fn identity(&self) -> Option<NodeIdentity> {
        let tree = std::ptr::from_ref::<RonTree<'_>>(self.tree()) as usize;
        Some(NodeIdentity::tagged(tree, self.index()))
    }
}

/// An object node's members.
pub struct Members<'a> {
    of: NodeRef<'a>,
    start: u32,
    len: u32,
}

/// An array node's items.
pub struct Items<'a> {
    of: NodeRef<'a>,
    start: u32,
    len: u32,
}

/// An object's (key, value) nodes, in document order.
pub struct Pairs<'a> {
    tree: &'a RonTree<'a>,
    links: std::slice::Iter<'a, u32>,
}

impl<'a> Iterator for Pairs<'a> {
    type Item = (NodeRef<'a>, NodeRef<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        let key = *self.links.next()?;
        let value = *self.links.next()?;
        Some((self.tree.at(key), self.tree.at(value)))
    }
}

/// An object's (name, value) members, in document order.
pub struct MembersIter<'a>(Pairs<'a>);

impl<'a> Iterator for MembersIter<'a> {
    type Item = (&'a str, NodeRef<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        let (key, value) = self.0.next()?;
        Some((key.as_str().unwrap_or_default(), value))
    }
}

/// An array's items, in order.
pub struct Elements<'a> {
    tree: &'a RonTree<'a>,
    links: std::slice::Iter<'a, u32>,
}

impl<'a> Iterator for Elements<'a> {
    type Item = NodeRef<'a>;

    fn next(&mut self) -> Option<Self::Item> {
        self.links.next().map(|index| self.tree.at(*index))
    }
}

impl<'a> Members<'a> {
    fn pairs(&self) -> Pairs<'a> {
        Pairs {
            tree: self.of.tree(),
            links: self.of.links(self.start, self.len.saturating_mul(2)).iter(),
        }
    }
}

impl<'a> Object<'a, RonTreeJson> for Members<'a> {
    type Node = NodeRef<'a>;
    type MemberName = &'a str;
    type MembersIter = MembersIter<'a>;

    fn len(&self) -> usize {
        self.len as usize
    }

    fn get(&self, key: &String) -> Option<NodeRef<'a>> {
        self.pairs()
            .find(|(k, _)| k.as_str() == Some(key.as_str()))
            .map(|(_, v)| v)
    }

    fn members(&self) -> Self::MembersIter {
        MembersIter(self.pairs())
    }

    // The keys are string nodes already.
    fn try_for_each_name_node<B>(
        &self,
        _buffer: &mut RonTree<'static>,
        mut f: impl FnMut(NodeRef<'_>) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        for (key, _) in self.pairs() {
            f(key)?;
        }
        ControlFlow::Continue(())
    }
}

impl<'a> Array<'a, RonTreeJson> for Items<'a> {
    type Node = NodeRef<'a>;
    type ElementsIter = Elements<'a>;

    fn len(&self) -> usize {
        self.len as usize
    }

    fn elements(&self) -> Self::ElementsIter {
        Elements {
            tree: self.of.tree(),
            links: self.of.links(self.start, self.len).iter(),
        }
    }

    // `uniqueItems` on a list of names (the common case) without building
    // values; anything else as jsonschema compares values.
    fn is_unique(&self) -> bool {
        let strings: Option<Vec<&str>> = self
            .of
            .linked(self.start, self.len)
            .map(|n| n.as_str())
            .collect();
        if let Some(mut strings) = strings {
            strings.sort_unstable();
            return strings.windows(2).all(|w| w.first() != w.get(1));
        }
        let values: Vec<Value> = self
            .of
            .linked(self.start, self.len)
            .map(|n| n.to_value())
            .collect();
        jsonschema::json::unique::is_unique(&values)
    }
}
