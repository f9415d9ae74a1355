#!/usr/bin/env python3
"""Generate Tests/MercatorMathTests/Fixtures/MercantileReference.swift: the tiles mercantile lists for longitude-latitude
boxes (mercantile.tiles(west, south, east, north, zoom)) at zooms 0...16.

Needs mercantile (pip install mercantile; 1.2.1 was used).
Usage: python3 Benchmarks/tools/make_mercantile_reference.py > Tests/MercatorMathTests/Fixtures/MercantileReference.swift

The boxes are listed once ("west south east north | note"); each cover line is one box at one zoom, "box zoom
columns rows": mercantile's answer is always every listed column in every listed row, written as ascending runs
"a-b" joined by commas ("-" for none); the generator checks that it is. A zoom is left out when mercantile
lists more than MAX_TILES tiles for it.
Boxes "on tile edges" use edges computed as MercatorMath computes them (180*(k*2^(1-n) - 1) and
atan(sinh(pi*(1 - k*2^(1-n)))) * 180 / pi, in that order, with the same libm), so they lie exactly on the
library's tile edges. Numbers are written with repr, which reads back as the same double.
"""
import math
import random

import mercantile

MAX_TILES = 2000
ZOOMS = range(0, 17)


def column_edge(k, n):
    return 180 * (k * 2.0 ** (1 - n) - 1)


def row_edge(k, n):
    return math.atan(math.sinh(math.pi * (1 - k * 2.0 ** (1 - n)))) * 180 / math.pi


def tile_box(n, x, y, dx=1, dy=1):
    """The library's edges of the block of dx x dy tiles at (x, y)."""
    return (column_edge(x, n), row_edge(y + dy, n), column_edge(x + dx, n), row_edge(y, n))


def boxes():
    limit = row_edge(0, 0)
    out = [
        ((-180.0, -90.0, 180.0, 90.0), "whole world, poles clamped"),
        ((-180.0, -limit, 180.0, limit), "whole world to the latitude limit"),
        ((8.4, 47.3, 8.7, 47.5), "Zurich"),
        ((-74.3, 40.5, -73.7, 40.9), "New York"),
        ((170.0, -20.0, -170.0, 20.0), "antimeridian"),
        ((179.9, 50.0, -179.9, 51.0), "antimeridian, narrow"),
        ((90.0, -10.0, -90.0, 10.0), "antimeridian, half the world"),
        ((10.5, 0.5, 10.2, 0.7), "antimeridian, all but 0.3 degrees of longitude"),
        ((180.0, 0.0, -180.0, 10.0), "antimeridian, zero width on both sides"),
        ((170.0, 0.0, -180.0, 10.0), "antimeridian, east edge at -180"),
        ((180.0, 0.0, -170.0, 10.0), "antimeridian, west edge at 180"),
        ((-10.0, 85.0, 10.0, 90.0), "north pole"),
        ((-10.0, -90.0, 10.0, -85.0), "south pole"),
        ((0.0, 86.0, 10.0, 89.0), "wholly past the north limit"),
        ((-180.0, 80.0, 180.0, 90.0), "polar cap"),
        ((5.0, -90.0, 6.0, -89.0), "wholly past the south limit"),
        ((8.5417, 47.3769, 8.54171, 47.37691), "tiny"),
        ((0.0, 0.0, 1e-9, 1e-9), "tiny at the origin"),
        ((-1e-9, -1e-9, 1e-9, 1e-9), "tiny around the origin"),
        ((179.99999, 0.0, 180.0, 1e-05), "tiny at the east end"),
        ((-180.0, 0.0, -179.99999, 1e-05), "tiny at the west end"),
        ((0.1, 0.1, 0.1, 0.2), "zero width"),
        ((0.1, 0.2, 0.3, 0.2), "zero height"),
        ((12.0, 47.0, 12.0, 47.0), "a point"),
    ]
    for (n, x, y, dx, dy) in [(1, 0, 0, 1, 1), (2, 2, 1, 1, 1), (2, 0, 2, 2, 2), (3, 3, 3, 2, 2), (5, 17, 11, 1, 1),
                              (8, 100, 90, 3, 2), (12, 2144, 1433, 1, 1), (12, 4094, 0, 2, 1),
                              (16, 34322, 22937, 1, 1), (14, 0, 16383, 1, 1)]:
        out.append((tile_box(n, x, y, dx, dy), "on tile edges: %d/%d/%d, %d x %d" % (n, x, y, dx, dy)))
    w, s, e, nn = tile_box(4, 5, 6)
    out.append(((w + 5e-12, s + 5e-12, e - 5e-12, nn - 5e-12), "5e-12 inside 4/5/6's edges"))
    out.append(((w - 5e-12, s - 5e-12, e + 5e-12, nn + 5e-12), "5e-12 outside 4/5/6's edges"))
    out.append(((w - 1e-9, s - 1e-9, e + 1e-9, nn + 1e-9), "1e-9 outside 4/5/6's edges"))
    out.append(((column_edge(2, 1), 0.0, -90.0, 20.0), "antimeridian, west edge on 180 written as an edge"))
    rnd = random.Random(20240611)
    for i in range(40):
        lat = sorted(rnd.uniform(-89.0, 89.0) for _ in range(2))
        if i % 4 == 0:
            west = rnd.uniform(-180.0, 180.0)
            east = rnd.uniform(-180.0, 180.0)
        else:
            west = rnd.uniform(-180.0, 179.0)
            east = min(180.0, west + 10.0 ** rnd.uniform(-6.0, 1.5))
        out.append(((west, lat[0], east, lat[1]), "random %d" % i))
    return out


def runs(values):
    values = sorted(values)
    if not values:
        return "-"
    parts = []
    start = prev = values[0]
    for v in values[1:]:
        if v != prev + 1:
            parts.append("%d-%d" % (start, prev))
            start = v
        prev = v
    parts.append("%d-%d" % (start, prev))
    return ",".join(parts)


def main():
    box_lines = []
    lines = []
    for index, (box, note) in enumerate(boxes()):
        box_lines.append("%s %s %s %s | %s" % (repr(box[0]), repr(box[1]), repr(box[2]), repr(box[3]), note))
        for z in ZOOMS:
            tiles = set((t.x, t.y) for t in mercantile.tiles(*box, zooms=[z]))
            if len(tiles) > MAX_TILES:
                break
            xs = set(x for x, _ in tiles)
            ys = set(y for _, y in tiles)
            assert tiles == set((x, y) for x in xs for y in ys), (box, z)
            lines.append("%d %d %s %s" % (index, z, runs(xs), runs(ys)))
    print("// Generated by Benchmarks/tools/make_mercantile_reference.py. Do not edit by hand.")
    print()
    print("/// The tiles mercantile %s lists for longitude-latitude boxes, `mercantile.tiles(west, south, east, north,"
          % mercantile.__version__)
    print("/// zoom)`, at zooms 0...16 (a zoom is left out past %d tiles)." % MAX_TILES)
    print("enum MercantileReference {")
    print("    /// %d boxes \"west south east north | note\" in degrees; line k is box k." % len(box_lines))
    print("    static let boxes = \"\"\"")
    for line in box_lines:
        print("        " + line)
    print("        \"\"\"")
    print()
    print("    /// %d covers \"box zoom columns rows\": every column in every row, as runs \"a-b\" joined by commas"
          % len(lines))
    print("    /// (\"-\" for none).")
    print("    static let covers = \"\"\"")
    for line in lines:
        print("        " + line)
    print("        \"\"\"")
    print("}")


if __name__ == "__main__":
    main()
