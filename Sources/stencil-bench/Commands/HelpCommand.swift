import MercatorMath
import StencilScenarios

/// `stencil-bench help` (also `--help` or `-h` with no subcommand): prints the usage.
enum HelpCommand {
    /// The usage text.
    static let usage = """
        usage: stencil-bench [run] [SCENARIO...] [--quick] [--strict] [--json] [--save FILE] [--compare FILE]
                             [--threshold 0.25] [--min-delta-ms 0.001] [--budget-ms MS] [--fps FPS]
                             [--repetitions N] [--stride N]
               stencil-bench stencil SCENARIO [--json]
               stencil-bench frames SCENARIO [--json] [--offset PX]
               stencil-bench plan SCENARIO [--json]
               stencil-bench schedule SCENARIO [--json] [--capacity N] [--latency S] [--throughput N]
               stencil-bench replay SCENARIO [--source DIR] [--speedup K] [--margin M] [--workers N] [--json]
               stencil-bench svg SCENARIO [--frame N | --segments | --residency] -o FILE.svg
               stencil-bench animate SCENARIO (-o FILE.html | --state-at T) [--capacity N] [--latency S]
                             [--throughput N]
               stencil-bench view VIEW [--json]
               stencil-bench svg VIEW -o FILE.svg
               stencil-bench pitched [--quick] [--strict] [--json]
               stencil-bench scenarios [--write DIR]
               stencil-bench corridor CORRIDOR [--json]
               stencil-bench extract SCENARIO --source SRC.pmtiles --levels n0...n1 --out OUT.pmtiles
                             [--overfetch 0.05] [--json]
               stencil-bench extract CORRIDOR --source SRC.pmtiles --out OUT.pmtiles [--overfetch 0.05] [--json]
               stencil-bench archive SRC.pmtiles [--json]
               stencil-bench help

        SCENARIO is a built-in name (see `stencil-bench scenarios`) or a path to a scenario .json file.
        VIEW is a built-in view (view-z12-h0, -h30, -h45, -h73, view-viking, view-example5, alps-cockpit,
        map-pitch60) or a view .json file
        ({"grid"|"map", "screen", "center", "bearing", "ring"}); `view --json` prints {"level", "visible", "ring"}
        (tiles row-major as [unwrapped column, row]) or {"error": {"kind", "message"}} with exit status 2.
        CORRIDOR is a corridor .json file, {"route": {"waypoints", ...as in scenarios}, "corridor": {"metres": b,
        "levels": [n0, n1]}}: `corridor` lists the real tiles whose square lies within b metres of the route at each
        level (round caps and joins, across ±180°; `--json` prints {"tiles": [[n, x, y], …]}, each tile once, by
        level then row-major), and `extract` copies those tiles.
        `extract` copies the tiles of the scenario's pyramid stencil over levels n0…n1 (its track scaled to n1; the
        scenario must be on an XYZ grid) from a PMTiles archive into a new one, byte for byte, by reads merged within
        the over-fetch (bytes read ≤ (1 + x) · bytes wanted); `--json` prints {"tiles", "bytes", "missing", "reads",
        "bytesRead"}. `archive` prints a PMTiles archive's header and directory statistics. Both print
        {"error": {"kind", "message"}} with --json and exit status 2 for a bad archive, scenario or command line.
        `pitched` is the perspective part of `run` alone: the pitched covers against the single-level cover of the
        same trapezoid, their allocations, and the JFK → LHR chase camera's stencil, needs and schedule.
        `run` also measures the built-in view covers per call (`run views`: only those) and exits 1 if one misses
        its target or allocates.
        `run` also flies the streaming comparison (`run streaming`: only that): the schedule, the segment plans and
        three LRU prefetch heuristics through one loader simulator, and exits 1 if the schedule misses a target.
        `replay` flies an XYZ scenario in wall-clock time (K times faster) over a z/x/y tile directory (a generated
        one without --source) with real threaded reads: the schedule planned with the loader model calibrated on the
        source (λ = p99 latency × (1 + M), μ = measured rate / (1 + M), M = 1 by default) at its least capacity, LRU + ring
        and the pause plan; prints stalled frames, the loop's frame time, the loader's figures and each method's
        capacity, or {"error": {"kind", "message"}} with --json and exit status 2.
        `svg --segments` draws the budget plan's segments; `svg --residency` the streaming schedule's residency over
        time; `svg` of a chase scenario draws frame N's cover (over terrain, its boxes shaded by height); `animate`
        writes a self-contained HTML page of the flight under that schedule (tiles loading, resident, evicted), or
        with --state-at T what it shows at T, as JSON.
        Scenario and view files, every field and the JSON reader's rules: Benchmarks/FORMAT.md.
        `run` (the default) measures stencil setup, planning and per-frame culling and exits 1 if a frame, a
        stencil setup or a segment switch exceeds the frame budget (1/fps), if culling disagrees with brute
        force, or if --compare finds a p99 regression past --threshold. Usage and input errors exit 2.
        """

    /// Prints the usage; exit status 0.
    static func run() -> Int32 {
        print(usage)
        return 0
    }
}
