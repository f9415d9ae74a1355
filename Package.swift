// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "StencilKit",
    platforms: [.macOS(.v12), .iOS(.v15)],
    products: [
        .library(name: "MercatorMath", targets: ["MercatorMath"]),
        .library(name: "StencilKit", targets: ["StencilKit"]),
        .library(name: "StencilKitIO", targets: ["StencilKitIO"]),
        .executable(name: "stencil-bench", targets: ["stencil-bench"]),
    ],
    targets: [
        .target(name: "MercatorMath"),
        .target(name: "StencilKit", dependencies: ["MercatorMath"]),
        // The system zlib (gzip directories of PMTiles archives): a system library, not a package.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // The system libpng (elevation tiles decoded on Linux; Apple platforms use ImageIO): a system library.
        .systemLibrary(name: "CLibPNG", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        // Real tiles: archives, tile directories, elevation tiles and a threaded loader. StencilKit and MercatorMath
        // stay pure.
        .target(
            name: "StencilKitIO",
            dependencies: [
                "StencilKit", "MercatorMath", "CZlib", .target(name: "CLibPNG", condition: .when(platforms: [.linux])),
            ]),
        // The benchmark's pictures (SVG and HTML) of library values; internal, no product.
        .target(name: "StencilPictures", dependencies: ["StencilKit", "MercatorMath"]),
        // The scenario and view file format (Benchmarks/FORMAT.md): the strict JSON reader, the files set up as
        // library values, and the built-in files, its resources (Bundle.module). Internal, no product.
        .target(
            name: "StencilScenarios", dependencies: ["StencilKit", "MercatorMath", "StencilKitIO", "StencilPictures"],
            resources: [.copy("Scenarios"), .copy("Views")]),
        .executableTarget(
            name: "stencil-bench",
            dependencies: ["StencilKit", "MercatorMath", "StencilKitIO", "StencilPictures", "StencilScenarios"]),
        // The tests' shared support (the one random generator); internal, no product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "MercatorMathTests", dependencies: ["MercatorMath", "TestSupport"]),
        // Fixtures: the MapLibre GL JS vectors (scripts/maplibre-vectors/generate.sh), read by path.
        .testTarget(
            name: "StencilKitTests", dependencies: ["StencilKit", "MercatorMath", "TestSupport"],
            exclude: ["Fixtures"]),
        // The benchmark's reader, pictures and the residency they draw (the executable's internals, @testable).
        .testTarget(
            name: "StencilBenchTests",
            dependencies: ["stencil-bench", "StencilPictures", "StencilScenarios", "StencilKit", "MercatorMath", "TestSupport"]),
        .testTarget(
            name: "StencilKitIOTests", dependencies: ["StencilKitIO", "StencilKit", "MercatorMath", "TestSupport"],
            exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
