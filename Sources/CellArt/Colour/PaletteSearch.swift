/// Nearest palette entries to a working-space colour.
///
/// The entries are kept sorted by their first lane (lightness; put the widest-spread axis there). A search starts at the
/// target's lightness and walks outwards, nearer side first, and stops once the lightness
/// difference alone exceeds the distance of the worst answer kept: a 256-colour palette
/// then costs a dozen or two distance computations instead of 240. (Remembering answers per
/// render was tried: hashing cost more than it saved on photos. A SIMD scan of all entries
/// cost about five times this.) Ties go to the lower entry index.
struct PaletteSearch: Sendable {
    /// How many nearest entries to return (1 or 2).
    private(set) var count: Int
    /// The entries sorted by `x`, and each one's index in the palette given.
    private let sorted: [SIMD4<Float>]
    private let indices: [Int32]

    /// The same search returning `count` entries (the sorted tables are shared, not rebuilt).
    func returning(_ count: Int) -> PaletteSearch {
        var copy = self
        copy.count = min(max(count, 1), 2)
        return copy
    }

    init(entries: [SIMD4<Float>], count: Int) {
        self.count = min(max(count, 1), 2)
        let order = Self.order(byFirstLane: entries)
        sorted = order.map { entries[$0] }
        indices = order.map { Int32($0) }
    }

    /// Indices of `entries` by ascending `x`, then index. Sorts integers that encode both
    /// (a closure-compared sort of 256 entries cost a third of a 16x8 render).
    static func order(byFirstLane entries: [SIMD4<Float>]) -> [Int] {
        var keys = entries.enumerated().map { i, e -> UInt64 in
            // IEEE floats ordered as unsigned integers: flip all bits of negatives, the sign of the rest.
            let bits = e.x.bitPattern
            let ordered = bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
            return UInt64(ordered) << 32 | UInt64(i)
        }
        keys.sort()
        return keys.map { Int($0 & 0xFFFF_FFFF) }
    }

    /// The nearest entry, and the second nearest when `count` is 2 (else the nearest again).
    /// Distances are squared Euclidean over the four lanes. A target with NaN lanes matches
    /// nothing and gets entry 0, which keeps the cell drawable.
    func nearest(to target: SIMD4<Float>) -> (Int, Int) {
        let found = nearest(to: target, k: count)
        guard found.count > 0 else { return (0, 0) }
        return (Int(found.indices[0]), Int(found.indices[found.count > 1 ? 1 : 0]))
    }

    /// The `k` nearest entries (at most 8), nearest first, by (distance, index).
    func nearest(to target: SIMD4<Float>, k: Int) -> (indices: SIMD8<Int32>, count: Int) {
        let n = sorted.count, k = min(max(k, 1), 8, n)
        var found = (indices: SIMD8<Int32>(repeating: .max), count: 0)
        guard n > 0 else { return found }
        var distances = SIMD8<Float>(repeating: .infinity)
        var low = 0, high = n
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid].x < target.x { low = mid + 1 } else { high = mid }
        }
        var up = low, down = low - 1
        // The k-th answer so far, in scalars: reading SIMD lanes at a run-time index costs a
        // trip through memory on every entry visited.
        var worst = (distance: Float.infinity, index: Int32.max)
        sorted.withUnsafeBufferPointer { entries in
            indices.withUnsafeBufferPointer { index in
                while true {
                    let upGap = up < n ? entries[up].x - target.x : .infinity
                    let downGap = down >= 0 ? target.x - entries[down].x : .infinity
                    let goUp = upGap <= downGap
                    let gap = goUp ? upGap : downGap
                    guard gap < .infinity, !(gap * gap > worst.distance) else { break }
                    let e = goUp ? up : down
                    if goUp { up += 1 } else { down -= 1 }
                    let diff = entries[e] - target
                    let d = diff.x * diff.x + diff.y * diff.y + diff.z * diff.z + diff.w * diff.w
                    let i = index[e]
                    guard d < worst.distance || (d == worst.distance && i < worst.index) else { continue }
                    // Insert in order, dropping the k-th.
                    var slot = k - 1
                    while slot > 0 && (d < distances[slot - 1] || (d == distances[slot - 1] && i < found.indices[slot - 1])) {
                        distances[slot] = distances[slot - 1]
                        found.indices[slot] = found.indices[slot - 1]
                        slot -= 1
                    }
                    distances[slot] = d
                    found.indices[slot] = i
                    found.count = min(found.count + 1, k)
                    worst = (distances[k - 1], found.indices[k - 1])
                }
            }
        }
        return found
    }
}
