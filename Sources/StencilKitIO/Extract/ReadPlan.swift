/// The reads that fetch a set of wanted byte ranges: as few as an over-fetch fraction x allows.
///
/// The wanted ranges, sorted by offset with duplicates removed, first fall into *runs*: maximal chains where each
/// range starts at or before the previous one's end (consecutive offsets; shared tiles are one range). A run is
/// always one read. Then the gaps between runs are bridged smallest first while the bytes of the gaps bridged stay
/// within x · U, U the bytes of the union of the wanted ranges (bytes that overlapping ranges share count once).
/// Bridging the k smallest gaps is optimal: any k bridged gaps cost at least as much, so no plan within the budget
/// has fewer reads. Hence reads ≤ runs and bytes read ≤ (1 + x) · U. A read never passes `Int.max` bytes: a gap
/// whose bridge would make one longer stays unbridged.
public struct ReadPlan: Sendable, Hashable {
    /// The distinct wanted ranges, sorted.
    public let wanted: [ByteSpan]
    /// The reads, sorted by offset, disjoint; every wanted range lies within one of them.
    public let reads: [ByteSpan]
    /// The number of runs of consecutive offsets among the wanted ranges (the reads with x = 0).
    public let runs: Int
    /// Bytes of the distinct wanted ranges, Σ length (bytes that overlapping ranges share count in each).
    public let bytesWanted: UInt64
    /// Bytes of the union of the wanted ranges, U: the bytes that must be read (the runs' lengths).
    public let bytesCovered: UInt64
    /// Bytes of the reads, Σ length: the union of the wanted ranges plus the gaps bridged.
    public let bytesRead: UInt64
    /// The over-fetch fraction x the plan was made with.
    public let overfetch: Double

    /// Plans the reads of `spans` (any order, repeats allowed) with over-fetch fraction `overfetch`.
    /// - Complexity: O(n log n) for n spans.
    /// - Throws: ``PMTilesError/invalidArgument(name:value:valid:)`` unless `overfetch` is finite and ≥ 0, every
    ///   span has a length ≥ 0 and ends within UInt64, and each run of touching spans is at most `Int.max` bytes.
    public init(spans: some Sequence<ByteSpan>, overfetch: Double) throws(PMTilesError) {
        guard overfetch.isFinite, overfetch >= 0 else {
            throw .invalidArgument(
                name: "Over-fetch", value: "\(overfetch)", valid: "a finite fraction ≥ 0 (0.05 is 5 %)")
        }
        let wanted = Array(Set(spans)).sorted()
        for span in wanted where span.length < 0 || UInt64.max - span.offset < UInt64(span.length) {
            throw .invalidArgument(
                name: "A byte span", value: "\(span)", valid: "a length ≥ 0 and an end (offset + length) ≤ 2^64 − 1")
        }
        // Runs: chains of ranges that touch or overlap.
        var runs: [ByteSpan] = []
        for span in wanted {
            if let last = runs.last, span.offset <= last.end {
                let end = max(last.end, span.end)
                guard end - last.offset <= UInt64(Int.max) else {
                    throw .invalidArgument(
                        name: "Touching byte spans from \(last.offset)", value: "\(end - last.offset) bytes in all",
                        valid: "at most \(Int.max) bytes in one run (one read)")
                }
                runs[runs.count - 1].length = Int(end - last.offset)
            } else {
                runs.append(span)
            }
        }
        let bytesWanted = wanted.reduce(0 as UInt64) { $0 &+ UInt64($1.length) }
        let bytesCovered = runs.reduce(0 as UInt64) { $0 &+ UInt64($1.length) }
        // Bridge the smallest gaps within the budget (bridges that would make a read pass Int.max bytes skipped).
        let budget = overfetch * Double(bytesCovered)
        var bridge = [Bool](repeating: false, count: max(0, runs.count - 1))
        let order = (0..<bridge.count).sorted {
            runs[$0 + 1].offset - runs[$0].end < runs[$1 + 1].offset - runs[$1].end
        }
        var spent = 0.0
        for i in order {
            let gap = Double(runs[i + 1].offset - runs[i].end)
            guard spent + gap <= budget else { break }
            spent += gap
            bridge[i] = true
        }
        var reads: [ByteSpan] = []
        for (i, run) in runs.enumerated() {
            if i > 0, bridge[i - 1], run.end - reads[reads.count - 1].offset <= UInt64(Int.max) {
                reads[reads.count - 1].length = Int(run.end - reads[reads.count - 1].offset)
            } else {
                reads.append(run)
            }
        }
        self.wanted = wanted
        self.reads = reads
        self.runs = runs.count
        self.bytesWanted = bytesWanted
        self.bytesCovered = bytesCovered
        self.bytesRead = reads.reduce(0 as UInt64) { $0 &+ UInt64($1.length) }
        self.overfetch = overfetch
    }
}
