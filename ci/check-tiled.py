#!/usr/bin/env python3
"""Checks `berthier-tools export-tiled` with two readers that are not
Berthier: Tiled's own command line (the map re-exported as JSON) and
Python's pytmx. For every bundled map: the number of hexes on the terrain
layer and how many hexes of each terrain, against the map itself (read
through `berthier-validate convert`, so this script parses no RON).

Usage: check-tiled.py EDITOR VALIDATE TILED MAP...
"""
import collections
import json
import os
import subprocess
import sys
import tempfile

import pytmx


def expected(validate, map_path, tmp):
    """Hex count and terrain counts of a map, unpainted hexes as ''."""
    out = os.path.join(tmp, "map.json")
    subprocess.run([validate, "convert", map_path, "--to", "json", "--out", out], check=True)
    with open(out, encoding="utf-8") as f:
        m = json.load(f)
    total = 0
    for e in m["extent"]:
        (c0, c1), (r0, r1) = e["cols"], e["rows"]
        total += (c1 - c0 + 1) * (r1 - r0 + 1) - len(e.get("missing", []))
    counts = collections.Counter()
    for data in m.get("hexes", {}).values():
        if data.get("terrain"):
            counts[data["terrain"]] += 1
    counts[""] = total - sum(counts.values())
    if counts[""] == 0:
        del counts[""]
    return total, counts


def tiled_counts(tiled, tmx, tmp):
    """Terrain counts of the TMX as Tiled's command line reads it."""
    out = os.path.join(tmp, "tiled.json")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run([tiled, "--export-map", "json", tmx, out], check=True, env=env,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(out, encoding="utf-8") as f:
        m = json.load(f)
    names = {}
    for ts in m["tilesets"]:
        for tile in ts.get("tiles", []):
            for p in tile.get("properties", []):
                if p["name"] == "terrain":
                    names[ts["firstgid"] + tile["id"]] = p["value"]
    layer = next(l for l in m["layers"] if l["name"] == "terrain")
    return collections.Counter(names[g] for g in layer["data"] if g)


def pytmx_counts(tmx):
    """Terrain counts of the TMX as pytmx reads it."""
    m = pytmx.TiledMap(tmx)
    layer = m.get_layer_by_name("terrain")
    counts = collections.Counter()
    for _x, _y, gid in layer.iter_data():
        if gid:
            # pytmx reads the unpainted tile's empty value as None.
            counts[m.get_tile_properties_by_gid(gid)["terrain"] or ""] += 1
    return counts


def main():
    tools, validate, tiled, *maps = sys.argv[1:]
    failed = 0
    for map_path in maps:
        with tempfile.TemporaryDirectory() as tmp:
            tmx = os.path.join(tmp, "map.tmx")
            subprocess.run([tools, "export-tiled", map_path, "--out", tmx], check=True,
                           stderr=subprocess.DEVNULL)
            total, want = expected(validate, map_path, tmp)
            for reader, got in (("tiled", tiled_counts(tiled, tmx, tmp)),
                                ("pytmx", pytmx_counts(tmx))):
                if got != want:
                    failed += 1
                    print(f"{map_path}: {reader} reads {dict(got)}, the map has {dict(want)}")
            print(f"{map_path}: {total} hexes, terrain per hex as the map in tiled and pytmx")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
