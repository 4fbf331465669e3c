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
            let sum: Float = table.masks[(g * n)..<((g + 1) * n)].reduce(0, +)
            densest = max(densest, sum / Float(n))
        }
        var gain = max(high - low, 1e-3) / max(densest, 1e-3)
        var offset = low

        var choice = [Int](repeating: 0, count: cellCount)
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
        table.masks.withUnsafeBufferPointer { masks in
            for cell in 0..<choice.count {
                for i in 0..<n { scaled[i] = (target[cell * n + i] - offset) / gain }
                var best = 0
                var bestScore = Float.infinity
                for g in 0..<glyphCount {
                    var dot: Float = 0
                    for i in 0..<n { dot += masks[g * n + i] * scaled[i] }
                    let score = table.inkInk[g] - 2 * dot
                    if score < bestScore { bestScore = score; best = g }
                }
                choice[cell] = best
            }
        }
    }

    /// The regression of `target` on the chosen coverage: gain, offset and residual error.
    private func refit(_ target: [Float], choice: [Int]) -> (Float, Float, Float) {
        let n = table.samplesPerCell
        var sx: Double = 0, sy: Double = 0, sxx: Double = 0, sxy: Double = 0
        for (cell, g) in choice.enumerated() {
            for i in 0..<n {
                let x = Double(table.masks[g * n + i]), y = Double(target[cell * n + i])
                sx += x; sy += y; sxx += x * x; sxy += x * y
            }
        }
        let count = Double(choice.count * n)
        let varX = sxx - sx * sx / count
        guard varX > 1e-9 else { return (0, Float(sy / count), .infinity) }
        let gain = (sxy - sx * sy / count) / varX
        let offset = (sy - gain * sx) / count
        var error: Double = 0
        for (cell, g) in choice.enumerated() {
            for i in 0..<n {
                let r = Double(target[cell * n + i]) - gain * Double(table.masks[g * n + i]) - offset
                error += r * r
            }
        }
        return (Float(gain), Float(offset), Float(error))
    }
}
