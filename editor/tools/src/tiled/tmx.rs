//! The TMX document: Tiled's XML map format (version 1.8), written with
//! quick-xml so every name is escaped.

use std::io;

use quick_xml::Writer;
use quick_xml::events::{BytesDecl, Event};

use super::layout::Layout;
use super::tileset::Tileset;

/// A tileset as the map refers to it: its first global id and image.
pub struct TilesetRef<'a> {
    /// The tiles.
    pub set: &'a Tileset,
    /// Global id of its tile 0.
    pub first_gid: u32,
    /// Image file, relative to the TMX.
    pub image: String,
}

/// A tile layer: one global id per cell, 0 for none, row by row.
pub struct TileLayer {
    /// Layer name.
    pub name: &'static str,
    /// `size[0] * size[1]` global ids.
    pub gids: Vec<u32>,
    /// Layer opacity, 0 to 1: the terrain lets the scan show through.
    pub opacity: f32,
    /// Shown when the map opens.
    pub visible: bool,
}

/// One object of an object layer.
pub struct Object {
    /// Object name (the thing's name).
    pub name: String,
    /// Object class (`type` in 1.8): the thing's kind or id.
    pub class: String,
    /// Where: a point, a polyline or a polygon, in Tiled pixels.
    pub shape: Shape,
    /// Extra properties (id, hex numbers).
    pub properties: Vec<(&'static str, String)>,
}

/// An object's geometry.
pub enum Shape {
    /// A point.
    Point([f64; 2]),
    /// An open line through the points.
    Polyline(Vec<[f64; 2]>),
    /// A closed outline.
    Polygon(Vec<[f64; 2]>),
}

/// An object layer.
pub struct ObjectLayer {
    /// Layer name.
    pub name: &'static str,
    /// Its objects.
    pub objects: Vec<Object>,
}

/// The scan as an image layer, placed so the hexes line up.
pub struct ImageLayer {
    /// Image file, relative to the TMX.
    pub image: String,
    /// Pixel offset of the image's top-left corner.
    pub offset: [f64; 2],
    /// The image's width and height in pixels.
    pub size: [u32; 2],
}

/// Everything the TMX holds.
pub struct Tmx<'a> {
    /// The grid.
    pub layout: &'a Layout,
    /// Tilesets, in first-gid order.
    pub tilesets: Vec<TilesetRef<'a>>,
    /// The scan, drawn first.
    pub image: Option<ImageLayer>,
    /// Tile layers, drawn in order.
    pub tiles: Vec<TileLayer>,
    /// Object layers, drawn last.
    pub objects: Vec<ObjectLayer>,
    /// Map properties (the Berthier map's id and name).
    pub properties: Vec<(&'static str, String)>,
}

type W = Writer<Vec<u8>>;

impl Tmx<'_> {
    /// The document's bytes.
    pub fn write(&self) -> io::Result<Vec<u8>> {
        let mut w = Writer::new_with_indent(Vec::new(), b' ', 1);
        w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
        let l = self.layout;
        let attrs = [
            ("version", "1.8".to_owned()),
            ("tiledversion", "1.8.2".to_owned()),
            ("orientation", "hexagonal".to_owned()),
            ("renderorder", "right-down".to_owned()),
            ("width", l.size[0].to_string()),
            ("height", l.size[1].to_string()),
            ("tilewidth", l.tile[0].to_string()),
            ("tileheight", l.tile[1].to_string()),
            ("hexsidelength", l.side.to_string()),
            (
                "staggeraxis",
                if l.stagger_x { "x" } else { "y" }.to_owned(),
            ),
            (
                "staggerindex",
                if l.stagger_odd { "odd" } else { "even" }.to_owned(),
            ),
            ("infinite", "0".to_owned()),
        ];
        element(&mut w, "map", &attrs, |w| {
            properties(w, &self.properties)?;
            for t in &self.tilesets {
                tileset(w, l, t)?;
            }
            if let Some(image) = &self.image {
                let at = [
                    ("name", "scan".to_owned()),
                    ("offsetx", fmt(image.offset[0])),
                    ("offsety", fmt(image.offset[1])),
                ];
                element(w, "imagelayer", &at, |w| {
                    let [iw, ih] = image.size;
                    let source = [
                        ("source", image.image.clone()),
                        ("width", iw.to_string()),
                        ("height", ih.to_string()),
                    ];
                    empty(w, "image", &source)
                })?;
            }
            for layer in &self.tiles {
                tile_layer(w, l, layer)?;
            }
            for layer in &self.objects {
                object_layer(w, layer)?;
            }
            Ok(())
        })?;
        Ok(w.into_inner())
    }
}

