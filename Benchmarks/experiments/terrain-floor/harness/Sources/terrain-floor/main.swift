// Usage: terrain-floor alps|9b [CALLS]. Prints, per call: the terrain cover, the same walk with every box decision
// replayed from a log of the first call (no geometry: what the walk itself costs), and the flat pitched cover of the
// same camera (stencil-bench's reference), interleaved in batches; and the number of box decisions a call makes.
import Foundation
import MercatorMath
import StencilKit
import StencilKitIO

// The repository: seven folders above this file (Benchmarks/experiments/terrain-floor/harness/Sources/terrain-floor).
let root = (0..<7).reduce(URL(fileURLWithPath: #filePath)) { url, _ in url.deletingLastPathComponent() }
let levels = try LevelOfDetail(tileSize: 256, levelBias: 0, minLevel: 0, maxLevel: 22)
let example7 = try PerspectiveCamera(
    center: GeoCoordinate(latitude: 47.3769, longitude: 8.5417), mapZoom: 14.3, bearing: 37, pitch: 60,
    width: 1024, height: 768, levels: levels)
let alps = try PerspectiveCamera(
    center: GeoCoordinate(latitude: 46.5, longitude: 8.0), mapZoom: 13, bearing: 200, pitch: 75, width: 1920,
    height: 1080, levels: levels)
let dem = try DEMBounds(
    path: root.appendingPathComponent("Tests/StencilKitIOTests/Fixtures/alps-terrarium-z10.pmtiles").path,
    encoding: .terrarium
).terrainBounds()
var entries: [TerrainBounds.Entry] = []
var tile = try TileID(level: 12, x: 2145, y: 1434)
while let parent = tile.parent {
    for child in parent.children where child != tile { entries.append(TerrainBounds.Entry(tile: child, range: .zero)) }
    tile = parent
}
let example9b = try TerrainBounds(root: ElevationRange(lo: 0, hi: 2000), entries: entries)
let which = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "alps"
let calls = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2])! : 100_000
let (camera, bounds) = which == "alps" ? (alps, dem) : (example7, example9b)

var live = TerrainCover()
var replayed = TerrainCover()
var flat = PitchedCover()
replayed.startReplay(1)
try TerrainCamera(camera: camera, bounds: bounds).cover(into: &replayed)
let decisions = replayed.replayCount
replayed.startReplay(2)
let clock = ContinuousClock()
var times = ([Double](), [Double](), [Double]())
let batch = 50
func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
for b in 0..<(calls / batch) {
    var t = clock.now
    for _ in 0..<batch { try TerrainCamera(camera: camera, bounds: bounds).cover(into: &live) }
    let a = seconds(clock.now - t) / Double(batch)
    t = clock.now
    for _ in 0..<batch { try TerrainCamera(camera: camera, bounds: bounds).cover(into: &replayed) }
    let r = seconds(clock.now - t) / Double(batch)
    t = clock.now
    for _ in 0..<batch { try camera.cover(into: &flat) }
    let f = seconds(clock.now - t) / Double(batch)
    if b >= 20 {
        times.0.append(a)
        times.1.append(r)
        times.2.append(f)
    }
}
func median(_ x: [Double]) -> Double { x.sorted()[x.count / 2] }
let (t, r, f) = (median(times.0), median(times.1), median(times.2))
precondition(Array(live.tiles) == Array(replayed.tiles), "the replayed walk must give the same cover")
print(
    which, "tiles", live.tiles.count, "flat tiles", flat.tiles.count, "box decisions", decisions,
    String(format: "terrain %.2f µs, walk with decisions replayed %.2f µs, flat %.2f µs", t * 1e6, r * 1e6, f * 1e6),
    String(format: "(%.2f×, %.2f×; %.1f ns a decision for the walk, %.1f for the geometry)", t / f, r / f,
        r / Double(decisions) * 1e9, (t - r) / Double(decisions) * 1e9))
