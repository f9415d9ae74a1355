import Foundation
import MercatorMath
import StencilKitIO
import Testing

@Test func aDirectorySourceReadsPresentTilesAndReturnsNilForMissingOnes() throws {
    let root = try makeTemporaryDirectory("dir")
    defer { removeTemporary(root) }
    let present = [try TileID(level: 12, x: 2144, y: 1433), try TileID(level: 0, x: 0, y: 0)]
    try writeTiles(present, root: root)
    let source = try TileDirectory(path: root + "/", pathExtension: "png")
    #expect(source.root == root)
    #expect(source.path(for: present[0]) == "\(root)/12/2144/1433.png")
    for tile in present { #expect(try source.tileData(for: tile) == testBytes(tile)) }
    // Missing file, missing column folder, missing level folder: nil, not an error.
    #expect(try source.tileData(for: TileID(level: 12, x: 2144, y: 1434)) == nil)
    #expect(try source.tileData(for: TileID(level: 12, x: 2145, y: 1433)) == nil)
    #expect(try source.tileData(for: TileID(level: 5, x: 1, y: 1)) == nil)
    // An empty file is an empty tile, not a missing one.
    try Data().write(to: URL(fileURLWithPath: "\(root)/0/0/1.png"))
    try FileManager.default.createDirectory(atPath: "\(root)/1/0", withIntermediateDirectories: true)
    try Data().write(to: URL(fileURLWithPath: "\(root)/1/0/1.png"))
    #expect(try source.tileData(for: TileID(level: 1, x: 0, y: 1)) == Data())
}

@Test func aDirectorySourceDiscoversItsExtension() throws {
    let root = try makeTemporaryDirectory("ext")
    defer { removeTemporary(root) }
    try FileManager.default.createDirectory(atPath: "\(root)/notes", withIntermediateDirectories: true)
    try writeTiles([try TileID(level: 3, x: 2, y: 5)], root: root, ext: "pbf")
    try writeTiles([try TileID(level: 10, x: 1, y: 1)], root: root, ext: "webp")
    // Levels visited in numeric order: 3 before 10.
    let source = try TileDirectory(path: root)
    #expect(source.pathExtension == "pbf")
    #expect(try source.tileData(for: TileID(level: 3, x: 2, y: 5)) == testBytes(try TileID(level: 3, x: 2, y: 5)))
}

@Test func aDirectorySourceRefusesBadPathsWithTypedErrors() throws {
    let root = try makeTemporaryDirectory("bad")
    defer { removeTemporary(root) }
    #expect(throws: TileDirectoryError.notFound(path: root + "/absent")) {
        try TileDirectory(path: root + "/absent", pathExtension: "png")
    }
    try Data([1]).write(to: URL(fileURLWithPath: root + "/file"))
    #expect(throws: TileDirectoryError.notADirectory(path: root + "/file")) {
        try TileDirectory(path: root + "/file", pathExtension: "png")
    }
    #expect(throws: TileDirectoryError.noTiles(path: root)) { try TileDirectory(path: root) }
    for bad in ["", "a/b", ".png"] {
        #expect(throws: TileDirectoryError.badExtension(bad)) { try TileDirectory(path: root, pathExtension: bad) }
    }
    // A directory where a tile's file should be: unreadable, named.
    try FileManager.default.createDirectory(atPath: root + "/2/1/3.png", withIntermediateDirectories: true)
    let source = try TileDirectory(path: root, pathExtension: "png")
    #expect(throws: TileDirectoryError.unreadable(path: root + "/2/1/3.png", reason: "not a regular file")) {
        try source.tileData(for: TileID(level: 2, x: 1, y: 3))
    }
    // A file past the stated bound: too large, not read.
    try writeTiles([try TileID(level: 2, x: 0, y: 0)], root: root)
    let small = try TileDirectory(path: root, pathExtension: "png", maximumTileBytes: 4)
    let bytes = testBytes(try TileID(level: 2, x: 0, y: 0)).count
    #expect(throws: TileDirectoryError.tileTooLarge(path: root + "/2/0/0.png", bytes: bytes, limit: 4)) {
        try small.tileData(for: TileID(level: 2, x: 0, y: 0))
    }
    let error = TileDirectoryError.badExtension(".png")
    #expect(error.description.contains("without '/' or a leading '.'"))
}

/// A FIFO where a tile's file should be: refused as not a regular file at once (opening it for reading blocked
/// until a writer came, forever). The read runs on its own thread; if it has not returned within 5 s the test fails
/// and a writer is opened to release it.
@Test func aFIFOAsATileIsRefusedWithoutWaiting() throws {
    let root = try makeTemporaryDirectory("fifo")
    defer { removeTemporary(root) }
    try FileManager.default.createDirectory(atPath: root + "/0/0", withIntermediateDirectories: true)
    let fifo = root + "/0/0/0.png"
    #expect(mkfifo(fifo, 0o600) == 0)
    let source = try TileDirectory(path: root, pathExtension: "png")
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var outcome: Result<Data?, any Error>?
    Thread.detachNewThread {
        outcome = Result { try source.tileData(for: TileID(level: 0, x: 0, y: 0)) }
        done.signal()
    }
    if done.wait(timeout: .now() + 5) == .timedOut {
        Issue.record("reading a FIFO tile did not return within 5 s")
        let writer = open(fifo, O_WRONLY)  // releases the blocked reader
        close(writer)
        done.wait()
    }
    guard case .failure(let error)? = outcome else { Issue.record("no error: \(String(describing: outcome))"); return }
    #expect(error as? TileDirectoryError == .unreadable(path: fifo, reason: "not a regular file"))
}
