#!/usr/bin/env python3
"""Reads the archives StencilKitIO's writer made with the reference implementation (the `pmtiles` package on PyPI):
run by hand after `swift test --filter writesArchivesForTheReferenceCheck`, never at test time.

    /tmp/pm/bin/python scripts/check-pmtiles-with-reference.py [DIR]   # DIR: $TMPDIR/stencilkit-pmtiles-check

Every tile must hold "z/x/y" (its own address, as the reference computes it from the tile id) or "sea" when
(x + y) mod 5 = 0; the number of tiles must be the metadata's "tiles"; the header's counts, zooms, clustered flag
and offsets must agree with what the reference finds. The reference reads gzip directories only: for an archive
with uncompressed directories (internal compression 1) its decompressor is replaced by the identity.
Exit status 1 on any mismatch.
"""
import gzip
import json
import os
import sys
import tempfile

import pmtiles.reader as reader
import pmtiles.tile as tile
from pmtiles.tile import Compression, deserialize_header


class Identity:
    @staticmethod
    def decompress(data):
        return bytes(data)


def check(path):
    with open(path, "rb") as f:
        data = f.read()
    get = reader.MemorySource(data)
    header = deserialize_header(data[:127])
    tile.gzip = gzip if header["internal_compression"] == Compression.GZIP else Identity
    metadata_bytes = get(header["metadata_offset"], header["metadata_length"])
    if header["internal_compression"] == Compression.GZIP:
        metadata_bytes = gzip.decompress(metadata_bytes)
    metadata = json.loads(metadata_bytes)
    problems = []
    count = 0
    zooms = set()
    offsets = set()
    for (z, x, y), tile_data in reader.all_tiles(get):
        count += 1
        zooms.add(z)
        expected = b"sea" if (x + y) % 5 == 0 else f"{z}/{x}/{y}".encode()
        if tile_data != expected:
            problems.append(f"{z}/{x}/{y}: {tile_data!r}, expected {expected!r}")
        # Through the reference's own lookup by z/x/y as well.
        if reader.Reader(get).get(z, x, y) != expected:
            problems.append(f"{z}/{x}/{y}: Reader.get disagrees")
    if count != metadata["tiles"]:
        problems.append(f"{count} tiles, metadata says {metadata['tiles']}")
    if header["addressed_tiles_count"] != count:
        problems.append(f"header addresses {header['addressed_tiles_count']} tiles, {count} found")
    if (header["min_zoom"], header["max_zoom"]) != (min(zooms), max(zooms)):
        problems.append(f"header zooms {header['min_zoom']}..{header['max_zoom']}, tiles {min(zooms)}..{max(zooms)}")
    if not header["clustered"]:
        problems.append("not clustered")
    if header["root_offset"] + header["root_length"] > 16384:
        problems.append("root directory past 16 KiB")
    if header["tile_data_offset"] + header["tile_data_length"] != len(data):
        problems.append("tile data does not end the file")
    tile.gzip = gzip
    compression = "gzip" if header["internal_compression"] == Compression.GZIP else "none"
    leaves = header["leaf_directory_length"]
    print(f"{os.path.basename(path)}: {count} tiles, {header['tile_contents_count']} contents, {compression} "
          f"directories, {leaves} bytes of leaves: " + ("OK" if not problems else f"{len(problems)} problems"))
    for p in problems[:10]:
        print("   ", p)
    return not problems


def main():
    directory = sys.argv[1] if len(sys.argv) > 1 else os.path.join(tempfile.gettempdir(), "stencilkit-pmtiles-check")
    paths = sorted(os.path.join(directory, n) for n in os.listdir(directory) if n.endswith(".pmtiles"))
    if not paths:
        print(f"no archives in {directory}: run swift test --filter writesArchivesForTheReferenceCheck", file=sys.stderr)
        sys.exit(1)
    ok = all([check(p) for p in paths])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
