#!/usr/bin/env bash
# Draws the documentation's figures with `stencil-bench svg` from the worked examples' scenario and view files, into
# the DocC catalogs' Resources folders, so they stay true to the code: run it after a change that moves a tile, and
# commit what changes. (scripts/build-docs.sh copies nothing: docc reads the Resources folders itself.)
#
# Usage: scripts/make-figures.sh
#   STENCIL_BENCH=/path   a built stencil-bench (default: builds the debug one; figures do not depend on the build)
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -z "${STENCIL_BENCH:-}" ]]; then
    swift build --product stencil-bench >/dev/null
    STENCIL_BENCH=.build/debug/stencil-bench
fi
kit=Sources/StencilKit/StencilKit.docc/Resources
math=Sources/MercatorMath/MercatorMath.docc/Resources
mkdir -p "$kit" "$math"
svg() { "$STENCIL_BENCH" svg "$@"; }

# The geometry model's worked examples (StencilKit's Model articles).
svg example1 -o "$kit/example1-stencil.svg"                    # §6 example 1: the racetrack, its U-turns, a frame
svg example2 -o "$kit/example2-ghosts.svg"                     # §6 example 2: ghost columns across ±180°
svg example4-pivot --segments -o "$kit/example4-segments.svg"  # §10 example 4: the pause plan's segments
svg view-example5 -o "$kit/example5-view.svg"                  # §10 example 5: a view and its prefetch ring
svg Benchmarks/schedules/example6.json --residency -o "$kit/example6-residency.svg"  # §10 example 6: residency
# Getting started: the README's Web Mercator example (a MapLibre view, the route's stencil, its schedule).
svg Benchmarks/views/zurich-maplibre.json -o "$kit/getting-started-view.svg"
svg Benchmarks/views/zurich-maplibre.json -o "$math/zurich-maplibre-view.svg"
svg Benchmarks/schedules/zurich-geneva.json -o "$kit/getting-started-route.svg"
svg Benchmarks/schedules/zurich-geneva.json --residency -o "$kit/getting-started-residency.svg"
