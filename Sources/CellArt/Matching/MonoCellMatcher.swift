/// Chooses glyphs for glyph-only output (`colors none`), where the only freedom is which
/// glyph covers how much of each cell.
///
/// The picture's lightness is modelled as `gain * coverage + offset`, one mapping for the
/// whole picture: glyphs are chosen for the current mapping, then the mapping is refitted to
/// the chosen glyphs by linear regression, a few rounds. Each round can only lower the
/// squared error, which is what the eye (and a correlation score) compares.
struct MonoCellMatcher: Sendable {
    let table: GlyphTable
    let iterations: Int

    /// Glyph indices (into `table.glyphs`) for `cellCount` cells whose sample lightness
    /// (0...1, `table.samplesPerCell` per cell, cell after cell) is `lightness`. Ink is
    /// light on dark unless `inkIsDark`.
    func match(lightness: [Float], cellCount: Int, inkIsDark: Bool) -> [Int] {
        let n = table.samplesPerCell
        let target = inkIsDark ? lightness.map { 1 - $0 } : lightness
        guard cellCount > 0, !table.glyphs.isEmpty else { return [] }

        let sorted = target.sorted()
        let low = sorted[sorted.count / 100], high = sorted[(sorted.count * 99) / 100]
        var densest: Float = 0
        for g in 0..<table.glyphs.count {
            let sum: Float = table.weightedMasks[(g * n)..<((g + 1) * n)].reduce(0, +)
            densest = max(densest, sum / table.totalWeight)
        }
        var choice = [Int](repeating: 0, count: cellCount)
        // A flat picture has no range to stretch and gives the regression nothing to fit (every
        // round scores infinity, so the blank first guess would win): draw its absolute lightness
        // instead, so a solid white picture is solid ink rather than an empty tile.
        if high - low < 1e-2 {
            assign(target, gain: 1 / max(densest, 1e-3), offset: 0, into: &choice)
            return choice
        }
        var gain = max(high - low, 1e-3) / max(densest, 1e-3)
        var offset = low

        var bestChoice = choice
        var bestError = Float.infinity
        for _ in 0..<max(1, iterations) {
            assign(target, gain: gain, offset: offset, into: &choice)
            let (newGain, newOffset, error) = refit(target, choice: choice)
            if error < bestError {
                bestError = error
                bestChoice = choice
            }
            guard newGain > 1e-4, abs(newGain - gain) > 1e-4 * gain || abs(newOffset - offset) > 1e-4 else { break }
            gain = newGain
            offset = newOffset
        }
        return bestChoice
    }

    /// For each cell, the glyph nearest to `(target - offset) / gain`.
    private func assign(_ target: [Float], gain: Float, offset: Float, into choice: inout [Int]) {
        let n = table.samplesPerCell
        let glyphCount = table.glyphs.count
        var scaled = [Float](repeating: 0, count: n)
        table.weightedMasks.withUnsafeBufferPointer { masks in
            target.withUnsafeBufferPointer { target in
                scaled.withUnsafeMutableBufferPointer { scaled in
                    for cell in 0..<choice.count {
                        for i in 0..<n { scaled[i] = (target[cell * n + i] - offset) / gain }
                        var best = 0
                        var bestScore = Float.infinity
                        for g in 0..<glyphCount {
                            let score = table.inkInk[g] - 2 * Self.dot(masks.baseAddress! + g * n, scaled.baseAddress!, n)
                            if score < bestScore { bestScore = score; best = g }
                        }
                        choice[cell] = best
                    }
                }
            }
        }
    }

    /// Σ a[i]·b[i], eight lanes at a time.
    @inline(__always)
    static func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ n: Int) -> Float {
        var lanes = SIMD8<Float>()
        var i = 0
        while i + 8 <= n {
            let x = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD8<Float>.self)
            let y = UnsafeRawPointer(b + i).loadUnaligned(as: SIMD8<Float>.self)
            lanes += x * y
            i += 8
        }
        var sum = lanes.sum()
        while i < n {
            sum += a[i] * b[i]
            i += 1
        }
        return sum
    }

    /// The weighted regression of `target` on the chosen coverage: gain, offset and residual error.
    private func refit(_ target: [Float], choice: [Int]) -> (Float, Float, Float) {
        let n = table.samplesPerCell
        var sw: Double = 0, sx: Double = 0, sy: Double = 0, sxx: Double = 0, sxy: Double = 0
        for (cell, g) in choice.enumerated() {
            for i in 0..<n {
                let w = Double(table.weights[i])
                let x = Double(table.masks[g * n + i]), y = Double(target[cell * n + i])
                sw += w; sx += w * x; sy += w * y; sxx += w * x * x; sxy += w * x * y
            }
        }
        let count = sw
        let varX = sxx - sx * sx / count
        guard varX > 1e-9 else { return (0, Float(sy / count), .infinity) }
        let gain = (sxy - sx * sy / count) / varX
        let offset = (sy - gain * sx) / count
        var error: Double = 0
        for (cell, g) in choice.enumerated() {
            for i in 0..<n {
                let r = Double(target[cell * n + i]) - gain * Double(table.masks[g * n + i]) - offset
                error += Double(table.weights[i]) * r * r
            }
        }
        return (Float(gain), Float(offset), Float(error))
    }
}
