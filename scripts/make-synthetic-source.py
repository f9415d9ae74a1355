#!/usr/bin/env python3
"""Writes a synthetic PMTiles source for measuring extracts, with the reference implementation (PyPI `pmtiles`):
every tile of levels Z0..Z1 inside a lon/lat box (the whole world by default), each holding its own distinct few
bytes ("z/x/y"), so no two tiles share bytes and the archive's layout is the reference writer's Hilbert order.

    /tmp/pm/bin/python scripts/make-synthetic-source.py 0 10 /tmp/world-0-10.pmtiles
    /tmp/pm/bin/python scripts/make-synthetic-source.py 12 15 /tmp/alps.pmtiles --box 6.5 45.5 7.9 46.9
"""
import argparse
import math

import pmtiles.writer as writer
from pmtiles.tile import Compression, TileType, zxy_to_tileid


def tile_range(z, west, south, east, north):
    n = 1 << z

    def x_of(lon):
        return min(n - 1, max(0, int((lon + 180.0) / 360.0 * n)))

    def y_of(lat):
        lat = max(-85.0511287798, min(85.0511287798, lat))
        r = math.radians(lat)
        return min(n - 1, max(0, int((1.0 - math.asinh(math.tan(r)) / math.pi) / 2.0 * n)))

    return range(x_of(west), x_of(east) + 1), range(y_of(north), y_of(south) + 1)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("z0", type=int)
    p.add_argument("z1", type=int)
    p.add_argument("out")
    p.add_argument("--box", type=float, nargs=4, default=[-180, -85.0511, 180, 85.0511], metavar=("W", "S", "E", "N"))
    a = p.parse_args()
    tiles = []
    for z in range(a.z0, a.z1 + 1):
        xs, ys = tile_range(z, *a.box)
        for x in xs:
            for y in ys:
                tiles.append((zxy_to_tileid(z, x, y), f"{z}/{x}/{y}".encode()))
    tiles.sort()
    with writer.write(a.out) as w:
        for tid, data in tiles:
            w.write_tile(tid, data)
        w.finalize(
            {"tile_compression": Compression.NONE, "tile_type": TileType.UNKNOWN, "min_lon_e7": int(a.box[0] * 1e7),
             "min_lat_e7": int(a.box[1] * 1e7), "max_lon_e7": int(a.box[2] * 1e7), "max_lat_e7": int(a.box[3] * 1e7),
             "center_zoom": a.z0, "center_lon_e7": 0, "center_lat_e7": 0},
            {"name": f"synthetic {a.z0}-{a.z1}"})
    print(f"{a.out}: {len(tiles)} tiles")


if __name__ == "__main__":
    main()
