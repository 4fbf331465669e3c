/// Nearest palette entries to a working-space colour, eight entries at a time in SIMD lanes.
/// (Remembering answers per render was tried: hashing cost more than it saved on photos.)
struct PaletteSearch {
    /// How many nearest entries to return (1 or 2).
    let count: Int
    /// The entries' four lanes, eight entries per vector, padded with far-away entries.
    private let lanes: [(x: SIMD8<Float>, y: SIMD8<Float>, z: SIMD8<Float>, w: SIMD8<Float>)]

    init(entries: [SIMD4<Float>], count: Int) {
        self.count = min(max(count, 1), 2)
        var lanes: [(x: SIMD8<Float>, y: SIMD8<Float>, z: SIMD8<Float>, w: SIMD8<Float>)] = []
        for start in stride(from: 0, to: entries.count, by: 8) {
            var x = SIMD8<Float>(repeating: 1e6), y = x, z = x, w = x
            for lane in 0..<8 where start + lane < entries.count {
                let e = entries[start + lane]
                x[lane] = e.x; y[lane] = e.y; z[lane] = e.z; w[lane] = e.w
            }
            lanes.append((x, y, z, w))
        }
        self.lanes = lanes
    }

    /// The nearest entry, and the second nearest when `count` is 2 (else the nearest again).
    func nearest(to target: SIMD4<Float>) -> (Int, Int) {
        let tx = SIMD8<Float>(repeating: target.x), ty = SIMD8<Float>(repeating: target.y)
        let tz = SIMD8<Float>(repeating: target.z), tw = SIMD8<Float>(repeating: target.w)
        var best = SIMD8<Float>(repeating: .infinity), second = best
        var bestIndex = SIMD8<Int32>(repeating: 0), secondIndex = bestIndex
        var index = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
        for v in lanes {
            let dx = v.x - tx, dy = v.y - ty, dz = v.z - tz, dw = v.w - tw
            let d = dx * dx + dy * dy + dz * dz + dw * dw
            let beatsBest = d .< best, beatsSecond = d .< second
            second.replace(with: best, where: beatsBest)
            secondIndex.replace(with: bestIndex, where: beatsBest)
            second.replace(with: d, where: beatsSecond .& .!beatsBest)
            secondIndex.replace(with: index, where: beatsSecond .& .!beatsBest)
            best.replace(with: d, where: beatsBest)
            bestIndex.replace(with: index, where: beatsBest)
            index &+= 8
        }
        // The two best of the sixteen lane candidates.
        var first = (Float.infinity, 0), runnerUp = (Float.infinity, 0)
        for lane in 0..<8 {
            for (d, i) in [(best[lane], Int(bestIndex[lane])), (second[lane], Int(secondIndex[lane]))] {
                if d < first.0 || (d == first.0 && i < first.1) {
                    runnerUp = first
                    first = (d, i)
                } else if d < runnerUp.0 || (d == runnerUp.0 && i < runnerUp.1) {
                    runnerUp = (d, i)
                }
            }
        }
        return (first.1, count == 1 || runnerUp.0 == .infinity ? first.1 : runnerUp.1)
    }
}
