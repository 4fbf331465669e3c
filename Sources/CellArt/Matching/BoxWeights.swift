/// Area weights of a box filter along one axis: which source pixels each output sample
/// covers, and by how much.
struct BoxWeights: Sendable {
    /// First source index of each output sample.
    let first: [Int]
    /// Offset of each output sample's weights in `weights` (one more entry than samples).
    let offsets: [Int]
    /// Normalised weights, sample after sample.
    let weights: [Float]

    /// Weights for `count` samples spread evenly over `sourceLength` pixels from `sourceStart`,
    /// clamped to pixels `0..<limit`.
    ///
    /// With `slopes`, when reducing, a pixel that a sample covers only in part is read as a
    /// ramp (the slope between its two neighbours, the pixels at the picture's edge repeated)
    /// instead of flat. A picture that is itself box-filtered (the disk cache's 256-px
    /// picture) then loses less at each sample's edge to a second box filter: reduced once
    /// more from 256 px to the samples of a 40x20 half-block tile, plain area weights won 34
    /// of 47 tuning pictures against chafa, with slopes 38, one box filter from the full
    /// picture 40 (issue 14). The extra weights sum to zero (the mean is kept) and they are
    /// zero where the samples fall on pixel edges (an integer ratio reduces as before). Only
    /// below `rampsBelow` pixels a sample.
    init(sourceStart: Double, sourceLength: Double, count: Int, limit: Int, slopes: Bool = false) {
        var first: [Int] = [], offsets: [Int] = [0], weights: [Float] = []
        let step = sourceLength / Double(max(count, 1))
        let ramps = slopes && step > 1 && step < Self.rampsBelow
        for i in 0..<count {
            let s0 = sourceStart + Double(i) * step, s1 = s0 + step
            let lo = max(0, min(limit - 1, Int(s0.rounded(.down))))
            let hi = max(lo + 1, min(limit, Int(s1.rounded(.up))))
            // One tap more on each side for the ramps' neighbours.
            let start = ramps ? max(0, lo - 1) : lo, end = ramps ? min(limit, hi + 1) : hi
            var taps = [Double](repeating: 0, count: end - start)
            var total: Double = 0
            for j in lo..<hi {
                let a = max(s0, Double(j)), b = min(s1, Double(j + 1))
                let overlap = max(0, b - a)
                taps[j - start] += overlap
                total += overlap
                guard ramps, overlap > 0, overlap < 1 else { continue }
                // ∫ over [a, b] of mean + slope · (x − centre), slope = (next − previous) / 2.
                let lean = overlap * ((a + b) / 2 - (Double(j) + 0.5)) / 2
                taps[min(j + 1, limit - 1) - start] += lean
                taps[max(j - 1, 0) - start] -= lean
            }
            if total <= 0 {
                taps = [Double](repeating: 0, count: end - start)
                taps[lo - start] = 1
                total = 1
            }
            first.append(start)
            weights.append(contentsOf: taps.map { Float($0) / Float(total) })
            offsets.append(weights.count)
        }
        self.first = first
        self.offsets = offsets
        self.weights = weights
    }

    /// From this many source pixels a sample, the partly covered pixels make a quarter of a
    /// sample or less: at 6 (80x40 tiles, decoded at 6x their samples) ramps changed no score
    /// on the tuning half and cost 0.8 ms a tile; 16x8 tiles read 8 pixels of the 256-px
    /// picture a sample.
    static let rampsBelow = 4.0

    /// The (source index, weight) pairs of output sample `i`.
    func taps(_ i: Int) -> [(Int, Float)] {
        (offsets[i]..<offsets[i + 1]).map { (first[i] + $0 - offsets[i], weights[$0]) }
    }

    /// The lowest and highest source index any sample reads.
    var span: ClosedRange<Int> {
        guard let lo = first.first, let last = first.indices.last else { return 0...0 }
        return lo...(first[last] + offsets[last + 1] - offsets[last] - 1)
    }
}
