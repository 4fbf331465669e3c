import MediaDecoding
import Platform

/// The grid order of a library's entries, kept from one snapshot to the next. The library only
/// appends entries and drops vanished ones, and an entry's sort keys (name, size, time) change
/// only when its tile finds its file changed (`MediaLibrary.refresh`, rare: the entries after it
/// are then sorted as new), so a new snapshot needs only its new entries sorted and merged in, and
/// its dropped ones left out: sorting all 100,000 again on every change while a scan runs took
/// 80–160 ms a time, and 20,000 again each time a file vanished 20–35 ms of the main actor.
struct GridOrder {
    /// The order's key.
    let sort: SortOrder
    /// True for the reverse order.
    let reverse: Bool
    /// Positions in the last snapshot, in grid order.
    private var order: [Int] = []
    /// The last snapshot's paths, by position.
    private var known: [RawPath] = []
    /// Their other sort keys, by position.
    private var knownKeys: [SortKeys] = []

    /// An empty order.
    init(sort: SortOrder, reverse: Bool) {
        self.sort = sort
        self.reverse = reverse
    }

    /// How many entries the last arrangement sorted (the new ones), for tests.
    private(set) var lastSortedCount = 0

    /// How one arrangement differs from the one before.
    enum Change: Equatable {
        /// The same paths in the same places (only statuses may have changed).
        case none
        /// Only drops: these grid positions of the last arrangement remain, in order (what a
        /// catalog needs to follow without building itself again).
        case kept([Int])
        /// New entries placed (or a first arrangement): build anew.
        case rebuilt
    }

    /// `entries` (a library snapshot) in grid order, the same as `EntryListing.sorted`, and how
    /// the grid changed since the last arrangement.
    mutating func arrange(_ entries: [MediaEntry]) -> (entries: [MediaEntry], change: Change) {
        let (positions, matched) = survivors(in: entries)
        lastSortedCount = entries.count - matched
        guard let positions else {
            // The last snapshot is the start of this one, unchanged.
            if matched == entries.count { return (order.map { entries[$0] }, .none) }
            return (place(entries, kept: order, matched: matched), .rebuilt)
        }
        // The survivors keep their order (their keys did not change); the new ones are sorted and merged in.
        let kept = order.compactMap { positions[$0] >= 0 ? positions[$0] : nil }
        if matched == entries.count {
            let keptPlaces = order.indices.filter { positions[order[$0]] >= 0 }
            order = kept
            remember(entries)
            return (order.map { entries[$0] }, .kept(keptPlaces))
        }
        return (place(entries, kept: kept, matched: matched), .rebuilt)
    }

    /// The arrangement of `entries` whose first `matched` were in the last snapshot (at grid
    /// order `kept`) and the rest new: those are sorted and merged in.
    private mutating func place(_ entries: [MediaEntry], kept: [Int], matched: Int) -> [MediaEntry] {
        let before = EntryListing.indexOrder(of: entries, by: sort, reverse: reverse)
        let fresh = (matched..<entries.count).sorted(by: before)
        order = Self.merge(kept, fresh, by: before)
        remember(entries)
        return order.map { entries[$0] }
    }

    /// Keeps `entries`' paths and sort keys, which the next snapshot is paired against.
    private mutating func remember(_ entries: [MediaEntry]) {
        known = entries.map(\.path)
        knownKeys = entries.map(Self.keys)
    }

    /// Where each entry of the last snapshot is in `entries` (-1: dropped), and how many of
    /// `entries` that accounts for; positions nil when nothing was dropped (the last snapshot
    /// is the start of this one), which is most arrangements and allocates nothing. The
    /// library keeps the order in which it found its entries, so one walk over both lists pairs
    /// them; whatever follows the last pair is new. (If the snapshot were reordered, fewer
    /// would pair and more be sorted as new: slower, still right.)
    private func survivors(in entries: [MediaEntry]) -> (positions: [Int]?, matched: Int) {
        var positions: [Int]? = nil
        var next = 0
        for (i, path) in known.enumerated() {
            if next < entries.count && Self.same(entries[next].path, path) && Self.keys(entries[next]) == knownKeys[i] {
                positions?[i] = next
                next += 1
            } else if positions == nil {
                // The first drop: everything before it paired in place.
                var list = Array(0..<known.count)
                for j in i..<known.count { list[j] = -1 }
                positions = list
            }
        }
        return (positions, next)
    }

    /// True when the paths are equal; usually they share their storage, which is checked first.
    private static func same(_ a: RawPath, _ b: RawPath) -> Bool {
        let identical = a.bytes.withUnsafeBufferPointer { x in b.bytes.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress && x.count == y.count } }
        return identical || PathBytes.equal(a, b)
    }

    /// The sort keys besides the path (the name is the path's): a rescan may find a file
    /// changed, and a file found in a folder and then given by itself is named by its whole
    /// path (`rootLength` 0), which `--sort input` orders it by.
    private static func keys(_ entry: MediaEntry) -> SortKeys {
        SortKeys(size: entry.byteSize, time: entry.modificationTime, rootLength: entry.rootLength)
    }

    /// An entry's size, time and root as last arranged.
    private struct SortKeys: Equatable {
        var size: Int64
        var time: FileTime
        var rootLength: Int
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
