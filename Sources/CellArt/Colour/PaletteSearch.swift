/// Nearest palette entries to a working-space colour.
///
/// The entries are kept sorted by their first lane (put the widest-spread axis there) and
/// stored lane by lane in blocks of eight, so that eight distances cost a few vector
/// instructions. A search starts at the block holding the target's first-lane value and
/// walks outwards, nearer side first, and stops once the first-lane gap alone exceeds the
/// distance of the worst answer kept. For 5 neighbours in the 240 entries of the 256-colour
/// cube that is about 13 blocks; one entry at a time (the walk before) visited about 100 entries
/// and took a quarter of a 256-colour render. (Remembering answers per render was tried:
/// hashing cost more than it saved on photos.) Ties go to the lower entry index.
struct PaletteSearch: Sendable {
    /// How many nearest entries `nearest(to:)` returns (1 or 2).
    private(set) var count: Int
    /// The number of entries.
    private let entryCount: Int
    /// Block `b` holds sorted entries `8b..<8b+8`, each lane in its own vector; the last block
    /// is padded with entries too far away to be chosen.
    private let x: [SIMD8<Float>], y: [SIMD8<Float>], z: [SIMD8<Float>], w: [SIMD8<Float>]
    /// Each block's palette indices (padding: `Int32.max`).
    private let indices: [SIMD8<Int32>]

    /// The same search returning `count` entries (the sorted tables are shared, not rebuilt).
    func returning(_ count: Int) -> PaletteSearch {
        var copy = self
        copy.count = min(max(count, 1), 2)
        return copy
    }

    init(entries: [SIMD4<Float>], count: Int) {
        self.count = min(max(count, 1), 2)
        entryCount = entries.count
        let order = Self.order(byFirstLane: entries)
        let blocks = (entries.count + 7) / 8
        // Far enough that its squared distance never beats a real entry's, finite so that it stays comparable.
        let far: Float = 1e15
        func lane(_ pick: (SIMD4<Float>) -> Float) -> [SIMD8<Float>] {
            (0..<blocks).map { b in
                var v = SIMD8<Float>(repeating: far)
                for slot in 0..<8 where 8 * b + slot < order.count { v[slot] = pick(entries[order[8 * b + slot]]) }
                return v
            }
        }
        x = lane { $0.x }
        y = lane { $0.y }
        z = lane { $0.z }
        w = lane { $0.w }
        indices = (0..<blocks).map { b in
            var v = SIMD8<Int32>(repeating: .max)
            for slot in 0..<8 where 8 * b + slot < order.count { v[slot] = Int32(order[8 * b + slot]) }
            return v
        }
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
        let blocks = x.count, k = min(max(k, 1), 8, entryCount)
        guard blocks > 0 else { return (SIMD8(repeating: .max), 0) }
        let tx = SIMD8(repeating: target.x), ty = SIMD8(repeating: target.y)
        let tz = SIMD8(repeating: target.z), tw = SIMD8(repeating: target.w)
        // The answers so far live in plain memory, not in SIMD values: writing one lane of a
        // vector and then reading the whole vector stalls the store on every insertion.
        return withUnsafeTemporaryAllocation(of: (distance: Float, index: Int32).self, capacity: 8) { kept in
            var count = 0
            // The k-th answer so far (infinite until there are k).
            var worst = (distance: Float.infinity, index: Int32.max)
            x.withUnsafeBufferPointer { x in
                // The first block whose last entry is not below the target (the last block if none).
                var low = 0, high = blocks - 1
                while low < high {
                    let mid = (low + high) / 2
                    if x[mid][7] < target.x { low = mid + 1 } else { high = mid }
                }
                var up = low, down = low - 1
                while true {
                    let upGap = up < blocks ? max(x[up][0] - target.x, 0) : .infinity
                    let downGap = down >= 0 ? target.x - x[down][7] : .infinity
                    let goUp = upGap <= downGap
                    let gap = goUp ? upGap : downGap
                    guard gap < .infinity, !(gap * gap > worst.distance) else { break }
                    let b = goUp ? up : down
                    if goUp { up += 1 } else { down -= 1 }
                    let dx = x[b] - tx, dy = y[b] - ty, dz = z[b] - tz, dw = w[b] - tw
                    let d = dx * dx + dy * dy + dz * dz + dw * dw
                    // The block's least distance lane by lane (`SIMD.min()` and `pointwiseMin` are out-of-line calls).
                    let least = min(min(min(d[0], d[1]), min(d[2], d[3])), min(min(d[4], d[5]), min(d[6], d[7])))
                    guard least <= worst.distance else { continue }
                    let ids = indices[b]
                    for lane in 0..<8 {
                        let entry = (distance: d[lane], index: ids[lane])
                        guard entry < worst else { continue }
                        // Insert in order, dropping the k-th.
                        var slot = min(count, k - 1)
                        while slot > 0 && entry < kept[slot - 1] {
                            kept[slot] = kept[slot - 1]
                            slot -= 1
                        }
                        kept[slot] = entry
                        count = min(count + 1, k)
                        if count == k { worst = kept[k - 1] }
                    }
                }
            }
            var found = SIMD8<Int32>(repeating: .max)
            for slot in 0..<count { found[slot] = kept[slot].index }
            return (found, count)
        }
    }
}