fn element(
    w: &mut W,
    name: &str,
    attrs: &[(&str, String)],
    inner: impl FnOnce(&mut W) -> io::Result<()>,
) -> io::Result<()> {
    let attrs = attrs.iter().map(|(k, v)| (*k, v.as_str()));
    w.create_element(name)
        .with_attributes(attrs)
        .write_inner_content(inner)?;
    Ok(())
}

fn empty(w: &mut W, name: &str, attrs: &[(&str, String)]) -> io::Result<()> {
    let attrs = attrs.iter().map(|(k, v)| (*k, v.as_str()));
    w.create_element(name)
        .with_attributes(attrs)
        .write_empty()?;
    Ok(())
}

fn properties(w: &mut W, props: &[(&str, String)]) -> io::Result<()> {
    if props.is_empty() {
        return Ok(());
    }
    element(w, "properties", &[], |w| {
        for (name, value) in props {
            empty(
                w,
                "property",
                &[("name", (*name).to_owned()), ("value", value.clone())],
            )?;
        }
        Ok(())
    })
}

fn tileset(w: &mut W, l: &Layout, t: &TilesetRef<'_>) -> io::Result<()> {
    let count = t.set.tiles.len().max(1);
    let attrs = [
        ("firstgid", t.first_gid.to_string()),
        ("name", t.set.name.to_owned()),
        ("tilewidth", l.tile[0].to_string()),
        ("tileheight", l.tile[1].to_string()),
        ("tilecount", count.to_string()),
        ("columns", count.to_string()),
    ];
    element(w, "tileset", &attrs, |w| {
        let width = l.tile[0] as usize * count;
        empty(
            w,
            "image",
            &[
                ("source", t.image.clone()),
                ("width", width.to_string()),
                ("height", l.tile[1].to_string()),
            ],
        )?;
        for (id, tile) in t.set.tiles.iter().enumerate() {
            element(w, "tile", &[("id", id.to_string())], |w| {
                properties(w, &[(t.set.name, tile.value.clone())])
            })?;
        }
        Ok(())
    })
}

fn tile_layer(w: &mut W, l: &Layout, layer: &TileLayer) -> io::Result<()> {
    let attrs = [
        ("name", layer.name.to_owned()),
        ("width", l.size[0].to_string()),
        ("height", l.size[1].to_string()),
        ("opacity", layer.opacity.to_string()),
        ("visible", u8::from(layer.visible).to_string()),
    ];
    element(w, "layer", &attrs, |w| {
        let width = l.size[0].max(1) as usize;
        let rows: Vec<String> = layer
            .gids
            .chunks(width)
            .map(|row| {
                let ids: Vec<String> = row.iter().map(u32::to_string).collect();
                ids.join(",")
            })
            .collect();
        let text = format!("\n{}\n", rows.join(",\n"));
        element(w, "data", &[("encoding", "csv".to_owned())], |w| {
            w.write_event(Event::Text(quick_xml::events::BytesText::new(&text)))
        })
    })
}

fn object_layer(w: &mut W, layer: &ObjectLayer) -> io::Result<()> {
    element(w, "objectgroup", &[("name", layer.name.to_owned())], |w| {
        for (i, object) in layer.objects.iter().enumerate() {
            let (x, y) = match &object.shape {
                Shape::Point(p) => (p[0], p[1]),
                Shape::Polyline(ps) | Shape::Polygon(ps) => {
                    ps.first().map_or((0.0, 0.0), |p| (p[0], p[1]))
                }
            };
            let attrs = [
                ("id", (i + 1).to_string()),
                ("name", object.name.clone()),
                ("type", object.class.clone()),
                ("x", fmt(x)),
                ("y", fmt(y)),
            ];
            element(w, "object", &attrs, |w| {
                properties(w, &object.properties)?;
                shape(w, &object.shape, [x, y])
            })?;
        }
        Ok(())
    })
}

/// A shape's points relative to the object's position.
fn shape(w: &mut W, shape: &Shape, [x, y]: [f64; 2]) -> io::Result<()> {
    let points = |ps: &[[f64; 2]]| {
        let listed: Vec<String> = ps
            .iter()
            .map(|p| format!("{},{}", fmt(p[0] - x), fmt(p[1] - y)))
            .collect();
        vec![("points", listed.join(" "))]
    };
    match shape {
        Shape::Point(_) => empty(w, "point", &[]),
        Shape::Polyline(ps) => empty(w, "polyline", &points(ps)),
        Shape::Polygon(ps) => empty(w, "polygon", &points(ps)),
    }
}

/// A coordinate with at most two decimals, no trailing zeros.
fn fmt(v: f64) -> String {
    let s = format!("{:.2}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}
