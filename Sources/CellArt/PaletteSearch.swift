/// Nearest palette entries to a working-space colour.
///
/// The entries are kept sorted by their first lane (lightness). A search starts at the
/// target's lightness and walks outwards, nearer side first, and stops once the lightness
/// difference alone exceeds the distance of the worst answer kept: a 256-colour palette
/// then costs a dozen or two distance computations instead of 240. (Remembering answers per
/// render was tried: hashing cost more than it saved on photos. A SIMD scan of all entries
/// cost about five times this.) Ties go to the lower entry index.
struct PaletteSearch: Sendable {
    /// How many nearest entries to return (1 or 2).
    let count: Int
    /// The entries sorted by `x`, and each one's index in the palette given.
    private let sorted: [SIMD4<Float>]
    private let indices: [Int32]

    init(entries: [SIMD4<Float>], count: Int) {
        self.count = min(max(count, 1), 2)
        let order = entries.indices.sorted { (entries[$0].x, $0) < (entries[$1].x, $1) }
        sorted = order.map { entries[$0] }
        indices = order.map { Int32($0) }
    }

    /// The nearest entry, and the second nearest when `count` is 2 (else the nearest again).
    /// Distances are squared Euclidean over the four lanes.
    func nearest(to target: SIMD4<Float>) -> (Int, Int) {
        let n = sorted.count
        guard n > 0 else { return (0, 0) }
        // The first entry at or above the target's lightness.
        var low = 0, high = n
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid].x < target.x { low = mid + 1 } else { high = mid }
        }
        var up = low, down = low - 1
        var first = (d: Float.infinity, i: Int32.max), second = first
        let keepTwo = count == 2
        sorted.withUnsafeBufferPointer { entries in
            indices.withUnsafeBufferPointer { index in
                while true {
                    let upGap = up < n ? entries[up].x - target.x : .infinity
                    let downGap = down >= 0 ? target.x - entries[down].x : .infinity
                    let goUp = upGap <= downGap
                    let gap = goUp ? upGap : downGap
                    // Everything left is at least `gap` away in lightness alone.
                    guard gap < .infinity, !(gap * gap > (keepTwo ? second.d : first.d)) else { break }
                    let e = goUp ? up : down
                    if goUp { up += 1 } else { down -= 1 }
                    let diff = entries[e] - target
                    let d = diff.x * diff.x + diff.y * diff.y + diff.z * diff.z + diff.w * diff.w
                    let i = index[e]
                    if d < first.d || (d == first.d && i < first.i) {
                        second = first
                        first = (d, i)
                    } else if keepTwo && (d < second.d || (d == second.d && i < second.i)) {
                        second = (d, i)
                    }
                }
            }
        }
        // A target with NaN lanes matches nothing; entry 0 keeps the cell drawable.
        guard first.i != .max else { return (0, 0) }
        return (Int(first.i), !keepTwo || second.i == .max ? Int(first.i) : Int(second.i))
    }
}
