import MediaDecoding
import Platform

/// The library's entries in grid order, with what narrowing reads laid out flat: each entry's
/// kind and path, and every file name folded to lower-case ASCII in one byte array. Built once
/// per library change, so a tab or a search key scans bytes and never copies an entry (copying
/// 100,000 entries, a retain each, took most of a tab switch).
public struct EntryCatalog: Sendable {
    /// The entries in grid order.
    public private(set) var entries: [MediaEntry]
    /// Each entry's path (read without copying the entry).
    let paths: [RawPath]
    /// Each path's `PathBytes.hash`, so selecting 100,000 entries hashes none of them.
    let pathHashes: [UInt32]
    /// Each entry's kind (`MediaEntry.kind`).
    private(set) var kinds: [MediaKind?]
    /// The file names, A–Z folded to a–z, one after another.
    private let foldedNames: [UInt8]
    /// Where each name starts in `foldedNames`; one more than there are entries.
    private let nameStarts: [Int32]

    /// A catalog of entries already in grid order.
    public init(sorted entries: [MediaEntry]) {
        self.entries = entries
        paths = entries.map(\.path)
        pathHashes = paths.map(PathBytes.hash)
        kinds = entries.map(\.kind)
        var names: [UInt8] = [], starts: [Int32] = [0]
        starts.reserveCapacity(entries.count + 1)
        names.reserveCapacity(entries.count * 16)
        for path in paths {
            path.bytes.withUnsafeBufferPointer { bytes in
                var start = bytes.count
                while start > 0 && bytes[start - 1] != UInt8(ascii: "/") { start -= 1 }
                for byte in bytes[start...] { names.append(FuzzyMatch.foldASCII(byte)) }
            }
            starts.append(Int32(names.count))
        }
        foldedNames = names
        nameStarts = starts
    }

    /// This catalog with `entries` for its own: the same paths in the same order, whose
    /// status may have changed (classified), so only the kinds are read again.
    func refreshed(with entries: [MediaEntry]) -> EntryCatalog {
        var copy = self
        copy.entries = entries
        copy.kinds = entries.map(\.kind)
        return copy
    }

    /// How many entries.
    public var count: Int { entries.count }

    /// True when the name of the entry at `index` matches `needle`.
    func name(at index: Int, matches needle: FuzzyMatch.Needle) -> Bool {
        guard let wanted = needle.foldedASCII else { return needle.matches(fileNameOf: paths[index]) }
        return foldedNames.withUnsafeBufferPointer { names in
            wanted.withUnsafeBufferPointer { wanted in
                let name = UnsafeBufferPointer(rebasing: names[Int(nameStarts[index])..<Int(nameStarts[index + 1])])
                return FuzzyMatch.isSubsequence(wanted, of: name, folding: false)
            }
        }
    }
}

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

    /// The position of the entry with `path`, if listed.
    public func firstIndex(ofPath path: RawPath) -> Int? {
        let paths = catalog.paths
        return members.firstIndex { PathBytes.equal(paths[Int($0)], path) }
    }
}
