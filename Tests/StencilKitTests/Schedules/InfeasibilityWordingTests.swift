import Testing

@testable import StencilKit

/// A refused schedule's sentence agrees in number: one frame "alone needs", several frames "lie within the latency
/// of each other and need".
struct InfeasibilityWordingTests {
    static func sentence(frames: ClosedRange<Int>) throws -> String {
        ScheduleInfeasibility(
            capacity: 20, loader: try LoaderModel(latency: 0.1, throughput: 50), smallestCapacity: 22,
            smallestThroughput: nil, windowBound: 22, time: 10.3, frames: frames,
            frameTimes: Double(frames.lowerBound) / 60...Double(frames.upperBound) / 60, heldTiles: 22
        ).description
    }

    @Test func oneFrameAndSeveral() throws {
        let one = try Self.sentence(frames: 618...618)
        #expect(one.contains("frame 618 (t = 10.3 s) alone needs 22 distinct tiles, and every tile"))
        #expect(!one.contains("lie"))
        let several = try Self.sentence(frames: 612...618)
        #expect(several.contains("frames 612…618 (t = 10.2…10.3 s) lie within the latency of each other and need 22"))
    }
}
