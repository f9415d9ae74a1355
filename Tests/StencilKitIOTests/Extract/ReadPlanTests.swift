import StencilKitIO
import TestSupport
import Testing

private func spans(_ pairs: [(UInt64, Int)]) -> [ByteSpan] { pairs.map { ByteSpan(offset: $0.0, length: $0.1) } }

@Test func aHandWorkedPlan() throws {
    // Wanted: 0+10, 10+5 (touching: one run), 20+5, 100+10, and 20+5 again (a shared tile). 30 bytes wanted, 3 runs,
    // gaps 5 (15…20) and 75 (25…100).
    let wanted = spans([(0, 10), (10, 5), (20, 5), (100, 10), (20, 5)])
    let exact = try ReadPlan(spans: wanted, overfetch: 0)
    #expect(exact.bytesWanted == 30 && exact.runs == 3)
    #expect(exact.reads == spans([(0, 15), (20, 5), (100, 10)]))
    #expect(exact.bytesRead == 30)
    // x = 1/6: a budget of exactly 5 bytes bridges the 5-byte gap (the bound is inclusive).
    let bridged = try ReadPlan(spans: wanted, overfetch: 5.0 / 30)
    #expect(bridged.reads == spans([(0, 25), (100, 10)]) && bridged.bytesRead == 35)
    // x = 0.1: 3 bytes bridge nothing.
    #expect(try ReadPlan(spans: wanted, overfetch: 0.1).reads.count == 3)
    // x = 3: 90 bytes bridge both gaps (80 bytes).
    let all = try ReadPlan(spans: wanted, overfetch: 3)
    #expect(all.reads == spans([(0, 110)]) && all.bytesRead == 110)
    // Overlapping ranges are one run; bytes wanted count each distinct range.
    let overlap = try ReadPlan(spans: spans([(0, 10), (5, 10)]), overfetch: 0)
    #expect(overlap.reads == spans([(0, 15)]) && overlap.bytesWanted == 20 && overlap.bytesRead == 15)
    #expect(try ReadPlan(spans: [], overfetch: 0.05).reads.isEmpty)
    #expect(throws: PMTilesError.self) { try ReadPlan(spans: wanted, overfetch: -0.01) }
    #expect(throws: PMTilesError.self) { try ReadPlan(spans: wanted, overfetch: .nan) }
}

/// Brute force: the fewest reads any choice of bridged gaps allows within the budget (all 2^(runs − 1) choices).
private func fewestReads(runs: [(start: UInt64, end: UInt64)], budget: Double) -> Int {
    let gaps = (0..<max(0, runs.count - 1)).map { runs[$0 + 1].start - runs[$0].end }
    var best = runs.count
    for mask in 0..<(1 << gaps.count) {
        var cost: UInt64 = 0
        var bridged = 0
        for (i, gap) in gaps.enumerated() where mask & (1 << i) != 0 {
            cost += gap
            bridged += 1
        }
        if Double(cost) <= budget { best = min(best, runs.count - bridged) }
    }
    return best
}

@Test func randomPlansKeepTheBoundsAndAreOptimal() throws {
    var rng = SplitMix64(seed: 64)
    for _ in 0..<400 {
        var wanted: [ByteSpan] = []
        var offset: UInt64 = 0
        for _ in 0..<rng.int(1...12) {
            offset += UInt64(rng.chance(0.4) ? 0 : rng.int(0...200))
            let length = rng.int(1...100)
            wanted.append(ByteSpan(offset: offset, length: length))
            if rng.chance(0.2) { wanted.append(ByteSpan(offset: offset, length: length)) }  // a shared tile
            offset += UInt64(length)
        }
        wanted.shuffle(using: &rng)
        let x = [0, 0.01, 0.05, 0.2, 1, 5][rng.int(below: 6)]
        let plan = try ReadPlan(spans: wanted, overfetch: x)
        // Runs counted directly: distinct ranges sorted, a new run wherever a range starts after the last end.
        let distinct = Set(wanted).sorted { $0.offset < $1.offset }
        var runs: [(start: UInt64, end: UInt64)] = []
        for s in distinct {
            if let last = runs.last, s.offset <= last.end {
                runs[runs.count - 1].end = max(last.end, s.offset + UInt64(s.length))
            } else {
                runs.append((s.offset, s.offset + UInt64(s.length)))
            }
        }
        let bytesWanted = distinct.reduce(0) { $0 + UInt64($1.length) }
        #expect(plan.runs == runs.count && plan.bytesWanted == bytesWanted)
        #expect(plan.reads.count <= runs.count)
        #expect(Double(plan.bytesRead) <= (1 + x) * Double(bytesWanted))
        #expect(plan.reads.count == fewestReads(runs: runs, budget: x * Double(bytesWanted)))
        // Every wanted range inside a read; reads sorted and disjoint.
        for s in wanted {
            #expect(plan.reads.contains { $0.offset <= s.offset && s.offset + UInt64(s.length) <= $0.end })
        }
        for i in plan.reads.indices.dropFirst() { #expect(plan.reads[i - 1].end < plan.reads[i].offset) }
    }
}
