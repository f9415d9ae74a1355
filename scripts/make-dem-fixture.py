#!/usr/bin/env python3
"""Writes the synthetic Terrarium DEM fixture Tests/StencilKitIOTests/Fixtures/alps-terrarium-z10.pmtiles.

Alps-like terrain from Gaussian mountains over a 400 m plain, around Zurich, Geneva and Chamonix (not real
elevations): a Mont Blanc of 4,400 m 15 km south of Chamonix, Valais, Monte Rosa and Bernese ridges of 3,400 to
4,200 m, the Jura and the Pre-Alps, and Lake Geneva's hollow. Level 10, tiles of S x S samples (S = 256), Terrarium
PNGs (elevation = R*256 + G + B/256 - 32768 m; whole metres here) compressed with zlib, in a PMTiles v3 archive with a
gzip root directory. Only level 10 is stored. The metadata records the least and largest sample.

No network and no package beyond the standard library: python3 scripts/make-dem-fixture.py [OUT.pmtiles]; with
--seeds it writes the dem fuzz target's seeds instead (Fuzz/seeds/dem/, small tiles of the same terrain).
"""
import gzip
import json
import math
import os
import struct
import sys
import zlib

LEVEL = 10
SIZE = 256
WEST, EAST, SOUTH, NORTH = 5.9, 8.8, 45.7, 47.55
BASE = 400.0
# (latitude, longitude, height above the plain in m, sigma in km); negative heights are hollows.
MOUNTAINS = [
    (45.79, 6.87, 4000, 3.5),  # Mont Blanc (moved 5 km south of the real one: Chamonix's level-10 tile stays low)
    (46.02, 7.40, 3200, 11.0),  # Grand Combin, Valais
    (45.94, 7.87, 3700, 7.0),  # Monte Rosa
    (46.10, 7.70, 3000, 9.0),  # Weisshorn ridge
    (46.54, 7.96, 3400, 9.0),  # Jungfrau ridge
    (46.45, 7.55, 2800, 10.0),  # Wildstrubel
    (46.62, 8.35, 2700, 10.0),  # Grimsel
    (46.70, 6.30, 1000, 14.0),  # Jura
    (47.05, 6.90, 900, 14.0),  # Jura
    (46.60, 7.10, 1400, 11.0),  # Pre-Alps
    (45.95, 6.45, 1900, 7.0),  # Aravis
    (46.45, 6.55, -50, 9.0),  # Lake Geneva's hollow
]
EARTH_KM = 6378.137


def elevation(lat, lon):
    e = BASE
    for (plat, plon, height, sigma) in MOUNTAINS:
        dy = math.radians(lat - plat) * EARTH_KM
        dx = math.radians(lon - plon) * EARTH_KM * math.cos(math.radians(plat))
        e += height * math.exp(-(dx * dx + dy * dy) / (2 * sigma * sigma))
    return round(e)


def tile_x(lon):
    return int((lon + 180) / 360 * (1 << LEVEL))


def tile_y(lat):
    phi = math.radians(lat)
    return int((1 - math.log(math.tan(phi) + 1 / math.cos(phi)) / math.pi) / 2 * (1 << LEVEL))


def sample_lonlat(x, y, i, j, size=SIZE, level=LEVEL):
    """The longitude and latitude of sample (i, j) of tile (level, x, y) of size × size samples: its pixel centre."""
    world = size << level
    px = (x * size + i + 0.5) / world
    py = (y * size + j + 0.5) / world
    lon = px * 360 - 180
    lat = math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * py))))
    return lon, lat


