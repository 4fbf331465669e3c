import MediaDecoding
import Platform

/// Some entries of a catalog, by position, in grid order: what the grid shows. Narrowing makes
/// a list of positions, not a copy of each entry.
public struct EntryList: RandomAccessCollection, Sendable {
    private let catalog: EntryCatalog
    private let members: [Int32]

    /// The entries of `catalog` at `members` (positions in it), in that order.
    init(_ catalog: EntryCatalog, members: [Int32]) {
        self.catalog = catalog
        self.members = members
    }

    /// No entries.
    public init() { self.init(EntryCatalog(sorted: []), members: []) }

    /// Always 0.
    public var startIndex: Int { 0 }
    /// The number of entries.
    public var endIndex: Int { members.count }

    /// The entry at `position`.
    public subscript(position: Int) -> MediaEntry { catalog.entries[Int(members[position])] }

    /// The entries' paths in order, read without copying the entries.
    public var paths: LazyMapSequence<[Int32], RawPath> {
        let paths = catalog.paths
        return members.lazy.map { paths[Int($0)] }
    }

    /// The entries' paths with their `PathBytes.hash`, for `SelectionModel.selectAll(hashed:)`.
    var hashedPaths: LazyMapSequence<[Int32], (path: RawPath, hash: UInt32)> {
        let paths = catalog.paths, hashes = catalog.pathHashes
        return members.lazy.map { (path: paths[Int($0)], hash: hashes[Int($0)]) }
    }

    /// `hashedPaths` but those of the entries at `excluded` (indices in this list).
    func hashedPaths(excluding excluded: Set<Int>) -> some Sequence<(path: RawPath, hash: UInt32)> {
        let paths = catalog.paths, hashes = catalog.pathHashes, members = members
        return members.indices.lazy.filter { !excluded.contains($0) }.map { index in
            let position = Int(members[index])
            return (path: paths[position], hash: hashes[position])
        }
    }

    /// The indices of the entries marked unreadable (few, usually none), found without
    /// copying an entry.
    var unreadableIndices: [Int] {
        catalog.entries.withUnsafeBufferPointer { entries in
            members.indices.filter { entries[Int(members[$0])].isUnreadable }
        }
    }

    /// `paths` reordered: the listed ones in list order, then the others in their given order.
    public func gridOrdered(_ paths: [RawPath]) -> [RawPath] {
        let wanted = SelectionModel(limit: 0, preselected: paths)
        var listed = SelectionModel(limit: 0)
        listed.selectAll(hashed: hashedPaths.filter { wanted.contains($0.path) })
        return listed.ordered + paths.filter { !listed.contains($0) }
    }

    /// The catalog position of the entry at `index`, or nil when there is none.
    func catalogPosition(at index: Int) -> Int32? { members.indices.contains(index) ? members[index] : nil }

    /// The index of the entry at catalog `position`, if listed (a binary search: positions
    /// are listed in increasing order, as narrowing keeps the catalog's order).
    func index(ofCatalogPosition position: Int32) -> Int? {
        var low = 0, high = members.count
        while low < high {
            let middle = (low + high) / 2
            if members[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low < members.count && members[low] == position ? low : nil
    }

    /// The index of the listed entry that matches `query` best (`EntryCatalog.matchRank`; the
    /// first in grid order among equals), or nil when none holds it unbroken or the query is
    /// empty: where the focus goes after a search, so that a file's whole name typed is the
    /// file focused (fzf ranks so), while the grid keeps its order (date, name or size).
    func bestMatchIndex(for query: String) -> Int? {
        guard let needle = FuzzyMatch.Needle(query) else { return nil }
        var best: (index: Int, rank: Int)?
        for (index, position) in members.enumerated() {
            let rank = catalog.matchRank(at: Int(position), of: needle)
            if rank > (best?.rank ?? 0) { best = (index, rank) }
            if rank == 3 { break }
        }
        return best?.index
    }

    /// The position of the entry with `path`, if listed.
    public func firstIndex(ofPath path: RawPath) -> Int? {
        let paths = catalog.paths
        return members.firstIndex { PathBytes.equal(paths[Int($0)], path) }
    }
}
