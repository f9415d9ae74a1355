#!/usr/bin/env bash
# Checks how stencil-bench refuses input: every refusal exits with status 2, and with --json prints the error object
# {"error": {"kind", "message"}} on standard output and the message on standard error too (issue 21); a waypoint
# error names the waypoint; numbers print whole as integers; "dropRepeated" drops repeated waypoints and says how
# many; files that are folders are named as such.
#
# Usage: scripts/check-refusals.sh [BIN]   (BIN defaults to .build/release/stencil-bench; build it first)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/stencil-bench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

# refuses KIND FRAGMENT ARGS…: exit 2, stdout one JSON error object of kind KIND whose message contains FRAGMENT.
refuses() {
    local kind=$1 fragment=$2
    shift 2
    local status=0
    "$bin" "$@" >"$work/out" 2>"$work/err" || status=$?
    if ! python3 - "$work/out" "$kind" "$fragment" "$status" "$work/err" <<'PY'; then
import json, sys
path, kind, fragment, status, err = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
text = open(path).read()
try:
    error = json.loads(text)["error"]
except Exception as e:
    sys.exit(f"stdout is not the JSON error object ({e}): {text[:200]!r}")
problems = []
if status != 2: problems.append(f"exit status {status}, not 2")
if error.get("kind") != kind: problems.append(f"kind {error.get('kind')!r}, not {kind!r}")
if fragment not in error.get("message", ""): problems.append(f"message lacks {fragment!r}: {error.get('message')!r}")
if fragment not in open(err).read(): problems.append(f"standard error lacks {fragment!r}: {open(err).read()[:200]!r}")
if problems: sys.exit("; ".join(problems))
PY
        echo "FAIL: stencil-bench $*" >&2
        failures=$((failures + 1))
    else
        echo "ok: stencil-bench $* → $kind"
    fi
}

refuses missingLoader 'has no "loader"' schedule example1 --json
refuses usage 'option --capacity must be a whole number of at least 1 (got "0")' schedule example1 --capacity 0 --latency 0.1 --throughput 10 --json
refuses usage 'option --throughput must be a number of tiles per second > 0 (got "-1")' schedule example1 --latency 0.1 --throughput -1 --json
refuses offsetOutsideBand '--offset 40 px is outside the scenario' frames example1 --offset 40 --json
refuses usage 'unknown option --bogus' run --bogus --json
refuses usage 'unknown option --bogus' stencil example1 --bogus --json
refuses usage 'unknown subcommand or scenario' nonsense --json
refuses usage "unknown option --bogus" view --bogus --json
refuses usage 'view, pitched, scenarios' nonsense --json
# The output is captured first: `grep -q` exits at its first match, and under pipefail the writer's SIGPIPE would
# fail the check at random.
help_text=$("$bin" help)
if grep -q 'stencil-bench pitched' <<<"$help_text"; then echo "ok: help lists pitched"; else
    echo "FAIL: help does not list pitched" >&2
    failures=$((failures + 1))
fi

# Folders where files are expected, and the archive commands' refusals (JSON on stdout, the message on stderr).
mkdir -p "$work/folder.json"
refuses badParameter 'is a directory' stencil "$work/folder.json" --json
refuses file 'is a directory' view "$work/folder.json" --json
# refusesOnStderr FRAGMENT ARGS…: exit 2 and FRAGMENT in the message on stderr (svg has no --json).
refusesOnStderr() {
    local fragment=$1
    shift
    local status=0
    "$bin" "$@" >"$work/out" 2>"$work/err" || status=$?
    if [[ $status == 2 ]] && grep -q "$fragment" "$work/err"; then
        echo "ok: stencil-bench $* → $fragment"
    else
        echo "FAIL: stencil-bench $*: exit $status, stderr $(cat "$work/err")" >&2
        failures=$((failures + 1))
    fi
}
# svg of a MapLibre view: refused as a usage error naming the view and the command that lists its tiles.
refusesOnStderr 'is a MapLibre view' svg Benchmarks/views/maplibre-zurich70.json -o "$work/m.svg"
refusesOnStderr 'is a directory; give the path of a file' svg example1 -o "$work/folder.json"
printf 'not an archive at all, but long enough to hold a header of 127 bytes %0100d' 0 >"$work/bad.pmtiles"
refuses archive 'PMTiles' archive "$work/bad.pmtiles" --json
refuses archive 'PMTiles' extract jfk-lhr --source "$work/bad.pmtiles" --levels 0...2 --out "$work/o.pmtiles" --json
printf '{"name": "huge", "grid": {"xyz": 9223372036854775808}, "screen": {"width": 320, "height": 240},
 "flight": {"speed": 200}, "route": {"waypoints": [{"lon": 0, "lat": 0}, {"lon": 1, "lat": 0}]}}' >"$work/huge.json"
