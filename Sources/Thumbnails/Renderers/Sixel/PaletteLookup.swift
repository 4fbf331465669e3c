/// The nearest palette colour to a colour, in the weighted space of `MedianCut`.
///
/// The palette is kept sorted by its green coordinate (the heaviest): a search starts at the
/// query's green and walks outwards both ways, stopping each way once the green difference
/// alone is farther than the best found; a few entries are read instead of all 256.
struct PaletteLookup {
    /// Palette colours sorted by green, weighted.
    private let sorted: [SIMD3<Float>]
    /// The palette index of each sorted entry.
    private let indices: [Int]

    /// A lookup over `palette` (weighted colours).
    init(_ palette: [SIMD3<Float>]) {
        let order = palette.indices.sorted { palette[$0].y < palette[$1].y }
        sorted = order.map { palette[$0] }
        indices = order
    }

    /// The index in the palette of the colour nearest `p` (weighted).
    func nearest(_ p: SIMD3<Float>) -> Int {
        sorted.withUnsafeBufferPointer { entries in
            let count = entries.count
            // First entry whose green is not below the query's.
            var low = 0, high = count
            while low < high {
                let mid = (low + high) / 2
                if entries[mid].y < p.y { low = mid + 1 } else { high = mid }
            }
            var best = 0, bestDistance = Float.infinity
            var up = low, down = low - 1
            while up < count || down >= 0 {
                if up < count {
                    let d = entries[up] - p
                    if d.y * d.y >= bestDistance { up = count } else {
                        let distance = (d * d).sum()
                        if distance < bestDistance { bestDistance = distance; best = up }
                        up += 1
                    }
                }
                if down >= 0 {
                    let d = entries[down] - p
                    if d.y * d.y >= bestDistance { down = -1 } else {
                        let distance = (d * d).sum()
                        if distance < bestDistance { bestDistance = distance; best = down }
                        down -= 1
                    }
                }
            }
            return indices[best]
        }
    }
}
