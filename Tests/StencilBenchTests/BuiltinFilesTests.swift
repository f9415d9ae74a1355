import Foundation
import StencilScenarios
import Testing

@testable import stencil_bench

/// The built-in scenarios and views are the JSON files among the executable's resources, one a name: every listed
/// name has its file, every file is listed, each parses under its own name, and `scenarios --write` copies the files
/// byte for byte.
struct BuiltinFilesTests {
    /// The names of the `.json` files in a resource folder, sorted.
    static func files(in folder: String) -> [String] {
        guard let directory = BuiltinFile.folder(folder),
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test func everyScenarioFileIsListedOnceAndParses() throws {
        #expect(Self.files(in: "Scenarios") == BuiltinScenarios.listed.sorted())
        #expect(Set(BuiltinScenarios.listed).count == BuiltinScenarios.listed.count)
        for name in BuiltinScenarios.listed {
            let scenario = try #require(try BuiltinScenarios.named(name), "\(name)")
            #expect(scenario.name == name)
        }
        #expect(try BuiltinScenarios.named("no-such-scenario") == nil)
        #expect(try BuiltinScenarios.parsedAll().map(\.name) == BuiltinScenarios.all)
    }

    @Test func everyViewFileIsListedOnceAndParses() throws {
        #expect(Self.files(in: "Views") == BuiltinViews.all.sorted())
        for name in BuiltinViews.all {
            #expect(BuiltinViews.isView(name))
            #expect(try BuiltinViews.resolve(name).name == name)
        }
    }

    @Test func scenariosWriteCopiesTheFilesByteForByte() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("builtin-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try ScenariosCommand.run(["--write", dir.path]) == 0)
        let written = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(written == BuiltinScenarios.listed.map { "\($0).json" }.sorted())
        for name in BuiltinScenarios.listed {
            let source = try #require(
                BuiltinFile.url(name, in: "Scenarios"))
            #expect(
                try Data(contentsOf: dir.appendingPathComponent("\(name).json")) == Data(contentsOf: source), "\(name)")
        }
    }
}
