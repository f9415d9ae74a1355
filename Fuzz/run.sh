#!/usr/bin/env bash
# Builds and runs one libFuzzer target against the package's sources, for a fixed number of runs with a fixed seed.
#
#   Fuzz/run.sh scenario 20000   # the scenario reader: JSON → scenario → stencil, frames, plan (+ invariants)
#   Fuzz/run.sh api 20000        # the public API with extreme doubles, and routes, views, levels, pyramids,
#                                # needs, schedules and the driver (+ invariants)
#   Fuzz/run.sh archive 20000    # the PMTiles reader: any bytes as an archive (seeds: the test fixtures and
#                                # Fuzz/seeds/archive, the hostile archives found so far)
#   Fuzz/run.sh template 20000   # StencilKitIO's tile URL template reader on arbitrary text (+ invariants)
#   Fuzz/run.sh dem 20000        # libpng's decoder and the DEM bounds on any bytes as an elevation tile (seeds:
#                                # small Terrarium PNGs from scripts/make-dem-fixture.py)
#   Fuzz/run.sh http 20000       # StencilKitIO's HTTP answer judge: Content-Range, status, headers, body lengths
#
# The module sources are compiled directly with `swiftc -sanitize=fuzzer` (coverage for libFuzzer) into
# .build/fuzz/; the scenario target also compiles the benchmark's sources except its main.swift. Each run starts
# from the committed seeds (a fresh copy, so a fixed seed and run count always do the same work). Extra arguments
# go to libFuzzer, e.g. `Fuzz/run.sh api 1000000 -jobs=2`. A crash, a broken invariant (fatalError), a timeout
# (10 s per input) or more than 2 GB of memory fails the run; the input is saved as .build/fuzz/artifacts/TARGET-*.
set -euo pipefail
target=${1:?usage: Fuzz/run.sh scenario|api|archive|template|dem|http RUNS [libFuzzer options]}
runs=${2:-10000}
shift $(( $# >= 2 ? 2 : $# ))
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/.build/fuzz"
mkdir -p "$build/artifacts"
export SWIFT_BACKTRACE=enable=no
# Swift seeds its hashing per process; fixed hashing makes a run (set orders, hence coverage) repeat exactly.
export SWIFT_DETERMINISTIC_HASHING=1

# One package name for every module: stencil-bench uses StencilKit's `package` declarations.
flags=(-O -swift-version 6 -sanitize=fuzzer -parse-as-library -package-name StencilKit -I "$root/Sources/CZlib"
    -I "$root/Sources/CLibPNG")
lib() {  # lib NAME [EXTRA.swift...]: one object and module for Sources/NAME, rebuilt when a source is newer
    local name=$1
    shift
    local sources
    mapfile -t sources < <(find "$root/Sources/$name" -name '*.swift' | sort)
    if [[ ! -f "$build/$name.o" ]] || [[ -n "$(find "$root/Sources/$name" -newer "$build/$name.o" -name '*.swift')" ]]; then
        swiftc "${flags[@]}" -wmo -module-name "$name" -I "$build" -c "${sources[@]}" "$@" -o "$build/$name.o" \
            -emit-module -emit-module-path "$build/$name.swiftmodule"
    fi
}
lib MercatorMath
lib StencilKit

case "$target" in
scenario)
    # The benchmark's extract and archive commands use StencilKitIO, its pictures StencilPictures.
    lib StencilKitIO
    lib StencilPictures
    # SwiftPM generates the scenario module's Bundle.module (its built-in scenario and view files); here the
    # module's own folder, which holds them as Scenarios/ and Views/, stands in for the resource bundle.
    printf 'import Foundation\n\nextension Bundle {\n    static let module = Bundle(path: "%s")!\n}\n' \
        "$root/Sources/StencilScenarios" >"$build/BundleModule.swift"
    lib StencilScenarios "$build/BundleModule.swift"
    bench=()
    while IFS= read -r f; do [[ $(basename "$f") == main.swift ]] || bench+=("$f"); done \
        < <(find "$root/Sources/stencil-bench" -name '*.swift' | sort)
    sources=("${bench[@]}" "$root/Fuzz/FuzzChecks.swift" "$root/Fuzz/ScenarioTarget.swift")
    seeds=("$root"/Sources/StencilScenarios/Scenarios/*.json "$root"/Fuzz/seeds/scenario/*.json)
    dict=(-dict="$root/Fuzz/scenario.dict")
    ;;
api)
    sources=("$root/Fuzz/FuzzChecks.swift" "$root/Fuzz/RouteChecks.swift" "$root/Fuzz/APITarget.swift"
        "$root/Fuzz/APIRoutes.swift" "$root/Fuzz/APIPerspective.swift")
    seeds=("$root"/Fuzz/seeds/api/*)
    dict=()
    ;;
archive)
    lib StencilKitIO
    sources=("$root/Fuzz/ArchiveTarget.swift")
    seeds=("$root"/Tests/StencilKitIOTests/Fixtures/*.pmtiles "$root"/Fuzz/seeds/archive/*.pmtiles)
    dict=()
    ;;
template)
    lib StencilKitIO
    sources=("$root/Fuzz/TemplateTarget.swift")
    seeds=("$root"/Fuzz/seeds/template/*)
    dict=()
    ;;
dem)
    lib StencilKitIO
    sources=("$root/Fuzz/DEMTarget.swift")
    seeds=("$root"/Fuzz/seeds/dem/*)
    dict=()
    ;;
http)
    lib StencilKitIO
    sources=("$root/Fuzz/HTTPTarget.swift")
    seeds=("$root"/Fuzz/seeds/http/*)
    dict=()
    ;;
*)
    echo "Fuzz/run.sh: unknown target \"$target\" (scenario, api, archive, template, dem or http)" >&2
    exit 2
    ;;
esac

binary="$build/fuzz-$target"
io=()
[[ "$target" != api ]] && io=("$build/StencilKitIO.o" -lz -lpng16)
[[ "$target" == scenario ]] && io+=("$build/StencilPictures.o" "$build/StencilScenarios.o")
swiftc "${flags[@]}" -module-name "Fuzz_$target" -I "$build" "${sources[@]}" "$build/MercatorMath.o" \
    "$build/StencilKit.o" "${io[@]}" -o "$binary"

corpus="$build/corpus-$target"
rm -rf "$corpus"
mkdir -p "$corpus"
for s in "${seeds[@]}"; do [[ -f "$s" ]] && cp "$s" "$corpus/"; done
"$binary" "$corpus" -runs="$runs" -seed=1 -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$build/artifacts/$target-" "${dict[@]}" "$@"
