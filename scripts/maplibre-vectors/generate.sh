#!/usr/bin/env bash
# Writes Tests/StencilKitTests/Fixtures/maplibre-covers.json: random cameras and the tiles MapLibre GL JS's own
# coveringTiles returns for them (see vectors.ts). Needs node, Debian's esbuild (apt-get install esbuild) and git
# mirrors of maplibre-gl-js (any clone holding the release commit), gl-matrix and @mapbox/point-geometry, e.g. from
#   https://github.com/maplibre/maplibre-gl-js  https://github.com/toji/gl-matrix
#   https://github.com/mapbox/point-geometry
# MapLibre's code is extracted into a temporary directory outside the repository and removed afterwards; none of
# it is committed. CI does not run this (no network): it only reads the committed vectors.
#
# Usage: scripts/maplibre-vectors/generate.sh [OUTPUT]
#   MAPLIBRE_GIT   maplibre-gl-js git dir   (default /work/.mirror/NathanMOlson+maplibre-gl-js/repo)
#   MAPLIBRE_REF   the release commit       (default 50d412d653fc08c639d7a98cfeca20fd37feba19, "Bump version to
#                                            5.14.0 (#6807)": MapLibre GL JS 5.14.0)
#   GLMATRIX_GIT, GLMATRIX_REF              (default /work/.mirror/toji+gl-matrix/repo, v3.4.4)
#   POINT_GIT, POINT_REF                    (default /work/.mirror/mapbox+point-geometry/repo, v1.1.0)
#   VECTOR_COUNT, VECTOR_SEED               (default 600 cameras, seed 28)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
output="${1:-$root/Tests/StencilKitTests/Fixtures/maplibre-covers.json}"
MAPLIBRE_GIT="${MAPLIBRE_GIT:-/work/.mirror/NathanMOlson+maplibre-gl-js/repo}"
MAPLIBRE_REF="${MAPLIBRE_REF:-50d412d653fc08c639d7a98cfeca20fd37feba19}"
GLMATRIX_GIT="${GLMATRIX_GIT:-/work/.mirror/toji+gl-matrix/repo}"
GLMATRIX_REF="${GLMATRIX_REF:-v3.4.4}"
POINT_GIT="${POINT_GIT:-/work/.mirror/mapbox+point-geometry/repo}"
POINT_REF="${POINT_REF:-v1.1.0}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/maplibre" "$work/node_modules/gl-matrix" "$work/node_modules/@mapbox/point-geometry"
git -C "$MAPLIBRE_GIT" archive "$MAPLIBRE_REF" src package.json | tar -x -C "$work/maplibre"
git -C "$GLMATRIX_GIT" archive "$GLMATRIX_REF" src package.json | tar -x -C "$work/node_modules/gl-matrix"
git -C "$POINT_GIT" archive "$POINT_REF" index.js package.json | tar -x -C "$work/node_modules/@mapbox/point-geometry"
version="$(node -e 'console.log(require(process.argv[1]).version)' "$work/maplibre/package.json")"
cp "$here/vectors.ts" "$here/stubs.cjs" "$work/"

# Packages MapLibre's modules import but coveringTiles never calls stay outside the bundle (stubs.cjs stands in).
external=()
for name in @maplibre/maplibre-gl-style-spec @mapbox/unitbezier @mapbox/vector-tile @mapbox/whoots-js \
    murmurhash-js pbf potpack ./array_types.g ../array_types.g ../util/unicode_properties.g; do
    external+=("--external:$name")
done
(cd "$work" && esbuild vectors.ts --bundle --platform=node --format=cjs --outfile=vectors.js --log-level=error \
    --alias:gl-matrix=./node_modules/gl-matrix/src/index.js "${external[@]}")
MAPLIBRE_DESCRIBE="maplibre-gl-js $version ($MAPLIBRE_REF), src/geo/projection/covering_tiles.ts" \
    node "$work/stubs.cjs" "$work/vectors.js" >"$output.tmp"
mv "$output.tmp" "$output"
echo "wrote $output: $(grep -c '"tiles"' "$output") cameras, MapLibre GL JS $version"
