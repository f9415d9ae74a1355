#!/usr/bin/env bash
# Checks stencil-bench's pitched views and chase-camera scenarios (the geometry model's §11) against figures worked by hand in
# the geometry model (example 7 at pitch 60° tile by tile, and at pitch 80° level by level), pitch 0 against the flat view,
# the pitched stencil against the union of the frames' covers, the pitched schedule against the frames' needs, and
# every refusal's JSON. Cheap (a second or two): .ci/run runs it after the release build.
#
# Usage: scripts/check-pitched.sh [BIN]   (BIN defaults to .build/release/stencil-bench)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/stencil-bench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

view='"map": {"zoom": 14.3, "tileSize": 256, "levelBias": 0, "minLevel": 0, "maxLevel": 22},
  "screen": {"width": 1024, "height": 768}, "center": {"lon": 8.5417, "lat": 47.3769}, "bearing": 37'
echo "{ $view, \"camera\": {\"pitch\": 80} }" >"$work/pitch80.json"
echo "{ $view, \"camera\": {\"pitch\": 0} }" >"$work/pitch0.json"
echo "{ $view }" >"$work/flat.json"
"$bin" view map-pitch60 --json >"$work/pitch60.out"
"$bin" view "$work/pitch80.json" --json >"$work/pitch80.out"
"$bin" view "$work/pitch0.json" --json >"$work/pitch0.out"
"$bin" view "$work/flat.json" --json >"$work/flat.out"

# A short chase flight near Zurich, and refused variants of it and of the view.
route='"name": "chase", "grid": {"xyz": 12},
  "route": {"waypoints": [{"lon": 8.0, "lat": 47.0}, {"lon": 8.3, "lat": 47.1}, {"lon": 8.5, "lat": 46.9}]},
  "turn": {"radius": 20}, "screen": {"width": 800, "height": 600}, "flight": {"groundSpeed": 250, "fps": 1},
  "loader": {"latency": 0.1, "throughput": 50}'
scenario() { echo "{ $route, $2 }" >"$work/$1.json"; }
scenario chase '"camera": {"pitch": 65, "altitude": 3000, "lookAhead": 40, "maxLevel": 22}'
"$bin" stencil "$work/chase.json" --json >"$work/chase.stencil"
"$bin" frames "$work/chase.json" --json >"$work/chase.frames"
"$bin" schedule "$work/chase.json" --json >"$work/chase.schedule"
# The camera's schedule flown through the real loader over a generated archive (no flat fallback).
"$bin" replay "$work/chase.json" --speedup 100 --json >"$work/chase.replay"
scenario band '"lateralBand": 10, "camera": {"pitch": 60, "altitude": 3000}'
scenario both '"camera": {"pitch": 60, "altitude": 3000, "zoom": 13}'
scenario neither '"camera": {"pitch": 60}'
scenario unknown '"camera": {"pitch": 60, "zoom": 13, "tilt": 3}'
scenario steep '"camera": {"pitch": 86, "zoom": 13}'
echo "{ \"name\": \"mars\", \"grid\": {\"columns\": 90, \"rows\": 42, \"tileSize\": 128},
  \"route\": {\"from\": {\"lon\": 0, \"lat\": 0}, \"to\": {\"lon\": 10, \"lat\": 0}},
  \"screen\": {\"width\": 480, \"height\": 320}, \"camera\": {\"pitch\": 60, \"zoom\": 3} }" >"$work/mars.json"
echo "{ \"grid\": {\"xyz\": 14}, \"screen\": {\"width\": 1024, \"height\": 768},
  \"center\": {\"lon\": 8.5417, \"lat\": 47.3769}, \"camera\": {\"pitch\": 60} }" >"$work/v-grid.json"
echo "{ $view, \"camera\": {\"pitch\": 60, \"roll\": 1} }" >"$work/v-unknown.json"
echo "{ $view, \"ring\": 256, \"camera\": {\"pitch\": 60} }" >"$work/v-ring.json"
echo "{ $view, \"camera\": {\"pitch\": 60, \"horizon\": 50} }" >"$work/v-horizon.json"
refusals=""
refuse() {  # name, expected kind, command…
    local name=$1 kind=$2 status=0
    shift 2
    "$@" --json >"$work/$name.err" 2>/dev/null || status=$?
    refusals+="$name $kind $status"$'\n'
}
for c in stencil frames schedule; do refuse "band-$c" badParameter "$bin" "$c" "$work/band.json"; done
refuse plan badParameter "$bin" plan "$work/chase.json"
for s in both neither unknown steep mars; do refuse "$s" badParameter "$bin" stencil "$work/$s.json"; done
for v in v-grid v-unknown v-ring; do refuse "$v" field "$bin" view "$work/$v.json"; done
refuse v-horizon outOfRange "$bin" view "$work/v-horizon.json"
printf '%s' "$refusals" >"$work/refusals"

python3 - "$work" <<'PY'
import json, os, sys
work = sys.argv[1]
load = lambda name: json.load(open(os.path.join(work, name)))
problems = []
def check(ok, what):
    if not ok: problems.append(what)

