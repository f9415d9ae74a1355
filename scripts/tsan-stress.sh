#!/usr/bin/env bash
# Builds the loader stress program (Stress/LoaderStress.swift) and the modules it uses with ThreadSanitizer and
# runs it: many workers, statistics read from another thread, shutdowns with reads in flight. TSan's report of a
# data race fails the run (exit 66), as does a lost load (exit 1).
#
#   scripts/tsan-stress.sh [ROUNDS]     # default 20
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/.build/tsan"
mkdir -p "$build"
flags=(-O -swift-version 6 -sanitize=thread -parse-as-library -package-name StencilKit -I "$root/Sources/CZlib"
    -I "$root/Sources/CLibPNG")
for name in MercatorMath StencilKit StencilKitIO; do
    mapfile -t sources < <(find "$root/Sources/$name" -name '*.swift' | sort)
    if [[ ! -f "$build/$name.o" ]] || [[ -n "$(find "$root/Sources/$name" -newer "$build/$name.o" -name '*.swift')" ]]
    then
        swiftc "${flags[@]}" -wmo -module-name "$name" -I "$build" -c "${sources[@]}" -o "$build/$name.o" \
            -emit-module -emit-module-path "$build/$name.swiftmodule"
    fi
done
swiftc "${flags[@]}" -module-name LoaderStress -I "$build" "$root/Stress/LoaderStress.swift" \
    "$build/MercatorMath.o" "$build/StencilKit.o" "$build/StencilKitIO.o" -lz -lpng16 -o "$build/loader-stress"
TSAN_OPTIONS="halt_on_error=1 exitcode=66" SWIFT_BACKTRACE=enable=no "$build/loader-stress" "${1:-20}"
