// swift-tools-version: 6.0
import PackageDescription
let package = Package(name: "corners", targets: [.executableTarget(name: "corners")])
