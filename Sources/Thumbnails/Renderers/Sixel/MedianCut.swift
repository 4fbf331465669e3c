/// Chooses a palette for the bins of an image: boxes of colour space split, largest error
/// first, where the split leaves the least squared error (Wu's criterion along one axis), each
/// box then standing for the mean of its pixels.
///
/// It works on the occupied 5-6-5 bins (a few thousand for a photograph), not on pixels: a
/// split reads a 64-level histogram of its box along one axis, so the whole palette costs a
/// few passes over the bins.
enum MedianCut {
    /// Per-channel weights of the squared distance (green counts most, blue least, as the eye
    /// tells them apart); colours are compared as `rgb * weightRoots`.
    static let weightRoots = SIMD3<Float>(3, 4, 2).squareRoot()

    /// A box: a range of `order`, with the sums its error is computed from.
    private struct Box {
        var start: Int
        var end: Int
        var count: Double
        var sum: SIMD3<Double>
        var squares: SIMD3<Double>
        var error: Double

        init(start: Int, end: Int, count: Double, sum: SIMD3<Double>, squares: SIMD3<Double>) {
            self.start = start
            self.end = end
            self.count = count
            self.sum = sum
            self.squares = squares
            let total = squares.x + squares.y + squares.z
            let mean = (sum * sum).sum() / max(count, 1)
            error = end - start > 1 ? max(0, total - mean) : 0
        }
    }

    /// At most `limit` colours (0...255 per channel) for the slots of `colours`, in
    /// weighted space (`rgb * weightRoots`).
    static func palette(for colours: SixelColours, limit: Int) -> [SIMD3<Float>] {
        let n = colours.slotCount
        guard n > 0, limit > 0 else { return [] }
        var points = [SIMD3<Float>](repeating: .zero, count: n)
        var weights = [Double](repeating: 0, count: n)
        for slot in 0..<n {
            points[slot] = colours.mean(slot) * weightRoots
            weights[slot] = Double(colours.counts[slot])
        }
        var order = Array(0..<n)
        var sum = SIMD3<Double>.zero, squares = SIMD3<Double>.zero, count = 0.0
        for slot in 0..<n {
            let p = SIMD3<Double>(points[slot]), w = weights[slot]
            sum += p * w
            squares += p * p * w
            count += w
        }
        var boxes = [Box(start: 0, end: n, count: count, sum: sum, squares: squares)]
        boxes.reserveCapacity(limit)
        while boxes.count < limit {
            var pick = -1, worst = 0.0
            for (i, box) in boxes.enumerated() where box.error > worst { pick = i; worst = box.error }
            guard pick >= 0 else { break }
            if let (low, high) = split(boxes[pick], order: &order, points: points, weights: weights, bins: colours.bins) {
                boxes[pick] = low
                boxes.append(high)
            } else {
                boxes[pick].error = 0
            }
        }
        return boxes.map { SIMD3<Float>($0.sum / $0.count) }
    }

    /// The level of `bin` along `axis` (0 red, 1 green, 2 blue).
    @inline(__always)
    private static func level(_ bin: UInt16, _ axis: Int) -> Int {
        switch axis {
        case 0: return Int(bin >> 11)
        case 1: return Int(bin >> 5) & 63
        default: return Int(bin) & 31
        }
    }

    /// `box` cut in two along its widest axis where the two halves' error is least, or nil when
    /// every slot of it lies on one level of every axis.
    private static func split(_ box: Box, order: inout [Int], points: [SIMD3<Float>], weights: [Double],
                              bins: [UInt16]) -> (Box, Box)? {
        let variance = box.squares / box.count - (box.sum / box.count) * (box.sum / box.count)
        let axes = [0, 1, 2].sorted { variance[$0] > variance[$1] }
        var counts = [Double](repeating: 0, count: 64)
        var sums = [SIMD3<Double>](repeating: .zero, count: 64)
        var squares = [SIMD3<Double>](repeating: .zero, count: 64)
        for axis in axes {
            for k in 0..<64 { counts[k] = 0; sums[k] = .zero; squares[k] = .zero }
            var lowest = 64, highest = -1
            for i in box.start..<box.end {
                let slot = order[i]
                let l = level(bins[slot], axis)
                let p = SIMD3<Double>(points[slot]), w = weights[slot]
                counts[l] += w
                sums[l] += p * w
                squares[l] += p * p * w
                lowest = min(lowest, l)
                highest = max(highest, l)
            }
            guard lowest < highest else { continue }
            // Wu: the cut that leaves the least error is the one maximising |S_low|²/n_low + |S_high|²/n_high.
            var best = -1, bestScore = -Double.infinity
            var n = 0.0, s = SIMD3<Double>.zero
            for cut in lowest..<highest {
                n += counts[cut]
                s += sums[cut]
                let rest = box.count - n
                guard n > 0, rest > 0 else { continue }
                let other = box.sum - s
                let score = (s * s).sum() / n + (other * other).sum() / rest
                if score > bestScore { bestScore = score; best = cut }
            }
            guard best >= 0 else { continue }
            var lowCount = 0.0, lowSum = SIMD3<Double>.zero, lowSquares = SIMD3<Double>.zero
            for k in lowest...best { lowCount += counts[k]; lowSum += sums[k]; lowSquares += squares[k] }
            // Partition the box's slots: levels up to the cut first.
            var i = box.start, j = box.end - 1
            while i <= j {
                if level(bins[order[i]], axis) <= best { i += 1 } else { order.swapAt(i, j); j -= 1 }
            }
            return (Box(start: box.start, end: i, count: lowCount, sum: lowSum, squares: lowSquares),
                    Box(start: i, end: box.end, count: box.count - lowCount, sum: box.sum - lowSum,
                        squares: box.squares - lowSquares))
        }
        return nil
    }
}
