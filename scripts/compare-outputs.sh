#!/usr/bin/env bash
# Records, or checks against a recording, the JSON outputs of stencil-bench on every built-in scenario and view:
# stencil, frames, plan and schedule of each scenario, plus plans under pause and seamless policies at a ladder of
# budgets, and the views. A refactor that must not change answers is checked by recording before and comparing
# after (byte for byte).
#
# Usage: scripts/compare-outputs.sh record DIR [BIN]
#        scripts/compare-outputs.sh check DIR [BIN]      (exit 1 and a list of differing outputs)
# BIN defaults to .build/release/stencil-bench (build it first with `swift build -c release`).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:?record or check}
dir=${2:?output directory}
bin=${3:-.build/release/stencil-bench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" scenarios --write "$work/sc" >/dev/null
# Plan variants: both policies at budgets of 8 … 400 tiles of the scenario's own tile size.
python3 - "$work/sc" "$work/var" <<'PY'
import json, os, sys
src, dst = sys.argv[1], sys.argv[2]
os.makedirs(dst, exist_ok=True)
for name in sorted(os.listdir(src)):
    scenario = json.load(open(os.path.join(src, name)))
    per_tile = scenario.get("bytesPerTile") or scenario["grid"].get("tileSize", 256) ** 2 * 4
    for policy in ("pause", "seamless"):
        for tiles in (8, 12, 16, 24, 32, 48, 64, 100, 160, 400):
            variant = dict(scenario, policy=policy, budgetBytes=tiles * per_tile, bytesPerTile=per_tile)
            json.dump(variant, open(os.path.join(dst, f"{name[:-5]}--{policy}-{tiles}.json"), "w"))
PY
out="$work/out"
mkdir -p "$out"
run() {  # name, command…
    local name=$1
    shift
    { timeout 120 "$bin" "$@" 2>&1 || echo "exit $?"; } >"$out/$name"
}
for file in "$work"/sc/*.json; do
    base=$(basename "$file" .json)
    run "$base.stencil" stencil "$file" --json
    run "$base.frames" frames "$file" --json
    run "$base.plan" plan "$file" --json
    run "$base.schedule" schedule "$file" --json --latency 0.1 --throughput 50
done
for file in "$work"/var/*.json; do
    run "$(basename "$file" .json).plan" plan "$file" --json
done
for view in view-z12-h0 view-z12-h30 view-z12-h45 view-z12-h73 view-viking view-example5 alps-cockpit map-pitch60; do
    run "$view.view" view "$view" --json
done
case "$mode" in
record)
    rm -rf "$dir"
    mkdir -p "$dir"
    cp "$out"/* "$dir"/
    echo "recorded $(ls "$dir" | wc -l) outputs in $dir"
    ;;
check)
    status=0
    for f in "$dir"/*; do
        name=$(basename "$f")
        if ! cmp -s "$f" "$out/$name"; then
            echo "differs: $name"
            status=1
        fi
    done
    for f in "$out"/*; do [[ -e "$dir/$(basename "$f")" ]] || { echo "new: $(basename "$f")"; status=1; }; done
    [[ $status == 0 ]] && echo "all $(ls "$dir" | wc -l) outputs identical"
    exit $status
    ;;
*) echo "usage: $0 record|check DIR [BIN]" >&2; exit 2 ;;
esac
