//! The hexes a `Location` stands for.

use super::Zone;
use super::ZoneError;
use crate::hex::HexId;
use crate::map::Compass;
use crate::placement::{Location, Placement};
use crate::zone::Verdict;

impl Zone<'_> {
    /// The hexes of a location, or why it cannot be found (an unknown id,
    /// roads that do not cross, an offset off the map, a formation with no
    /// unit set up).
    pub fn location_hexes(
        &self,
        location: &Location,
    ) -> Result<Vec<HexId>, ZoneError> {
        if let Location::Hex(h) = location {
            return Ok(vec![*h]);
        }
        let memo = self.memo.borrow();
        if let Some((_, known)) = memo.iter().find(|(l, _)| l == location) {
            return known.clone();
        }
        drop(memo); // resolving may look up the locations it is built on
        let found = self.resolve(location);
        self.memo
            .borrow_mut()
            .push((location.clone(), found.clone()));
        found
    }

    /// [`Self::road_stretch`], remembered.
    pub(super) fn stretch(
        &self,
        road: &str,
        from: &Location,
        to: &Location,
    ) -> Result<Vec<HexId>, ZoneError> {
        let memo = self.stretches.borrow();
        let same = |(r, f, t, _): &&(String, Location, Location, _)| {
            r == road && f == from && t == to
        };
        if let Some((.., known)) = memo.iter().find(same) {
            return known.clone();
        }
        drop(memo); // the ends are locations, looked up in turn
        let found = self.road_stretch(road, from, to);
        let key = (road.to_owned(), from.clone(), to.clone(), found.clone());
        self.stretches.borrow_mut().push(key);
        found
    }

    /// The hexes of a location, worked out.
    fn resolve(&self, location: &Location) -> Result<Vec<HexId>, ZoneError> {
        let map = self.map;
        match location {
            Location::Hex(h) => Ok(vec![*h]),
            Location::Place(id) => map
                .place(id)
                .map(|p| p.hexes.clone())
                .ok_or_else(|| ZoneError::NoPlace(id.clone())),
            Location::Edge(id) => map
                .edges
                .iter()
                .find(|e| &e.id == id)
                .map(|e| map.edge_hexes(e))
                .ok_or_else(|| ZoneError::NoEdge(id.clone())),
            Location::Entry(id) => self.entry_hexes(id),
            Location::Road(id) => map
                .road(id)
                .map(|r| r.hexes.clone())
                .ok_or_else(|| ZoneError::NoRoad(id.clone())),
            Location::RoadStretch { road, from, to } => {
                self.road_stretch(road, from, to)
            }
            Location::Crossing { road, with } => self.crossing(road, with),
            Location::Hexsides(name) => Ok(self
                .hexside_pairs(name)?
                .into_iter()
                .flatten()
                .fold(Vec::new(), |mut all, h| {
                    if !all.contains(&h) {
                        all.push(h);
                    }
                    all
                })),
            Location::Offset {
                from,
                hexes,
                toward,
            } => self.offset(from, *hexes, *toward),
            Location::Part { of, only } => self.part(of, only),
            Location::Squares {
                columns,
                rows,
                squares,
            } => self.squares(*columns, *rows, squares),
            Location::Formation(id) => {
                let hexes = self.lookup.formation_hexes(Some(id), "");
                if hexes.is_empty() {
                    Err(ZoneError::FormationNotSetUp(id.clone()))
                } else {
                    Ok(hexes)
                }
            }
        }
        .and_then(|hexes| {
            if hexes.is_empty() {
                Err(ZoneError::Empty(location.clone()))
            } else {
                Ok(hexes)
            }
        })
    }

    fn entry_hexes(&self, id: &str) -> Result<Vec<HexId>, ZoneError> {
        let entry = (self.map.entry_points.iter())
            .find(|e| e.id == id)
            .ok_or_else(|| ZoneError::NoEntry(id.to_owned()))?;
        if !entry.hexes.is_empty() {
            return Ok(entry.hexes.clone());
        }
        match &entry.edge {
            Some(edge) => self.location_hexes(&Location::Edge(edge.clone())),
            None => Err(ZoneError::EntryWithoutHexes(id.to_owned())),
        }
    }

    /// The two hexes of every hexside whose feature is named `name`.
    pub(super) fn hexside_pairs(
        &self,
        name: &str,
    ) -> Result<Vec<[HexId; 2]>, ZoneError> {
        let pairs: Vec<[HexId; 2]> = (self.map.hexsides.iter())
            .filter(|f| f.name.as_deref() == Some(name))
            .map(|f| f.at.hexes())
            .collect();
        if pairs.is_empty() {
            Err(ZoneError::NoHexside(name.to_owned()))
        } else {
            Ok(pairs)
        }
    }

    /// The hexes two roads share.
    fn crossing(
        &self,
        road: &str,
        with: &str,
    ) -> Result<Vec<HexId>, ZoneError> {
        let hexes = |id: &str| {
            self.map
                .road(id)
                .map(|r| &r.hexes)
                .ok_or_else(|| ZoneError::NoRoad(id.to_owned()))
        };
        let (a, b) = (hexes(road)?, hexes(with)?);
        let shared: Vec<HexId> =
            a.iter().filter(|h| b.contains(h)).copied().collect();
        if shared.is_empty() {
            Err(ZoneError::NoCrossing(road.to_owned(), with.to_owned()))
        } else {
            Ok(shared)
        }
    }

    /// Every hex of `from` moved `hexes` printed rows or columns toward a
    /// side, those still on the map.
    fn offset(
        &self,
        from: &Location,
        hexes: u8,
        toward: Compass,
    ) -> Result<Vec<HexId>, ZoneError> {
        let n = u16::from(hexes);
        let moved: Vec<HexId> = (self.location_hexes(from)?.into_iter())
            .filter_map(|h| {
                let (col, row) = match toward {
                    Compass::North => (Some(h.col), h.row.checked_sub(n)),
                    Compass::South => (Some(h.col), h.row.checked_add(n)),
                    Compass::East => (h.col.checked_add(n), Some(h.row)),
                    Compass::West => (h.col.checked_sub(n), Some(h.row)),
                };
                let moved = HexId {
                    col: col?,
                    row: row?,
                    ..h
                };
                self.map.contains(moved).then_some(moved)
            })
            .collect();
        if moved.is_empty() {
            Err(ZoneError::OffMap(Location::Offset {
                from: Box::new(from.clone()),
                hexes,
                toward,
            }))
        } else {
            Ok(moved)
        }
    }

    /// The road hexes between the hexes nearest `from` and `to`.
    pub(super) fn road_stretch(
        &self,
        road: &str,
        from: &Location,
        to: &Location,
    ) -> Result<Vec<HexId>, ZoneError> {
        let map = self.map;
        let road = self
            .map
            .road(road)
            .ok_or_else(|| ZoneError::NoRoad(road.to_owned()))?;
        let nearest = |loc: &Location| -> Result<usize, ZoneError> {
            let targets = self.location_hexes(loc)?;
            road.hexes
                .iter()
                .enumerate()
                .min_by_key(|(_, h)| {
                    targets.iter().map(|t| map.distance(**h, *t)).min()
                })
                .map(|(i, _)| i)
                .ok_or_else(|| ZoneError::EmptyRoad(road.id.clone()))
        };
        let (a, b) = (nearest(from)?, nearest(to)?);
        let (lo, hi) = (a.min(b), a.max(b));
        Ok(road.hexes[lo..=hi].to_vec())
    }

    /// The hexes of `of` where `only` holds; an undecidable hex makes the
    /// whole part undecidable, so no hex is silently dropped.
    fn part(
        &self,
        of: &Location,
        only: &Placement,
    ) -> Result<Vec<HexId>, ZoneError> {
        let mut kept = Vec::new();
        for hex in self.location_hexes(of)? {
            match self.allows(only, "", hex) {
                Verdict::Yes => kept.push(hex),
                Verdict::No => {}
                Verdict::Unknown(why) => return Err(ZoneError::Undecided(why)),
            }
        }
        Ok(kept)
    }

    /// The hexes whose centres fall in the listed squares of the map's
    /// bounding box of hex centres cut into `columns` x `rows`.
    fn squares(
        &self,
        columns: u8,
        rows: u8,
        squares: &[(u8, u8)],
    ) -> Result<Vec<HexId>, ZoneError> {
        let bad = |c: u8, r: u8| c == 0 || r == 0 || c > columns || r > rows;
        if let Some(&(c, r)) = squares.iter().find(|(c, r)| bad(*c, *r)) {
            return Err(ZoneError::NoSquare {
                column: c,
                row: r,
                columns,
                rows,
            });
        }
        let centres: Vec<(HexId, f64, f64)> = (self.map.extent.iter())
            .flat_map(|e| e.hexes())
            .map(|h| {
                let p = self.coord(self.map.hex(h));
                (h, p.x, p.y)
            })
            .collect();
        let span = |pick: fn(&(HexId, f64, f64)) -> f64| {
            let lo = centres.iter().map(pick).fold(f64::INFINITY, f64::min);
            let hi = centres.iter().map(pick).fold(f64::NEG_INFINITY, f64::max);
            (lo, (hi - lo).max(f64::EPSILON))
        };
        let ((x0, w), (y0, h)) = (span(|c| c.1), span(|c| c.2));
        let cell = |v: f64, lo: f64, len: f64, n: u8| -> u8 {
            let i = ((v - lo) / len * f64::from(n)).floor();
            // The last edge belongs to the last square.
            (i.clamp(0.0, f64::from(n - 1)) as u8) + 1
        };
        Ok(centres
            .iter()
            .filter(|(_, x, y)| {
                let at = (cell(*x, x0, w, columns), cell(*y, y0, h, rows));
                squares.contains(&at)
            })
            .map(|(hex, _, _)| *hex)
            .collect())
    }
}
