//! The text of every code's documentation, kept apart from `code.rs` so the
//! enum stays readable: here for passes 1 and 2, in each rule module's
//! `DOCS` for pass 3. `RULES.md` is generated from them.

use crate::code::{Code, Rule};

/// The documentation of `code`.
pub fn rule(code: Code) -> Rule {
    match code {
        Code::Sch001 => Rule {
            summary: "The file is not well-formed RON or JSON",
            what: "Reports text the RON or JSON reader cannot read at all: \
                   an unclosed bracket, a missing comma, an unterminated \
                   string, nesting deeper than 128 levels.",
            why: "Nothing else can be checked until the file reads.",
            example: "(kind: map, format_version: 1, id: \"x\"",
            rulebook: None,
        },
        Code::Sch002 => Rule {
            summary: "The document breaks its JSON Schema",
            what: "Reports every value that does not fit the document's \
                   schema: an unknown (often misspelled) field, a missing \
                   required field, a wrong type, a number out of range, a \
                   string that does not match its pattern (hex numbers, \
                   clock times, colours), an unknown enum variant. JSON \
                   files get every violation at once; RON files are read \
                   into the model's types first, which stops at the first \
                   type error, then checked against the schema.",
            why: "Tools read documents through the model; a value that does \
                  not fit is silently lost or makes the editor refuse the \
                  file.",
            example: "grid: (shift: odd, origin_hex: \"0101\", \
                      hex_radius: 30.0)   // hex_radius_px",
            rulebook: None,
        },
        Code::Sch003 => Rule {
            summary: "The document's `kind` is missing or unknown",
            what: "Every pack document starts with `kind: series | map | \
                   counters | scenario`. Reported for a `kind` with another \
                   value, and for a file that looks like a pack document \
                   (named `*.map.ron` and so on, or with a top-level \
                   `format_version`) but has no `kind`. Other `.json` and \
                   `.ron` files without a `kind` are not pack documents and \
                   are skipped silently.",
            why: "The kind decides which schema and which checks apply.",
            example: "(kind: atlas, format_version: 1, ...)",
            rulebook: None,
        },
        Code::Sch004 => Rule {
            summary: "The `format_version` is not one this release reads",
            what: "Reports a `format_version` other than 1.",
            why: "A newer file may use fields this validator does not know; \
                  checking it against the old schema would give misleading \
                  findings.",
            example: "(kind: map, format_version: 7, ...)",
            rulebook: None,
        },
        Code::Sch005 => Rule {
            summary: "The file is empty, binary, or not UTF-8 text",
            what: "Reports a pack file that is empty (or only whitespace), \
                   holds a NUL byte, or is not valid UTF-8, at the first \
                   offending byte.",
            why: "A truncated save or a binary file under a pack name is \
                  almost always an accident.",
            example: "an empty rivoli.map.ron",
            rulebook: None,
        },
        Code::Ref001 => Rule {
            summary: "A referenced file does not exist",
            what: "Reports a `series`, `map`, `counters`, `scan` or \
                   `extends` path (relative to the referencing file) that \
                   names no file.",
            why: "The pack cannot be opened without it.",
            example: "map: \"rivoli.map.ron\"   // the file is rivoli-1797.map.ron",
            rulebook: None,
        },
        Code::Ref002 => Rule {
            summary: "A reference leaves the pack root",
            what: "Reports an absolute path, a path whose `..` climbs above \
                   the pack root, or a link that resolves outside it.",
            why: "A pack must be self-contained to be shared; a path out of \
                  it works only on the author's machine, and reading it \
                  would let a pack make tools open arbitrary files.",
            example: "series: \"../../elsewhere/jdg.series.ron\"",
            rulebook: None,
        },
        Code::Ref003 => Rule {
            summary: "Two things of one kind share an id",
            what: "Reports a repeated id among a document's sides, \
                   formations, units, markers, activation markers, places, \
                   roads, edges, entry points, or a series' ratings, \
                   classes, states, formations, terrain, hexside and road \
                   types.",
            why: "References by id would be ambiguous.",
            example: "units: [(id: \"b1\", ...), (id: \"b1\", ...)]",
            rulebook: None,
        },
        Code::Ref004 => Rule {
            summary: "A unit id names no unit of the counters file",
            what: "Checks every unit reference: setup, instructions, \
                   reinforcements, absent units, losses, attachments, \
                   morale groups, exit conditions, `StackedWith` and \
                   `AdjacentTo` placements, formation commanders.",
            why: "A setup naming a unit that does not exist cannot be laid \
                  out.",
            example: "setup: [(unit: \"b9\", hex: \"0202\")]",
            rulebook: None,
        },
        Code::Ref005 => Rule {
            summary: "A formation id names no formation of the counters file",
            what: "Checks unit formations, formation parents, and every \
                   formation named by a scenario (unit sets, reinforcements, \
                   markers at start, attachments, `WithAnyUnitOf`).",
            why: "Activation and command rules follow the hierarchy.",
            example: "(units: (formations: [\"blue-9\"]), ...)",
            rulebook: None,
        },
        Code::Ref006 => Rule {
            summary: "A place, road, edge or entry point id is not on the map",
            what: "Checks `Place(..)`, `Entry(..)`, `Edge(..)` locations, \
                   `OnRoad` roads, and the edge and road of map entry \
                   points.",
            why: "The placement cannot be resolved to hexes.",
            example: "placement: At(Place(\"windmill\"))",
            rulebook: None,
        },
        Code::Ref007 => Rule {
            summary: "A hex is not a printed hex of the map",
            what: "Checks every hex number against the map's extents: \
                   painted hexes, hexsides, roads, places, edges, entry \
                   points, setup hexes and hexes in placements.",
            why: "A unit set up off the map, or terrain painted off it, is \
                  a typo in a hex number.",
            example: "setup: [(unit: \"b1\", hex: \"3640\")]   // map is 6x5",
            rulebook: None,
        },
        Code::Ref008 => Rule {
            summary: "An id is not defined by the series",
            what: "Checks terrain, hexside feature and road class ids on \
                   maps, unit classes, counter sides and ratings on \
                   counters, formations and states in setups, against the \
                   series after its `extends` chain and the scenario's \
                   `rule_overrides` are applied.",
            why: "Movement, stacking and combat rules are looked up by these \
                  ids.",
            example: "hexes: {\"0101\": (terrain: \"swamp\")}",
            rulebook: Some(
                "the series' own rules for terrain, formations and states \
                 (named in each definition's `section`)",
            ),
        },
        Code::Ref009 => Rule {
            summary: "A hexside joins two hexes that do not touch",
            what: "Reports a hexside `\"a/b\"` whose hexes are not \
                   neighbours on the map's grid (orientation and column \
                   shift).",
            why: "Usually a typo, or a map whose `shift` is wrong.",
            example: "(at: \"0101/0303\", feature: \"river\")",
            rulebook: None,
        },
        Code::Ref010 => Rule {
            summary: "A referenced file has the wrong kind or does not load",
            what: "Reports a `series` path naming a map, a `map` path naming \
                   counters and so on, or a referenced file that has its own \
                   errors.",
            why: "The checks that depend on it cannot run.",
            example: "map: \"mini.counters.ron\"",
            rulebook: None,
        },
        Code::Ref011 => Rule {
            summary: "A side, nationality or marker id is unknown",
            what: "Checks side ids (formations, units, scenario sides, \
                   victory conditions, who sets up or moves first), unit \
                   nationalities, and special marker ids.",
            why: "Each belongs to one side of the counters file.",
            example: "sides: [(side: \"green\", ...)]",
            rulebook: None,
        },
        Code::Ref012 => Rule {
            summary: "Two consecutive road hexes are not adjacent",
            what: "A road is a path of adjacent hexes; reports a step \
                   between hexes that do not touch.",
            why: "Road movement follows the path hex by hex.",
            example: "hexes: [\"0101\", \"0301\"]",
            rulebook: None,
        },
        Code::Ref013 => Rule {
            summary: "A series' `extends` chain loops",
            what: "Reports a series that extends itself, directly or \
                   through others.",
            why: "Its rules cannot be resolved.",
            example: "a.series.ron extends b.series.ron, which extends \
                      a.series.ron",
            rulebook: None,
        },
        Code::Ref014 => Rule {
            summary: "A placement is kept as unstructured text",
            what: "Reports (as information) each `Unstructured(\"..\")` \
                   placement: it is kept as printed and cannot be checked.",
            why: "So a designer can find the instructions still to encode.",
            example: "placement: Unstructured(\"anywhere south of the \
                      river\")",
            rulebook: Some("the battle's setup instructions"),
        },
        Code::Ref015 => Rule {
            summary: "A directed hexside feature has no valid high hex",
            what: "A feature whose series type is `directed` (a slope) \
                   must name its `high` hex, and that hex must be one of \
                   the hexside's two hexes.",
            why: "Movement and combat costs depend on the direction of \
                  crossing.",
            example: "(at: \"0101/0102\", feature: \"slope\", high: \"0202\")",
            rulebook: Some("the series' hexside rules (the type's `section`)"),
        },
        // Pass-3 rules keep their documentation next to their code, in
        // each rule module's `DOCS` (see `check::doc`).
        pass3 => crate::check::doc(pass3),
    }
}
