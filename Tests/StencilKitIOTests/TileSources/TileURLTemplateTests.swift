import MercatorMath
import StencilKitIO
import TestSupport
import Testing

@Test func urlTemplatesFillEveryPlaceholder() throws {
    let tile = try TileID(level: 12, x: 2144, y: 1433)
    let osm = try TileURLTemplate("https://tile.openstreetmap.org/{z}/{x}/{y}.png")
    #expect(osm.address(of: tile) == "https://tile.openstreetmap.org/12/2144/1433.png")
    // TMS: 2^12 − 1 − 1433 = 2662.
    #expect(try TileURLTemplate("{z}/{x}/{-y}").address(of: tile) == "12/2144/2662")
    // Quadkey of 3/3/5: x = 011, y = 101; digits 2·y_b + x_b from the top bit: 2, 1, 3.
    let bing = try TileURLTemplate("https://t.example/a{quadkey}.jpeg?g=1")
    #expect(bing.address(of: try TileID(level: 3, x: 3, y: 5)) == "https://t.example/a213.jpeg?g=1")
    #expect(bing.address(of: .world) == "https://t.example/a.jpeg?g=1")
    #expect(try TileURLTemplate("{-y}").address(of: .world) == "0")
    #expect(try TileURLTemplate("").address(of: tile) == "")
    #expect(try TileURLTemplate("{z}{z}{x}").address(of: tile) == "12122144")
    #expect(osm.addresses(of: [tile, .world]) == [osm.address(of: tile), "https://tile.openstreetmap.org/0/0/0.png"])
}

@Test func urlTemplatesAgreeWithIndependentFormulasOnRandomTiles() throws {
    var random = SplitMix64(seed: 20)
    let template = try TileURLTemplate("{z}|{x}|{y}|{-y}|{quadkey}")
    for _ in 0..<500 {
        let level = random.int(0...30)
        let x = random.int(0...(1 << level) - 1)
        let y = random.int(0...(1 << level) - 1)
        let tile = try TileID(level: level, x: x, y: y)
        let parts = template.address(of: tile).split(separator: "|", omittingEmptySubsequences: false)
        #expect(parts.count == 5)
        #expect(Int(parts[0]) == level && Int(parts[1]) == x && Int(parts[2]) == y)
        #expect(Int(parts[3])! + y == (1 << level) - 1)
        // The quadkey read back digit by digit.
        var qx = 0
        var qy = 0
        for c in parts[4] {
            let d = Int(String(c))!
            qx = 2 * qx + (d & 1)
            qy = 2 * qy + (d >> 1)
        }
        #expect(parts[4].count == level && qx == x && qy == y)
    }
}

@Test func urlTemplatesRefuseUnknownPlaceholdersAndUnbalancedBraces() {
    #expect(throws: TileURLTemplateError.unknownPlaceholder(name: "w", offset: 4)) { try TileURLTemplate("{z}/{w}") }
    #expect(throws: TileURLTemplateError.unknownPlaceholder(name: "", offset: 0)) { try TileURLTemplate("{}") }
    #expect(throws: TileURLTemplateError.unknownPlaceholder(name: "Z", offset: 0)) { try TileURLTemplate("{Z}") }
    #expect(throws: TileURLTemplateError.unknownPlaceholder(name: "s", offset: 8)) {
        try TileURLTemplate("https://{s}.tile/{z}")
    }
    #expect(throws: TileURLTemplateError.unclosedBrace(offset: 4)) { try TileURLTemplate("{z}/{x") }
    #expect(throws: TileURLTemplateError.unclosedBrace(offset: 0)) { try TileURLTemplate("{{z}}") }
    #expect(throws: TileURLTemplateError.unopenedBrace(offset: 1)) { try TileURLTemplate("z}") }
    #expect(throws: TileURLTemplateError.unopenedBrace(offset: 3)) { try TileURLTemplate("{z}}") }
    #expect(TileURLTemplateError.unclosedBrace(offset: 4).description.contains("{quadkey}"))
    // Offsets count Unicode scalars: é precomposed is one, e + combining acute two; a brace is a brace whatever
    // follows it.
    #expect(throws: TileURLTemplateError.unknownPlaceholder(name: "w", offset: 1)) { try TileURLTemplate("\u{E9}{w}") }
    #expect(throws: TileURLTemplateError.unknownPlaceholder(name: "w", offset: 2)) {
        try TileURLTemplate("e\u{301}{w}")
    }
    #expect(throws: TileURLTemplateError.unknownPlaceholder(name: "\u{301}", offset: 0)) {
        try TileURLTemplate("{\u{301}}")
    }
}
