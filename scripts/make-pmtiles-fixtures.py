#!/usr/bin/env python3
"""Writes the PMTiles fixtures of Tests/StencilKitIOTests/Fixtures/ with the reference implementation (the `pmtiles`
package on PyPI, 3.x): run it by hand, never at test time, and commit its output.

    python3 -m venv /tmp/pm && /tmp/pm/bin/pip install pmtiles && /tmp/pm/bin/python scripts/make-pmtiles-fixtures.py

Fixtures:
  small-gzip.pmtiles   levels 0-3, all 85 tiles, gzip directories and metadata (the package's default); every 5th
                       tile by id has the same bytes ("ocean"), so runs and shared offsets appear
  small-none.pmtiles   the same tiles with uncompressed directories and metadata (internal compression 1): the
                       package only writes gzip, so its directory serializer is wrapped to gunzip what it made
  leaves-gzip.pmtiles  10,000 tiles of 1-4 random bytes at level 14, ids drawn by SplitMix64 (seed 0x504D54): the
                       root does not fit in 16 KiB, so the package writes leaf directories
  small.txt            the expected listing of the small archives: "z x y hex" per tile, in id order
  zurich-z12.pmtiles   the README streaming example's source: level 12, x 2138...2153, y 1428...1439 (192 tiles),
                       each tile's bytes "tile 12/x/y"; `--only zurich` writes just this one and the next
  zurich-pyramid.pmtiles  the README cockpit example's source: levels 0-14 over lon 8.2...9.0, lat 47.1...47.7 (one
                       tile more on every side), each tile's bytes "tile z/x/y"
The leaves fixture's tiles are not listed (the listing would outweigh the archive): the test draws the same ids and
bytes from TestSupport's SplitMix64 on the same seed, exactly as below.
"""
import gzip
import json
import os
import sys

import pmtiles.tile as tile
import pmtiles.writer as writer
from pmtiles.tile import Compression, TileType, zxy_to_tileid

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "StencilKitIOTests", "Fixtures")
MASK = (1 << 64) - 1


class SplitMix64:
    """TestSupport's SplitMix64, bit for bit."""

    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


def header(tile_type):
    return {
        "tile_compression": Compression.NONE,
        "tile_type": tile_type,
        "min_lon_e7": -1800000000,
        "min_lat_e7": -850511287,
        "max_lon_e7": 1800000000,
        "max_lat_e7": 850511287,
        "center_zoom": 0,
        "center_lon_e7": 0,
        "center_lat_e7": 0,
    }


def small_tiles():
    tiles = []
    for z in range(4):
        for x in range(1 << z):
            for y in range(1 << z):
                tiles.append((zxy_to_tileid(z, x, y), z, x, y))
    tiles.sort()
    out = []
    for k, (tid, z, x, y) in enumerate(tiles):
        data = b"ocean" if k % 5 == 4 else f"tile {z}/{x}/{y}".encode()
        out.append((tid, z, x, y, data))
    return out


def write(path, tiles, metadata, tile_type):
    with writer.write(path) as w:
        for tid, data in tiles:
            w.write_tile(tid, data)
        w.finalize(header(tile_type), metadata)


def write_uncompressed(path, tiles, metadata, tile_type):
    """The package's writer with its gzip steps undone: directories and metadata stored as is, header byte 1."""
    original_serialize = writer.serialize_directory
    original_compress = writer.gzip.compress
    original_header = writer.serialize_header

    def serialize_directory(entries):
        return gzip.decompress(original_serialize(entries))

    def serialize_header(h):
        h = dict(h)
        h["internal_compression"] = Compression.NONE
        return original_header(h)

    class Plain:
        @staticmethod
        def compress(data, mtime=0):
            return data

    writer.serialize_directory = serialize_directory
    writer.serialize_header = serialize_header
    writer.gzip = Plain
    try:
        write(path, tiles, metadata, tile_type)
    finally:
        writer.serialize_directory = original_serialize
        writer.serialize_header = original_header
        import gzip as real_gzip

        writer.gzip = real_gzip
        assert original_compress is real_gzip.compress


def leaves_tiles():
    rng = SplitMix64(0x504D54)
    tid = (4**14 - 1) // 3
    out = []
    for _ in range(10000):
        tid += 1 + rng.next() % 20000
        length = 1 + rng.next() % 4
        data = bytes(rng.next() % 256 for _ in range(length))
        out.append((tid, data))
    return out


def zurich_tiles():
    out = []
    for x in range(2138, 2154):
        for y in range(1428, 1440):
            out.append((zxy_to_tileid(12, x, y), f"tile 12/{x}/{y}".encode()))
    return sorted(out)


def zurich_pyramid_tiles():
    """Levels 0-14 over lon 8.2...9.0, lat 47.1...47.7 (one tile more on every side): every tile the README's cockpit
    camera can show on its flight east of Zurich."""
    import math
    out = []
    for z in range(15):
        n = 1 << z
        def col(lon):
            return int((lon + 180) / 360 * n)
        def row(lat):
            return int((1 - math.asinh(math.tan(math.radians(lat))) / math.pi) / 2 * n)
        for x in range(max(0, col(8.2) - 1), min(n - 1, col(9.0) + 1) + 1):
            for y in range(max(0, row(47.7) - 1), min(n - 1, row(47.1) + 1) + 1):
                out.append((zxy_to_tileid(z, x, y), f"tile {z}/{x}/{y}".encode()))
    return sorted(out)


def main():
    os.makedirs(OUT, exist_ok=True)
    if sys.argv[1:] == ["--only", "zurich"] or not sys.argv[1:]:
        write(os.path.join(OUT, "zurich-z12.pmtiles"), zurich_tiles(), {"name": "stencilkit README fixture"},
              TileType.PNG)
        write(os.path.join(OUT, "zurich-pyramid.pmtiles"), zurich_pyramid_tiles(),
              {"name": "stencilkit README cockpit fixture"}, TileType.PNG)
    if sys.argv[1:] == ["--only", "zurich"]:
        return
    small = small_tiles()
    metadata = {"name": "stencilkit small fixture", "vector_layers": []}
    write(os.path.join(OUT, "small-gzip.pmtiles"), [(t[0], t[4]) for t in small], metadata, TileType.PNG)
    write_uncompressed(os.path.join(OUT, "small-none.pmtiles"), [(t[0], t[4]) for t in small], metadata, TileType.PNG)
    with open(os.path.join(OUT, "small.txt"), "w") as f:
        for tid, z, x, y, data in small:
            f.write(f"{z} {x} {y} {data.hex()}\n")
    write(os.path.join(OUT, "leaves-gzip.pmtiles"), leaves_tiles(), {"name": "stencilkit leaves fixture"},
          TileType.UNKNOWN)
    for name in sorted(os.listdir(OUT)):
        print(name, os.path.getsize(os.path.join(OUT, name)), file=sys.stderr)


if __name__ == "__main__":
    main()
