/// The latest times a loader model (the geometry model's *Streaming schedule* (§9)) allows for a list of loads in
/// deadline order, and the least
/// preload before take-off.
///
/// Latest completions run backwards: c_{n−1} = D_{n−1}, c_m = min(D_m, c_{m+1} − 1/μ). No schedule of the same loads
/// in the same order can complete any of them later. Load m can be requested after take-off only if its request
/// c_m − λ ≥ 0 and, behind a preload, c_m ≥ 1/μ (the first completion after the preload's last, at 0). Since c
/// grows along the list, the preload is the shortest prefix P after which every load can be: requested together
/// at −w, w = λ + (P − 1)/μ (nudged like the requests below), completing at (i − (P − 1))/μ, the last exactly at 0.
///
/// Rounding. Each backward step and each request time is nudged down by ulps until the forward formula, evaluated
/// in floating point, reproduces it: fl(c_m + 1/μ) ≤ c_{m+1} and fl(t_m + λ) ≤ c_m. So the completions the model's
/// forward formula gives for these requests are at most c_m ≤ D_m exactly, and ``completion`` holds those forward
/// values.
/// - Complexity: O(n).
struct LoadTimeline {
    /// Request time of each load in seconds from take-off (−w for the preload).
    var request: [Double]
    /// Completion of each load by the forward formula.
    var completion: [Double]
    /// Number of preloaded loads (a prefix).
    var preloadCount: Int
    /// The take-off wait w (0 without a preload).
    var takeoffWait: Double

    /// The timeline of loads with non-decreasing `deadlines`. `interval` is 1/μ (0 for an unlimited throughput).
    init(deadlines: [Double], latency: Double, interval: Double) {
        let n = deadlines.count
        var latest = [Double](repeating: 0, count: n)
        if n > 0 {
            latest[n - 1] = deadlines[n - 1]
            for m in stride(from: n - 2, through: 0, by: -1) {
                let next = latest[m + 1]
                var x = next - interval
                var guardSteps = 0
                while x + interval > next && guardSteps < 64 {
                    x = x.nextDown
                    guardSteps += 1
                }
                latest[m] = Swift.min(deadlines[m], x)
            }
        }
        var request = [Double](repeating: 0, count: n)
        for m in 0..<n { request[m] = Self.requestTime(completion: latest[m], latency: latency) }
        // The shortest preload prefix.
        var p = 0
        while p < n {
            if request[p] >= 0 && (p == 0 || latest[p] >= interval) { break }
            p += 1
        }
        // −w is nudged like every request: the latest time whose fl(−w + λ) does not pass the first preloaded
        // completion, −(P − 1)/μ (w = λ + (P − 1)/μ rounded could put it an ulp late).
        let wait = p > 0 ? -Self.requestTime(completion: -Double(p - 1) * interval, latency: latency) : 0
        var completion = [Double](repeating: 0, count: n)
        for m in 0..<p {
            request[m] = -wait
            completion[m] = -Double(p - 1 - m) * interval
        }
        var previous = p > 0 ? 0.0 : -Double.infinity
        for m in p..<n {
            let c = LoaderModel.completion(earliest: request[m] + latency, after: previous, interval: interval)
            completion[m] = c
            previous = c
        }
        self.request = request
        self.completion = completion
        preloadCount = p
        takeoffWait = wait
    }

    /// The latest request t with fl(t + λ) ≤ c.
    static func requestTime(completion c: Double, latency: Double) -> Double {
        var t = c - latency
        var guardSteps = 0
        while t + latency > c && guardSteps < 64 {
            t = t.nextDown
            guardSteps += 1
        }
        return t
    }
}
