import MercatorMath
import StencilKitIO

/// libFuzzer target `template`: the tile URL template reader (``TileURLTemplate``) on arbitrary text. The input's
/// first 8 bytes pick a tile (level 0…30, x and y reduced into the level); the rest, decoded as UTF-8 (invalid bytes
/// replaced), is the template. A typed error is a fine answer, and its offset must lie inside the template; a
/// template that parses must fill every tile's address without a brace left (braces only delimit placeholders), and
/// an address made only of placeholders {z}/{x}/{y} must read back the tile. A trap or a broken invariant is a
/// finding (`fatalError`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var seed: UInt64 = 0
    for i in 0..<min(8, size) { seed = seed << 8 | UInt64(bytes[i]) }
    let level = Int(seed % 31)
    let side = UInt64(1) << UInt64(level)
    let x = Int((seed >> 8) % side)
    let y = Int((seed >> 24) % side)
    guard let tile = try? TileID(level: level, x: x, y: y) else { fatalError("tile \(level)/\(x)/\(y) refused") }
    let text = String(decoding: bytes.dropFirst(min(8, size)), as: UTF8.self)
    let count = text.unicodeScalars.count
    do {
        let template = try TileURLTemplate(text)
        for id in [tile, TileID.world] {
            let address = template.address(of: id)
            if address.unicodeScalars.contains(where: { $0 == "{" || $0 == "}" }) {
                fatalError("template \(text.debugDescription) left a brace in \(address.debugDescription)")
            }
        }
        if text == "{z}/{x}/{y}", template.address(of: tile) != "\(level)/\(x)/\(y)" {
            fatalError("{z}/{x}/{y} gave \(template.address(of: tile)) for \(tile)")
        }
    } catch {
        let offset: Int
        switch error {
        case .unknownPlaceholder(_, let o), .unclosedBrace(let o), .unopenedBrace(let o): offset = o
        }
        if offset < 0 || offset >= count { fatalError("offset \(offset) outside a template of \(count) scalars") }
        if error.description.isEmpty { fatalError("an error without a message") }
    }
    return 0
}
