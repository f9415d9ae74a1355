#!/usr/bin/env bash
# Checks `stencil-bench corridor FILE --json` against a brute force written here in Python (every tile of a window
# around the route, kept when its square lies at distance < d_n = b·κ_n(φ_max) from the route's segments), on the
# example file, on a route across ±180° and on one near the latitude limit; `extract` of a corridor file copies the
# corridor's tiles of a fixture; refusals (a corridor past the tile limit, a bad field) print the JSON error object
# with exit status 2. Cheap (a second): .ci/run runs it after the release build.
#
# Usage: scripts/check-corridor.sh [BIN]   (BIN defaults to .build/release/stencil-bench)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/stencil-bench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/antimeridian.json" <<'JSON'
{"route": {"waypoints": [{"lon": 179.95, "lat": -16.8}, {"lon": -179.9, "lat": -16.7}, {"lon": -179.97, "lat": -16.6}]},
 "corridor": {"metres": 300, "levels": [13, 16]}}
JSON
cat >"$work/north.json" <<'JSON'
{"route": {"waypoints": [{"lon": 20.0, "lat": 85.02}, {"lon": 20.3, "lat": 85.04}]},
 "corridor": {"metres": 200, "levels": [10, 13]}}
JSON
for file in Benchmarks/corridors/zurich-500m.json "$work/antimeridian.json" "$work/north.json"; do
    "$bin" corridor "$file" --json >"$work/out.json"
    python3 - "$file" "$work/out.json" <<'PY'
import json, math, sys
spec = json.load(open(sys.argv[1]))
got = [tuple(t) for t in json.load(open(sys.argv[2]))["tiles"]]
assert got == sorted(got, key=lambda t: (t[0], t[2], t[1])), "not by level, then row-major"
assert len(set(got)) == len(got), "a tile listed twice"
points = [(w["lon"], w["lat"]) for w in spec["route"]["waypoints"]]
b = spec["corridor"]["metres"]
n0, n1 = spec["corridor"]["levels"]
R = 6378137.0
for n in range(n0, n1 + 1):
    W = 256 * 2 ** n
    k = W / (2 * math.pi)
    px = []
    for lon, lat in points:
        x = (lon + 180) / 360 * W
        y = W / 2 - k * math.asinh(math.tan(math.radians(lat)))
        if px:
            x -= W * round((x - px[-1][0]) / W)
        px.append((x, y))
    phi = max(abs(lat) for _, lat in points)
    d = b * k / (R * math.cos(math.radians(phi)))
    def seg_dist(ax, ay, bx, by, x0, y0):
        # distance from the square [x0, x0+256] x [y0, y0+256] to segment a-b, by sampling-free clamping:
        # minimise over the segment of the distance to the box (convex in t): ternary search to 1e-12.
        def f(t):
            px_, py_ = ax + t * (bx - ax), ay + t * (by - ay)
            dx = max(x0 - px_, 0, px_ - x0 - 256)
            dy = max(y0 - py_, 0, py_ - y0 - 256)
            return math.hypot(dx, dy)
        lo, hi = 0.0, 1.0
        for _ in range(200):
            m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
            if f(m1) <= f(m2): hi = m2
            else: lo = m1
        return min(f(lo), f(0), f(1))
    xs = [p[0] for p in px]; ys = [p[1] for p in px]
    want = set()
    for row in range(max(0, int((min(ys) - d) // 256) - 1), min(2 ** n - 1, int((max(ys) + d) // 256) + 1) + 1):
        for col in range(int((min(xs) - d) // 256) - 1, int((max(xs) + d) // 256) + 2):
            dist = min(seg_dist(*px[i], *px[i + 1], col * 256, row * 256) for i in range(len(px) - 1))
            if dist < d - 1e-6:
                want.add((n, col % 2 ** n, row))
            elif dist < d + 1e-6:
                sys.exit(f"a tile within 1e-6 px of the threshold: {(n, col, row)}")
    have = {t for t in got if t[0] == n}
    if have != want:
        sys.exit(f"level {n}: missing {sorted(want - have)[:5]}, extra {sorted(have - want)[:5]}")
print(f"ok: corridor {sys.argv[1].split('/')[-1]}: {len(got)} tiles equal the brute force")
PY
done
# Captured first: under pipefail, `grep -q` exiting at its first match would fail the writer with SIGPIPE at random.
corridor_text=$("$bin" corridor Benchmarks/corridors/zurich-500m.json)
grep -q "level 15:" <<<"$corridor_text" || { echo "FAIL: text output" >&2; exit 1; }

# extract of a corridor file: the corridor's tiles the fixture holds (levels 12-14 over Zurich).
"$bin" extract Benchmarks/corridors/zurich-500m.json --source Tests/StencilKitIOTests/Fixtures/zurich-pyramid.pmtiles \
    --out "$work/corridor.pmtiles" --json >"$work/extract.json"
python3 - "$work/extract.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["tiles"] > 0 and r["tiles"] + r["missing"] > r["tiles"], r
print(f"ok: extract of a corridor file: {r['tiles']} tiles copied, {r['missing']} missing")
PY

# refusals: exit status 2 and the JSON error object
refuses() {
    local fragment=$1
    shift
    local status=0
    "$bin" "$@" >"$work/err.json" 2>/dev/null || status=$?
    if [ "$status" != 2 ] || ! grep -q "$fragment" "$work/err.json"; then
        echo "FAIL: stencil-bench $* (status $status): $(head -c 300 "$work/err.json")" >&2
        exit 1
    fi
    echo "ok: stencil-bench $* refused"
}
echo '{"route": {"waypoints": [{"lon": 0, "lat": 0}, {"lon": 60, "lat": 40}]}, "corridor": {"metres": 20000, "levels": [14, 18]}}' >"$work/big.json"
refuses 'past the limit' corridor "$work/big.json" --json
echo '{"route": {"waypoints": [{"lon": 0, "lat": 0}, {"lon": 1, "lat": 1}]}, "corridor": {"metres": 0, "levels": [1, 2]}}' >"$work/zero.json"
refuses 'corridor.metres' corridor "$work/zero.json" --json
echo '{"route": {"waypoints": [{"lon": 0, "lat": 0}, {"lon": 1, "lat": 1}]}, "corridor": {"metres": 5, "levels": [3, 1]}}' >"$work/levels.json"
refuses 'corridor.levels' corridor "$work/levels.json" --json
refuses 'takes its levels from the file' extract Benchmarks/corridors/zurich-500m.json --levels 1...2 --source x --out y --json