def png(rows):
    """An RGB PNG of `rows` (lists of (r, g, b)), each row filtered with 'Up'."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    size = len(rows)
    raw = bytearray()
    previous = bytes(size * 3)
    for row in rows:
        line = bytes(v for pixel in row for v in pixel)
        raw.append(2)
        raw.extend((a - b) & 0xFF for a, b in zip(line, previous))
        previous = line
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b""))


def hilbert_id(z, x, y):
    """The PMTiles tile id of (z, x, y)."""
    acc = ((1 << (2 * z)) - 1) // 3
    n = 1 << z
    d = 0
    s = n >> 1
    tx, ty = x, y
    while s > 0:
        rx = 1 if tx & s else 0
        ry = 1 if ty & s else 0
        d += s * s * ((3 * rx) ^ ry)
        if ry == 0:
            if rx == 1:
                tx = n - 1 - tx
                ty = n - 1 - ty
            tx, ty = ty, tx
        s >>= 1
    return acc + d


def varint(v):
    out = bytearray()
    while True:
        byte = v & 0x7F
        v >>= 7
        if v:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def directory(entries):
    out = bytearray(varint(len(entries)))
    last = 0
    for (tid, _, _) in entries:
        out += varint(tid - last)
        last = tid
    for _ in entries:
        out += varint(1)  # run length
    for (_, _, length) in entries:
        out += varint(length)
    previous_end = None
    for (_, offset, length) in entries:
        out += varint(0 if previous_end == offset else offset + 1)
        previous_end = offset + length
    return bytes(out)


def terrarium_rows(x, y, size, level):
    """The Terrarium pixels of tile (level, x, y) at size × size samples, and their least and largest elevation."""
    rows = []
    lowest, highest = math.inf, -math.inf
    for j in range(size):
        row = []
        for i in range(size):
            lon, lat = sample_lonlat(x, y, i, j, size, level)
            e = elevation(lat, lon)
            lowest, highest = min(lowest, e), max(highest, e)
            code = (e + 32768) * 256
            row.append((code >> 16, (code >> 8) & 0xFF, code & 0xFF))
        rows.append(row)
    return rows, lowest, highest


def write_seeds():
    """The dem fuzz target's seeds: small Terrarium tiles of the same terrain (Fuzz/seeds/dem/)."""
    folder = os.path.join(os.path.dirname(__file__), "..", "Fuzz", "seeds", "dem")
    os.makedirs(folder, exist_ok=True)
    for (name, level, x, y, size) in [("alps-z6-16", 6, 33, 22, 16), ("alps-z8-8", 8, 132, 90, 8),
                                      ("alps-z10-4", 10, 531, 364, 4)]:
        rows, _, _ = terrarium_rows(x, y, size, level)
        with open(os.path.join(folder, name + ".png"), "wb") as f:
            f.write(png(rows))


def main():
    if sys.argv[1:] == ["--seeds"]:
        write_seeds()
        return
    out_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "Tests", "StencilKitIOTests", "Fixtures", "alps-terrarium-z10.pmtiles")
    tiles = []
    lowest, highest = math.inf, -math.inf
    for y in range(tile_y(NORTH), tile_y(SOUTH) + 1):
        for x in range(tile_x(WEST), tile_x(EAST) + 1):
            rows, low, high = terrarium_rows(x, y, SIZE, LEVEL)
            lowest, highest = min(lowest, low), max(highest, high)
            tiles.append((hilbert_id(LEVEL, x, y), png(rows)))
    tiles.sort()
    data = bytearray()
    entries = []
    for (tid, blob) in tiles:
        entries.append((tid, len(data), len(blob)))
        data += blob
    root = gzip.compress(directory(entries), mtime=0)
    metadata = gzip.compress(json.dumps({
        "name": "alps-terrarium-z10", "encoding": "terrarium", "tileSize": SIZE,
        "minElevation": lowest, "maxElevation": highest,
        "description": "synthetic Alps-like Gaussian mountains (scripts/make-dem-fixture.py), not real elevations",
    }, sort_keys=True).encode(), mtime=0)
    root_offset = 127
    metadata_offset = root_offset + len(root)
    data_offset = metadata_offset + len(metadata)
    e7 = lambda v: int(round(v * 1e7))
    header = b"PMTiles" + bytes([3]) + struct.pack(
        "<QQQQQQQQQQQBBBBBBiiiiBii",
        root_offset, len(root), metadata_offset, len(metadata), data_offset, 0, data_offset, len(data),
        len(tiles), len(tiles), len(tiles), 1, 2, 1, 2, LEVEL, LEVEL,
        e7(WEST), e7(SOUTH), e7(EAST), e7(NORTH), LEVEL, e7((WEST + EAST) / 2), e7((SOUTH + NORTH) / 2))
    assert len(header) == 127, len(header)
    with open(out_path, "wb") as f:
        f.write(header + root + metadata + bytes(data))
    print(f"{out_path}: {len(tiles)} tiles, {127 + len(root) + len(metadata) + len(data)} bytes, "
          f"elevations {lowest}...{highest} m")


if __name__ == "__main__":
    main()
