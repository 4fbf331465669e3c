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
    init(sourceStart: Double, sourceLength: Double, count: Int, limit: Int) {
        var first: [Int] = [], offsets: [Int] = [0], weights: [Float] = []
        let step = sourceLength / Double(max(count, 1))
        for i in 0..<count {
            let s0 = sourceStart + Double(i) * step, s1 = s0 + step
            let lo = max(0, min(limit - 1, Int(s0.rounded(.down))))
            let hi = max(lo + 1, min(limit, Int(s1.rounded(.up))))
            var taps: [Float] = []
            var total: Double = 0
            for j in lo..<hi {
                let overlap = max(0, min(s1, Double(j + 1)) - max(s0, Double(j)))
                taps.append(Float(overlap))
                total += overlap
            }
            if total <= 0 {
                taps = [Float](repeating: 0, count: hi - lo)
                taps[0] = 1
                total = 1
            }
            first.append(lo)
            weights.append(contentsOf: taps.map { $0 / Float(total) })
            offsets.append(weights.count)
        }
        self.first = first
        self.offsets = offsets
        self.weights = weights
    }

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
