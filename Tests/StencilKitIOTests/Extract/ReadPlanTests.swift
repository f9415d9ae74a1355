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
        // Some ranges overlap their neighbour (tiles that share bytes): the budget counts shared bytes once.
        if rng.chance(0.3), let last = wanted.last, last.length > 1 {
            wanted.append(ByteSpan(offset: last.offset + 1, length: last.length))
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
        let union = runs.reduce(0) { $0 + $1.end - $1.start }
        #expect(plan.runs == runs.count && plan.bytesWanted == bytesWanted && plan.bytesCovered == union)
        #expect(plan.reads.count <= runs.count)
        #expect(Double(plan.bytesRead) <= (1 + x) * Double(union))
        #expect(plan.reads.count == fewestReads(runs: runs, budget: x * Double(union)))
        // Every wanted range inside a read; reads sorted and disjoint.
        for s in wanted {
            #expect(plan.reads.contains { $0.offset <= s.offset && s.offset + UInt64(s.length) <= $0.end })
        }
        for i in plan.reads.indices.dropFirst() { #expect(plan.reads[i - 1].end < plan.reads[i].offset) }
    }
}

@Test func theBudgetIsTheUnionNotTheSumOfOverlappingSpans() throws {
    // 100 copies of one 101-byte range shifted by one byte each: 100 distinct spans, 10,100 bytes in all, a union of
    // 200 bytes (0 ..< 200). A far span at 1,000: the gap (800 bytes) is past x · union = 0.5 · 210 = 105, so it stays
    // unbridged; a sum-based budget (0.5 · 10,110) would have bridged it.
    var wanted = (0..<100).map { ByteSpan(offset: UInt64($0), length: 101) }
    wanted.append(ByteSpan(offset: 1_000, length: 10))
    let plan = try ReadPlan(spans: wanted, overfetch: 0.5)
    #expect(plan.bytesWanted == 10_110 && plan.bytesCovered == 210)
    #expect(plan.reads == spans([(0, 200), (1_000, 10)]) && plan.bytesRead == 210)
    // At x = 800 / 210 the gap is exactly the budget: bridged.
    #expect(try ReadPlan(spans: wanted, overfetch: 800.0 / 210).reads == spans([(0, 1_010)]))
}

@Test func spansThatCannotBeReadAreRefusedNotTrapped() throws {
    // A negative length, and spans whose ends pass UInt64 (the fuzzer's reproducers).
    for bad in [spans([(0, -1)]), spans([(UInt64.max - 1, 2)]), spans([(UInt64.max - 1, 3)])] {
        #expect(throws: PMTilesError.self) { try ReadPlan(spans: bad, overfetch: 0) }
    }
    // Ending exactly at 2^64 − 1 is fine.
    #expect(try ReadPlan(spans: spans([(UInt64.max - 1, 1)]), overfetch: 0).reads.count == 1)
    // Touching spans whose union passes Int.max bytes: one read would be too long.
    #expect(throws: PMTilesError.self) { try ReadPlan(spans: spans([(0, Int.max), (1, Int.max)]), overfetch: 0) }
    // Two runs of 2^62 bytes 2^63 apart at x = 1: bridging would make a read of 2^63 + 2^62 bytes; they stay two.
    let far = try ReadPlan(spans: spans([(0, 1 << 62), (1 << 63, 1 << 62)]), overfetch: 1)
    #expect(far.reads == spans([(0, 1 << 62), (1 << 63, 1 << 62)]))
    // The messages say what would be valid.
    do {
        _ = try ReadPlan(spans: spans([(0, -1)]), overfetch: 0)
    } catch {
        #expect(error.description.contains("length ≥ 0"))
    }
}