refuses badParameter 'too large' stencil "$work/huge.json" --json

# A MapLibre view (issue 28) out of range, and one of an unknown source type.
echo '{"maplibre": {"center": [0, 0], "zoom": 30, "width": 9, "height": 9}}' >"$work/maplibre-zoom.json"
refuses outOfRange 'MapLibre zoom is 30; it must be −2 ≤ zoom ≤ 24' view "$work/maplibre-zoom.json" --json
echo '{"maplibre": {"center": [0, 0], "zoom": 3, "width": 9, "height": 9, "type": "dem"}}' >"$work/maplibre-type.json"
refuses field 'field "maplibre.type" must be "raster" or "vector"' view "$work/maplibre-type.json" --json

# A route with repeated waypoints, one past the terrain's limit, and the same route with "dropRepeated".
scenario() {  # scenario WAYPOINTS EXTRA
    cat <<JSON
{"name": "repeats", "grid": {"xyz": 8}, "screen": {"width": 320, "height": 240}, "flight": {"speed": 200},
 "route": {"waypoints": [$1]$2}}
JSON
}
points='{"lon": -74, "lat": 40.6}, {"lon": -74, "lat": 40.6}, {"lon": -40, "lat": 50}, {"lon": -40, "lat": 50}, {"lon": -40, "lat": 50}, {"lon": 0, "lat": 51.5}'
scenario "$points" "" >"$work/repeats.json"
refuses coincidentWaypoints 'Waypoints 0 and 1 are the same place (lat 40.6°, lon -74°)' stencil "$work/repeats.json" --json
scenario '{"lon": -74, "lat": 40.6}, {"lon": -40, "lat": 50}, {"lon": -30, "lat": 50}, {"lon": 0, "lat": 86.2}' "" >"$work/north.json"
refuses offTerrain 'field "route.waypoints[3].lat" 86.2° is past the terrain' stencil "$work/north.json" --json
scenario "$points" ', "dropRepeated": true' >"$work/dropped.json"
if "$bin" stencil "$work/dropped.json" --json >"$work/out" 2>"$work/err" \
    && grep -q 'dropped 3 repeated waypoints ("dropRepeated": true): route.waypoints\[1\], \[3\], \[4\]; 3 of 6 kept' "$work/err"; then
    echo "ok: \"dropRepeated\": true drops 3 waypoints and says so"
else
    echo "FAIL: \"dropRepeated\" — stderr: $(cat "$work/err")" >&2
    failures=$((failures + 1))
fi
scenario '{"lon": -74, "lat": 40.6}, {"lon": -74, "lat": 40.6}, {"lon": 0, "lat": 86.2}' ', "dropRepeated": true' >"$work/both.json"
refuses offTerrain 'field "route.waypoints[2].lat" 86.2° is past' stencil "$work/both.json" --json

# Terrain (issue 26): bounds the library refuses name the entry; an eye under the terrain's bound is refused; a
# corrupt DEM tile names the tile.
fixtures="$(cd "$(dirname "$0")/.." && pwd)/Tests/StencilKitIOTests/Fixtures"
alps_view() {  # alps_view TERRAIN CAMERA_EXTRA
    cat <<JSON
{"map": {"zoom": 13}, "screen": {"width": 1920, "height": 1080}, "center": {"lon": 8.0, "lat": 46.5}, "bearing": 200,
 "camera": {"pitch": 75$2}, "terrain": $1}
JSON
}
alps_view '{"root": [0, 4000], "bounds": [[1, 1, 0, 0, 5000]]}' "" >"$work/outside.json"
refuses field 'tile 1/1/0' view "$work/outside.json" --json
alps_view "{\"source\": \"$fixtures/alps-terrarium-z10.pmtiles\"}" ', "eyeAltitude": 1000' >"$work/low-eye.json"
refuses outOfRange 'must be above the terrain under the eye' view "$work/low-eye.json" --json
mkdir -p "$work/dem/10/531"
printf 'not a png' >"$work/dem/10/531/364.png"
alps_view "{\"source\": \"dem/{z}/{x}/{y}.png\"}" "" >"$work/bad-dem.json"
refuses field 'DEM tile 10/531/364: not a PNG' view "$work/bad-dem.json" --json

if ((failures > 0)); then
    echo "$failures refusal checks failed" >&2
    exit 1
fi
echo "every refusal checked"
