//! A RON document read into a flat tree: one vector of nodes, one of
//! child links, strings borrowed from the text where no escape has to be
//! decoded. It holds the document's JSON shape (the correspondence of
//! [`super`]) for a handful of allocations per document where a
//! `serde_json::Value` costs one or more per value: the validator checks
//! it against the schema ([`RonTreeJson`]) and types it (`serde`
//! [`Deserializer`](serde::Deserializer) on [`NodeRef`]) without building
//! that value. [`RonTree::to_value`] gives the same shape as a
//! `serde_json::Value` for the precise paths, so there is one reading.
//!
//! The reading is exact or gives up (`None`): any construct it could read
//! differently from the typed reader (escapes other than the common ones,
//! character literals with escapes, hexadecimal numbers) sends the caller
//! back to the typed reader. So does anything the typed reader refuses but
//! a JSON value would hide: a key written twice (a JSON object keeps the
//! last), a bracket closed by another kind (`[ .. )`), a number that is
//! not finite (`1e309`, `NaN`, `inf`, which JSON can only write as
//! `null`), and an empty list element (`[1,,2]`).

use std::borrow::Cow;

use serde_json::Number;

use read::Reader;

use super::token::{Scanner, Token};
use crate::format::Format;

mod de;
mod json;
mod key;
mod read;

pub use json::RonTreeJson;

/// One value of the document.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node<'t> {
    Null,
    Bool(bool),
    Number(Number),
    Str(Cow<'t, str>),
    /// Items: `links[start..start + len]`.
    Array {
        start: u32,
        len: u32,
    },
    /// Members: `links[start..start + 2 * len]`, key and value node in
    /// turn; keys are [`Node::Str`] nodes.
    Object {
        start: u32,
        len: u32,
    },
}

/// A document's JSON shape in one tree (see the module).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RonTree<'t> {
    nodes: Vec<Node<'t>>,
    links: Vec<u32>,
    root: u32,
    /// Whether every part was read as the typed reader reads it: a map key
    /// with an escape the shape does not decode (`"\u{41}"`) keeps the
    /// shape (the schema check of a broken file reads it) but is not
    /// exact enough to type the document from.
    exact: bool,
}

/// A handle on one node of a RON tree: what the schema check and the typing
/// walk.
#[derive(Debug, Clone, Copy)]
pub struct NodeRef<'a> {
    tree: &'a RonTree<'a>,
    index: u32,
}

static NULL: Node<'static> = Node::Null;

impl<'t> RonTree<'t> {
    /// Reads a RON document, or `None` when the text is not RON this
    /// reading understands (syntax errors are the typed reader's to
    /// report).
    pub fn read_ron(text: &'t str) -> Option<Self> {
        // Pack files hold one node per 6 to 9 bytes and about as many
        // links: sized so, the vectors are not grown and copied while
        // reading (issue 16: growing them was 2% of a pack's
        // instructions).
        let mut reader = Reader {
            scanner: Scanner::new(text, Format::Ron),
            nodes: Vec::with_capacity(text.len() / 5 + 16),
            links: Vec::with_capacity(text.len() / 5 + 16),
            stack: Vec::new(),
            exact: true,
        };
        reader.scanner.skip_preamble();
        let token = reader.scanner.next_token();
        let root = reader.value(token, 0)?;
        (reader.scanner.next_token() == Token::Eof).then_some(Self {
            nodes: reader.nodes,
            links: reader.links,
            root,
            exact: reader.exact,
        })
    }

    /// Whether the document can be typed from this reading (see
    /// [`RonTree::exact`]'s field).
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// The whole document.
    pub fn root(&self) -> NodeRef<'_> {
        NodeRef {
            tree: self,
            index: self.root,
        }
    }

    /// The document as a `serde_json::Value`.
    pub fn to_value(&self) -> serde_json::Value {
        self.root().to_value()
    }

    /// The node at `index`.
    pub(crate) fn at(&self, index: u32) -> NodeRef<'_> {
        NodeRef { tree: self, index }
    }

    /// The tree of one string (the schema check's scratch node for a
    /// property name), reusing its allocation.
    pub(crate) fn set_single_string(&mut self, string: &str) {
        self.links.clear();
        self.root = 0;
        if let [Node::Str(Cow::Owned(owned))] = self.nodes.as_mut_slice() {
            owned.clear();
            owned.push_str(string);
            return;
        }
        self.nodes.clear();
        self.nodes.push(Node::Str(Cow::Owned(string.to_owned())));
    }
}

impl<'a> NodeRef<'a> {
    pub(crate) fn node(&self) -> &'a Node<'a> {
        self.tree.nodes.get(self.index as usize).unwrap_or(&NULL)
    }

    pub(crate) fn tree(&self) -> &'a RonTree<'a> {
        self.tree
    }

    pub(crate) fn index(&self) -> u32 {
        self.index
    }

    /// The links `start..start + len` (an array's items, an object's keys
    /// and values).
    pub(crate) fn links(&self, start: u32, len: u32) -> &'a [u32] {
        let from = start as usize;
        let to = from.saturating_add(len as usize);
        self.tree.links.get(from..to).unwrap_or(&[])
    }

    /// The nodes `links[start..start + len]`.
    pub(crate) fn linked(
        &self,
        start: u32,
        len: u32,
    ) -> impl ExactSizeIterator<Item = NodeRef<'a>> + use<'a> {
        let tree = self.tree;
        self.links(start, len)
            .iter()
            .map(move |index| tree.at(*index))
    }

    /// The text of a string node.
    pub(crate) fn as_str(&self) -> Option<&'a str> {
        match self.node() {
            Node::Str(s) => Some(s.as_ref()),
            _ => None,
        }
    }

    /// The member `key` of an object node.
    pub fn get(&self, key: &str) -> Option<NodeRef<'a>> {
        let Node::Object { start, len } = self.node() else {
            return None;
        };
        let mut members = self.linked(*start, len.saturating_mul(2));
        while let (Some(k), Some(v)) = (members.next(), members.next()) {
            if k.as_str() == Some(key) {
                return Some(v);
            }
        }
        None
    }

    /// This node and all below it as a `serde_json::Value`.
    pub fn to_value(&self) -> serde_json::Value {
        use serde_json::Value;
        match self.node() {
            Node::Null => Value::Null,
            Node::Bool(b) => Value::Bool(*b),
            Node::Number(n) => Value::Number(n.clone()),
            Node::Str(s) => Value::String(s.to_string()),
            Node::Array { start, len } => Value::Array(
                self.linked(*start, *len).map(|n| n.to_value()).collect(),
            ),
            Node::Object { start, len } => {
                let mut map = serde_json::Map::with_capacity(*len as usize);
                let mut members = self.linked(*start, len.saturating_mul(2));
                while let (Some(k), Some(v)) = (members.next(), members.next())
                {
                    let key = k.as_str().unwrap_or_default().to_owned();
                    map.insert(key, v.to_value());
                }
                Value::Object(map)
            }
        }
    }
}
