#!/usr/bin/env bash
# Compiles every ```swift block of README.md and of the DocC articles (Sources/*/*.docc/**/*.md) against the
# package's libraries, runs them, and checks what they print (issue 25, "docs that compile").
#
# Usage: scripts/check-docs.sh [swift build options…]
#   The options go to `swift build`, which builds the libraries first (nothing, when they are up to date): give the
#   ones the package was last built with — CI's `-Xswiftc -warnings-as-errors` — or SwiftPM rebuilds it all.
#
# How it works (scripts/check-docs.py): each block becomes a function in a file of its own, under
# .build-docs-check/Sources (git-ignored; read them there when a diagnostic puzzles you), compiled in one `swiftc`
# run against the debug build's modules and objects, then run in one process. `#sourceLocation` makes every
# diagnostic point at the document's own file and line. Warnings are errors there too (a deprecated name fails),
# except "value never used" and "never mutated", which top-level code would not get either. The checks take about
# 10 s once the package is built.
#
# Conventions for a documentation author:
# - A block is written as top-level code; `return` leaves it early. Its `import` lines are the only ones it gets
#   (so a block that uses `Data` must import Foundation); a block without any imports gets its catalog's module,
#   StencilKit in README.md. Types, functions and closures may be declared inside; extensions and protocols may not.
# - What a block prints is checked. Write it in a trailing comment on the print:
#       print(stencil.tileCount, stencil.bytes(for: rgba256))  // 243 63700992
#   The comment is the printed line: text exactly, numbers to the precision written (0.58333 matches
#   0.5833333333333334, 180 matches 180.0); a number written with … after it (1993.06…) may also be cut off there;
#   a trailing … after text leaves the rest of the line unchecked. Comment lines right below, starting in the same
#   column, continue it. Put anything else (units, explanations) on the line above.
#   Or give a ```text block right after the swift block (only blank lines between): the block's whole output, line
#   by line, with the same rules.
#   Anything a block prints that its text does not state fails the check, as does a thrown error or a crash.
# - An HTML comment right above a block's fence (invisible on GitHub and in DocC) changes how it is checked:
#       <!-- check-docs: continues -->       the block goes on from the previous swift block of the same file,
#                                            with its names in scope (one function; a walk-through in steps)
#       <!-- check-docs: setup=NAME -->      scripts/docs-setup/NAME.swift runs first, in the same scope: names the
#                                            block uses but does not show (a file path, a renderer's draw call)
#       <!-- check-docs: no-run -->          compiled, not run
#       <!-- check-docs: manifest -->        a Package.swift, loaded by `swift package dump-package`
#       <!-- check-docs: skip -->            not checked (say why in the text)
#   Keys may be combined in one comment: <!-- check-docs: setup=streaming no-run -->.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "check-docs: python3 is needed" >&2; exit 1; }
exec python3 scripts/check-docs.py "$@"
