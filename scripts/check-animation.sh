#!/usr/bin/env bash
# Checks `stencil-bench animate` in a real headless browser (Debian's `chromium`): the page is opened at three
# moments (#t=SECONDS), and what it shows is compared with the residency the streaming schedule says at each
# (`stencil-bench animate SCENARIO --state-at T`, the same schedule `stencil-bench schedule` plans):
#   1. the DOM (`chromium --dump-dom`): the resident and loading tiles the page lists in <pre id="state">;
#   2. a screenshot (`chromium --screenshot`): over the canvas pixels of every stencil tile (a 5 × 5 grid of
#      samples over its inner 60 %, clear of the antialiased tile outlines; a tile counts as drawn resident when at
#      least 5 samples are exactly the resident colour, which nothing else on the page uses, so the track and
#      footprint lines across it cannot hide it), the tiles drawn in the resident colour must be exactly the places
#      of the resident tiles.
# The PNG is decoded with Python's standard library only (zlib). No package is needed beyond chromium and python3.
#
# Usage: scripts/check-animation.sh [SCENARIO] [T1 T2 T3]
#   default: Benchmarks/schedules/example6.json at -0.2 s (preload loading), 2.5 s and 4.6 s (the peak)
#   CHROMIUM=/path/to/chromium   the browser (default: chromium on PATH)
#   STENCIL_BENCH=/path          a built stencil-bench (default: builds the debug one)
# Output in .build/animation-check/: flight.html, state-T.json, dom-T.html, shot-T.png. Exit status 1 on a mismatch.
set -euo pipefail
cd "$(dirname "$0")/.."

scenario=${1:-Benchmarks/schedules/example6.json}
shift || true
times=("$@")
[[ ${#times[@]} -gt 0 ]] || times=(-0.2 2.5 4.6)
browser=${CHROMIUM:-chromium}
command -v "$browser" >/dev/null || { echo "check-animation: no $browser (apt-get install -y chromium)" >&2; exit 2; }
if [[ -z "${STENCIL_BENCH:-}" ]]; then
    swift build --product stencil-bench >/dev/null
    STENCIL_BENCH=.build/debug/stencil-bench
fi
out=.build/animation-check
rm -rf "$out"
mkdir -p "$out"
"$STENCIL_BENCH" animate "$scenario" -o "$out/flight.html"
page="file://$PWD/$out/flight.html"
# The canvas's size, from the page.
width=$(sed -n 's/.*<canvas id="map" width="\([0-9.]*\)" height="\([0-9.]*\)".*/\1/p' "$out/flight.html")
height=$(sed -n 's/.*<canvas id="map" width="\([0-9.]*\)" height="\([0-9.]*\)".*/\2/p' "$out/flight.html")
run_browser() {
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --virtual-time-budget=3000 "$@" 2>/dev/null
}
for t in "${times[@]}"; do
    "$STENCIL_BENCH" animate "$scenario" --state-at "$t" >"$out/state-$t.json"
    run_browser --dump-dom "$page#t=$t" >"$out/dom-$t.html"
    run_browser --window-size="${width%.*},$((${height%.*} + 200))" --screenshot="$out/shot-$t.png" "$page#t=$t" \
        >/dev/null
done

python3 - "$out" "${times[@]}" <<'PY'
import json, re, struct, sys, zlib

def read_png(path):
    """Width, height and rows of RGB(A) bytes of an 8-bit truecolour PNG (what chromium writes)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), "only 8-bit RGB or RGBA"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows

RESIDENT = (0x41, 0xAB, 0x5D)
out, times = sys.argv[1], sys.argv[2:]
failures = 0
for t in times:
    state = json.load(open(f"{out}/state-{t}.json"))
    dom = open(f"{out}/dom-{t}.html").read()
    shown = re.search(r'<pre id="state">t=([-0-9.]+) resident=(\d+) loading=(\d+)\nresident-tiles=([^\n]*)\n'
                      r'loading-tiles=([^<]*)</pre>', dom)
    if not shown:
        print(f"t = {t}: the page wrote no state"); failures += 1; continue
    pairs = lambda s: sorted(tuple(map(int, p.split(","))) for p in s.split(";") if p)
    dom_resident, dom_loading = pairs(shown.group(4)), pairs(shown.group(5))
    want_resident = sorted(tuple(p) for p in state["resident"])
    want_loading = sorted(tuple(p) for p in state["loading"])
    ok_dom = dom_resident == want_resident and dom_loading == want_loading
    # The screenshot: which stencil places are drawn in the resident colour.
    width, height, channels, rows = read_png(f"{out}/shot-{t}.png")
    tile = None
    centres = [tuple(p) for p in state["stencilPixels"]]
    xs = sorted(set(round(x, 2) for x, _ in centres))
    tile = min(b - a for a, b in zip(xs, xs[1:])) if len(xs) > 1 else 20
    def green(x, y):
        x, y = int(x), int(y)
        if not (0 <= x < width and 0 <= y < height): return False
        px = rows[y][x * channels:x * channels + 3]
        return all(abs(px[i] - RESIDENT[i]) <= 2 for i in range(3))
    drawn = set()
    offsets = [(i - 2) * 0.15 * tile for i in range(5)]  # a 5 × 5 grid over the tile's inner 60 %
    for (x, y) in centres:
        votes = sum(green(x + dx, y + dy) for dx in offsets for dy in offsets)
        if votes >= 5: drawn.add((round(x, 2), round(y, 2)))
    want_pixels = set((round(x, 2), round(y, 2)) for x, y in state["residentPixels"])
    ok_png = drawn == want_pixels
    print(f"t = {t} s: schedule {len(want_resident)} resident, {len(want_loading)} loading; page DOM "
          f"{len(dom_resident)} resident, {len(dom_loading)} loading ({'same tiles' if ok_dom else 'DIFFERENT'}); "
          f"screenshot {len(drawn)} places in the resident colour of {len(want_pixels)} expected "
          f"({'same places' if ok_png else 'DIFFERENT: ' + str(sorted(drawn ^ want_pixels)[:6])})")
    failures += (not ok_dom) + (not ok_png)
print("check-animation: " + ("PASS" if failures == 0 else f"FAIL ({failures} mismatches)") + f"; files in {out}/")
sys.exit(1 if failures else 0)
PY
