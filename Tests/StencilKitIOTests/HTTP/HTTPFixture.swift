import Foundation
import MercatorMath
import StencilKitIO

/// The archive and tiles the HTTP tests serve and extract.
enum HTTPFixture {
    /// Every tile of levels 0…6 (5,461), each holding its id and a filler of 0…199 bytes so lengths vary, in leaf
    /// directories of 256 entries (22 leaves): about 600 KB, its tile data past the first 16,384 bytes.
    static let archive: Data = {
        var writer = PMTilesWriter()
        writer.leafSize = 256
        writer.forcesLeaves = true
        writer.metadata = Data(#"{"name":"http fixture"}"#.utf8)
        for level in 0...6 {
            let n = 1 << level
            for x in 0..<n {
                for y in 0..<n {
                    let tile = try! TileID(level: level, x: x, y: y)
                    writer.add(bytes(of: tile), for: tile)
                }
            }
        }
        return try! writer.archive()
    }()

    /// The bytes stored for `tile`.
    static func bytes(of tile: TileID) -> Data {
        let filler = (tile.x * 7 + tile.y * 13 + tile.level) % 200
        return Data("\(tile.level)/\(tile.x)/\(tile.y)".utf8 + [UInt8](repeating: UInt8(tile.level), count: filler))
    }

    /// The wanted tiles: a block of about an eighth of each level 0…7 by side (level 7 is absent from the archive:
    /// missing tiles), so the tile data is read in several coalesced runs.
    static let wanted: [TileID] = {
        var tiles: [TileID] = []
        for level in 0...7 {
            let n = 1 << level
            let side = max(1, n / 8)
            for x in (n / 4)..<(n / 4 + side) {
                for y in (n / 3)..<(n / 3 + side) { tiles.append(try! TileID(level: level, x: x, y: y)) }
            }
        }
        return tiles
    }()

    /// A fresh temporary folder holding the archive as `fixture.pmtiles`.
    static func folder() throws -> String {
        let root = try makeTemporaryDirectory("http")
        try archive.write(to: URL(fileURLWithPath: root + "/fixture.pmtiles"))
        return root
    }

    /// Settings for fault tests: 4 in flight, short timeout and backoff, 6 retries.
    static let quick = HTTPSettings(
        requestsInFlight: 4, timeout: 0.6, retries: 6, retryBaseDelay: 0.01, maximumRetryDelay: 0.05)
}
