import MediaDecoding
import Platform

/// The grid order of a library's entries, kept from one snapshot to the next. The library only
/// appends entries (dropping one now and then), and an entry's sort keys (name, size, time)
/// never change once found, so a new snapshot needs only its new entries sorted and merged in;
/// sorting all 100,000 again on every change while a scan runs took 80–160 ms a time.
struct GridOrder {
    /// The order's key.
    let sort: SortOrder
    /// True for the reverse order.
    let reverse: Bool
    /// Positions in the last snapshot, in grid order.
    private var order: [Int] = []
    /// The last snapshot's paths, by position.
    private var known: [RawPath] = []

    /// An empty order.
    init(sort: SortOrder, reverse: Bool) {
        self.sort = sort
        self.reverse = reverse
    }

    /// `entries` (a library snapshot) in grid order, the same as `EntryListing.sorted`, and
    /// whether the paths differ from the last arrangement's (else only statuses may have changed).
    mutating func arrange(_ entries: [MediaEntry]) -> (entries: [MediaEntry], pathsChanged: Bool) {
        let extends = extendsLast(entries)
        if extends && entries.count == known.count { return (order.map { entries[$0] }, false) }
        if !extends { order = []; known = [] }
        let before = EntryListing.indexOrder(of: entries, by: sort, reverse: reverse)
        let fresh = (known.count..<entries.count).sorted(by: before)
        order = Self.merge(order, fresh, by: before)
        known = entries.map(\.path)
        return (order.map { entries[$0] }, true)
    }

    /// True when the last snapshot's entries begin `entries`, in the same positions.
    private func extendsLast(_ entries: [MediaEntry]) -> Bool {
        guard entries.count >= known.count else { return false }
        return known.indices.allSatisfy { Self.same(entries[$0].path, known[$0]) }
    }

    /// True when the paths are equal; usually they share their storage, which is checked first.
    private static func same(_ a: RawPath, _ b: RawPath) -> Bool {
        let identical = a.bytes.withUnsafeBufferPointer { x in b.bytes.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress && x.count == y.count } }
        return identical || PathBytes.equal(a, b)
    }

    /// The two ordered lists as one; on ties the first list's element comes first.
    static func merge(_ first: [Int], _ second: [Int], by before: (Int, Int) -> Bool) -> [Int] {
        guard !second.isEmpty else { return first }
        var result: [Int] = []
        result.reserveCapacity(first.count + second.count)
        var i = 0, j = 0
        while i < first.count && j < second.count {
            if before(second[j], first[i]) {
                result.append(second[j]); j += 1
            } else {
                result.append(first[i]); i += 1
            }
        }
        result.append(contentsOf: first[i...])
        result.append(contentsOf: second[j...])
        return result
    }
}