# the geometry model's example 7, as printed there: level 13 rows 2865–2868, level 14 rows 5734–5739.
runs = {13: [(2865, 4290, 4291), (2866, 4290, 4292), (2867, 4291, 4293), (2868, 4292, 4292)],
        14: [(5734, 8579, 8581), (5735, 8579, 8581), (5736, 8579, 8583), (5737, 8579, 8583), (5738, 8578, 8582),
             (5739, 8580, 8581)]}
expected = [[n, i, y] for n in (13, 14) for (y, a, b) in runs[n] for i in range(a, b + 1)]
got = load("pitch60.out")
check(got == {"level": 14, "cover": expected}, f"example 7 at pitch 60°: {got}")
check(len(expected) == 32, "example 7 lists 32 tiles")

# Example 7 at pitch 80°: 88 tiles over levels 10–15 (4, 15, 16, 13, 18, 22), coarsest first then row-major.
cover = load("pitch80.out")["cover"]
counts = [sum(1 for t in cover if t[0] == n) for n in range(10, 16)]
check(counts == [4, 15, 16, 13, 18, 22] and len(cover) == 88, f"example 7 at pitch 80°: counts {counts}")
check(cover == sorted(cover, key=lambda t: (t[0], t[2], t[1])), "pitch 80°: not coarsest first, row-major")

# Pitch 0 is the flat view: the same tiles at the view's level.
flat = load("flat.out")
check(load("pitch0.out") == {"level": 14, "cover": [[14, i, j] for i, j in flat["visible"]]}, "pitch 0 ≠ flat view")

# The pitched stencil is the union of the frames' covers; real tiles fold the columns; bytes = real × 256² × 4.
stencil = load("chase.stencil")
frames = load("chase.frames")
union = sorted({tuple(t) for f in frames for t in f["cover"]}, key=lambda t: (t[0], t[2], t[1]))
check([tuple(t) for t in stencil["cover"]] == union, "stencil cover ≠ union of the frames' covers")
real = sorted({(n, i % (1 << n), y) for n, i, y in union}, key=lambda t: (t[0], t[2], t[1]))
check([tuple(t) for t in stencil["real"]] == real, "stencil real ≠ folded cover")
check(stencil["realTiles"] == len(real) and stencil["bytes"] == len(real) * 262144, "stencil counts")
for f in frames:
    c = f["cover"]
    check(c == sorted(c, key=lambda t: (t[0], t[2], t[1])) and len(set(map(tuple, c))) == len(c),
          f"frame at t = {f['t']}: cover not ordered or repeated")

# The schedule loads every tile some frame needs, never holds more than its capacity, and every tile a frame needs
# was requested before the frame (with the loader's 0.1 s latency) and not evicted since.
schedule = load("chase.schedule")
events = [(-1e9, "load", tuple(t)) for t in schedule["preload"]]
events += [(r[0], "load", tuple(r[1:])) for r in schedule["requests"]]
events += [(e[0], "evict", tuple(e[1:])) for e in schedule["evictions"]]
events.sort(key=lambda e: (e[0], e[1] == "load"))
resident, peak, k = {}, 0, 0
for f in frames:
    need = {(n, i % (1 << n), y) for n, i, y in f["cover"]}
    while k < len(events) and events[k][0] <= f["t"] - 0.1 + 1e-9:
        time, kind, tile = events[k]
        if kind == "load": resident[tile] = time
        else: resident.pop(tile, None)
        peak = max(peak, len(resident))
        k += 1
    missing = need - resident.keys()
    check(not missing, f"frame at t = {f['t']}: {len(missing)} needed tiles not loaded")
check(peak <= schedule["capacity"], f"peak {peak} > capacity {schedule['capacity']}")
# The replay flies the camera's schedule alone, and loads every real tile of its stencil at least once (the flat
# screen would load a few hundred level-12 tiles).
replay = load("chase.replay")
methods = replay["methods"]
check([m["method"] for m in methods] == ["schedule"], f"replay methods {[m['method'] for m in methods]}")
check(methods[0]["requests"] >= stencil["realTiles"] and replay["frames"] == len(frames),
      f"replay: {methods[0]['requests']} requests for {stencil['realTiles']} real tiles, {replay['frames']} frames")
check(schedule["frames"] == len(frames), "schedule frames")

# Refusals: exit status 2 and {"error": {"kind", "message"}}.
for line in open(os.path.join(work, "refusals")).read().split("\n"):
    if not line: continue
    name, kind, status = line.split()
    try:
        error = load(name + ".err")["error"]
        ok = status == "2" and error["kind"] == kind and error["message"]
    except Exception as e:
        ok, error = False, e
    check(ok, f"refusal {name}: exit {status}, {error}")

if problems:
    print("check-pitched: FAILED\n  " + "\n  ".join(problems[:20]))
    sys.exit(1)
print(f"check-pitched: example 7 (32 tiles, and 88 at 80°), pitch 0, a {len(frames)}-frame chase's stencil and "
      f"schedule, {sum(1 for l in open(os.path.join(work, 'refusals')) if l.strip())} refusals: all as expected")
PY
