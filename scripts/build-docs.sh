#!/usr/bin/env bash
# Builds the DocC documentation of MercatorMath, StencilKit and StencilKitIO with the toolchain's own `docc`, warnings as errors.
# No package dependency (no swift-docc-plugin): symbol graphs come from `swift package dump-symbol-graph`, which
# re-extracts them on every run (so they are never stale), in a scratch path of its own (.build-docs/) that does not
# fight other builds.
#
# Usage: scripts/build-docs.sh
#   DOCC=/path/to/docc    use this docc instead of the one found next to the toolchain's swift
#
# Output, in .build-docs/:
#   MercatorMath.doccarchive, StencilKit.doccarchive, StencilKitIO.doccarchive   one archive per library
#   StencilKit-docs.doccarchive       all merged (the links between the modules resolve there)
# To read them: python3 -m http.server -d .build-docs/StencilKit-docs.doccarchive 8000
#   then open http://localhost:8000/documentation/stencilkit (or …/documentation/mercatormath).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
graphs="$scratch/symbol-graphs"

# The docc binary: $DOCC, else on PATH, else next to the real `swift` binary, else in the toolchain that
# `swift -print-target-info` names (swiftly and other proxies), else Xcode's (macOS).
find_docc() {
    if [[ -n "${DOCC:-}" ]]; then
        [[ -x "$DOCC" ]] || { echo "build-docs: DOCC=$DOCC is not an executable" >&2; return 1; }
        echo "$DOCC"
        return
    fi
    if command -v docc >/dev/null 2>&1; then
        command -v docc
        return
    fi
    local swift_path real_swift resource candidate
    swift_path=$(command -v swift 2>/dev/null || true)
    if [[ -n "$swift_path" ]]; then
        real_swift=$(readlink -f "$swift_path" 2>/dev/null || echo "$swift_path")
        candidate="$(dirname "$real_swift")/docc"
        [[ -x "$candidate" ]] && { echo "$candidate"; return; }
        # The output is captured whole before sed reads it (no early exit in a pipeline under pipefail).
        local info
        info=$(swift -print-target-info 2>/dev/null || true)
        resource=$(sed -n '/"runtimeResourcePath"/{s/.*"runtimeResourcePath"[^"]*"\([^"]*\)".*/\1/p;q;}' <<<"$info")
        candidate="$resource/../../bin/docc"
        [[ -n "$resource" && -x "$candidate" ]] && { echo "$candidate"; return; }
    fi
    if command -v xcrun >/dev/null 2>&1 && xcrun --find docc >/dev/null 2>&1; then
        xcrun --find docc
        return
    fi
    echo "build-docs: no docc found; install a Swift toolchain that ships it (5.6 or later) or set DOCC" >&2
    return 1
}

docc=$(find_docc)
echo "build-docs: docc at $docc"
start=$SECONDS

# Symbol graphs of the public API, one directory per library (docc documents one module per catalog).
# dump-symbol-graph builds the libraries, then extracts every module's graph afresh; it also tries the test modules,
# which it has not built, and exits non-zero for them: only the libraries' graphs are required.
mkdir -p "$scratch"
rm -rf "$scratch"/*/symbolgraph
swift package --scratch-path "$scratch" dump-symbol-graph >"$scratch/dump-symbol-graph.log" 2>&1 || true
dumped=$(sed -n 's/^Files written to //p' "$scratch/dump-symbol-graph.log" | tail -n 1)
if [[ -z "$dumped" || ! -f "$dumped/MercatorMath.symbols.json" || ! -f "$dumped/StencilKit.symbols.json" ||
    ! -f "$dumped/StencilKitIO.symbols.json" ]]; then
    cat "$scratch/dump-symbol-graph.log" >&2
    echo "build-docs: swift package dump-symbol-graph gave no graphs for MercatorMath, StencilKit and StencilKitIO" >&2
    exit 1
fi
rm -rf "$graphs"
for module in MercatorMath StencilKit StencilKitIO; do
    mkdir -p "$graphs/$module"
    # The module's own graph, plus its extensions of other modules' types (Module@Other.symbols.json), if any.
    cp "$dumped/$module.symbols.json" "$graphs/$module/"
    for extension in "$dumped/$module"@*.symbols.json; do
        if [[ -f "$extension" ]]; then cp "$extension" "$graphs/$module/"; fi
    done
done

convert() {  # module, extra docc options…
    local module=$1
    shift
    rm -rf "$scratch/$module.doccarchive"
    "$docc" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.stencilkit.$module" \
        --output-path "$scratch/$module.doccarchive" \
        --warnings-as-errors \
        --enable-experimental-external-link-support \
        "$@"
}

# MercatorMath first: StencilKit's articles link to its pages (``/MercatorMath/TileGrid``, <doc:/MercatorMath/Tiles>).
convert MercatorMath
convert StencilKit --dependency "$scratch/MercatorMath.doccarchive"
convert StencilKitIO --dependency "$scratch/MercatorMath.doccarchive" --dependency "$scratch/StencilKit.doccarchive"

rm -rf "$scratch/StencilKit-docs.doccarchive"
"$docc" merge "$scratch/MercatorMath.doccarchive" "$scratch/StencilKit.doccarchive" \
    "$scratch/StencilKitIO.doccarchive" \
    --synthesized-landing-page-name StencilKit \
    --output-path "$scratch/StencilKit-docs.doccarchive" >/dev/null

echo "build-docs: built $scratch/MercatorMath.doccarchive, $scratch/StencilKit.doccarchive," \
    "$scratch/StencilKitIO.doccarchive and" \
    "$scratch/StencilKit-docs.doccarchive in $((SECONDS - start)) s"
