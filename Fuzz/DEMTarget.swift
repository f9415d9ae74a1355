import Foundation
import MercatorMath
import StencilKit
import StencilKitIO

/// libFuzzer target `dem`: any bytes as a PNG elevation tile, through libpng's decoder and the DEM bounds
/// derivation. Errors are fine (a corrupt or truncated PNG should get one); a trap, a hang, memory past the limit or a
/// broken invariant (an image whose buffer is not width · height · 4 bytes, bounds that do not contain the decoded
/// samples or do not nest) is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDEM(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    // 1,048,576 px at most keeps each run fast; the bound itself is what is tested.
    guard let image = try? PNGImage(decoding: bytes, maximumPixels: 1 << 20) else { return 0 }
    guard image.rgba.count == image.width * image.height * 4 else { fatalError("an RGBA buffer of the wrong size") }
    guard image.width == image.height, image.width > 0 else { return 0 }
    let tile = TileID.world.children[Int(size % 4)]
    let source = FuzzSource(tile: tile, data: bytes)
    for encoding in ElevationEncoding.allCases {
        guard let bounds = try? DEMBounds(source: source, level: 1, tiles: [tile], encoding: encoding) else {
            fatalError("a decodable square tile was refused")
        }
        var lo = Double.infinity
        var hi = -Double.infinity
        for p in 0..<(image.width * image.height) {
            let e = encoding.elevation(
                red: image.rgba[4 * p], green: image.rgba[4 * p + 1], blue: image.rgba[4 * p + 2])
            lo = min(lo, e)
            hi = max(hi, e)
        }
        guard let own = bounds.entries.first(where: { $0.tile == tile })?.range, own.lo == min(lo, 0),
            own.hi == max(hi, 0), bounds.root.contains(own), (try? bounds.terrainBounds()) != nil
        else { fatalError("bounds \(bounds.root) do not hold the samples \(lo)…\(hi)") }
    }
    return 0
}

/// One tile's bytes.
struct FuzzSource: TileSource {
    let tile: TileID
    let data: Data
    func tileData(for tile: TileID) throws -> Data? { tile == self.tile ? data : nil }
}
