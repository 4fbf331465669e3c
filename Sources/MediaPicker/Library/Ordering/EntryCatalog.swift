import MediaDecoding
import Platform

/// The library's entries in grid order, with what narrowing reads laid out flat: each entry's
/// kind and path, and every searched path (`MediaEntry.searchedPath`, the file name at its
/// end) folded (`SearchFolding`: lower-case, accents off) in one byte array. Built once
/// per library change, so a tab or a search key scans bytes and never copies an entry (copying
/// 100,000 entries, a retain each, took most of a tab switch).
public struct EntryCatalog: Sendable {
    /// The entries in grid order.
    public private(set) var entries: [MediaEntry]
    /// Each entry's path (read without copying the entry).
    let paths: [RawPath]
    /// Each path's `PathBytes.hash`, so selecting 100,000 entries hashes none of them.
    let pathHashes: [UInt32]
    /// Each entry's kind for the tabs (`MediaEntry.listedKind`).
    private(set) var kinds: [MediaKind?]
    /// The searched paths, folded (`SearchFolding`), one after another.
    private let foldedNames: [UInt8]
    /// Where each searched path starts in `foldedNames`; one more than there are entries.
    private let nameStarts: [Int32]

    /// A catalog of entries already in grid order.
    public init(sorted entries: [MediaEntry]) {
        self.entries = entries
        paths = entries.map(\.path)
        pathHashes = paths.map(PathBytes.hash)
        kinds = entries.map(\.listedKind)
        var names: [UInt8] = [], starts: [Int32] = [0]
        starts.reserveCapacity(entries.count + 1)
        names.reserveCapacity(entries.count * 16)
        for entry in entries {
            SearchFolding.fold(entry.searchedPath, into: &names)
            starts.append(Int32(names.count))
        }
        foldedNames = names
        nameStarts = starts
    }

    /// This catalog with `entries` for its own: the same paths in the same order, whose
    /// status may have changed (classified), so only the kinds are read again; or, when an
    /// entry's searched path changed (its `rootLength`), catalogued anew.
    func refreshed(with entries: [MediaEntry]) -> EntryCatalog {
        guard sameSearchedPaths(as: entries, at: entries.indices) else { return EntryCatalog(sorted: entries) }
        var copy = self
        copy.entries = entries
        copy.kinds = entries.map(\.listedKind)
        return copy
    }

    /// This catalog with only the entries at `positions` (ascending), which `entries` now are
    /// (in that order; their status may have changed): what a vanished file leaves. Paths, their
    /// hashes and folded names are carried over, not worked out again (rebuilding a catalog of
    /// 20,000 took the main actor several milliseconds for each file that vanished).
    func keeping(_ positions: [Int], entries: [MediaEntry]) -> EntryCatalog {
        precondition(positions.count == entries.count, "one entry for each kept position")
        guard sameSearchedPaths(as: entries, at: positions) else { return EntryCatalog(sorted: entries) }
        var names: [UInt8] = [], starts: [Int32] = [0]
        names.reserveCapacity(foldedNames.count)
        starts.reserveCapacity(positions.count + 1)
        foldedNames.withUnsafeBufferPointer { folded in
            for p in positions {
                names.append(contentsOf: folded[Int(nameStarts[p])..<Int(nameStarts[p + 1])])
                starts.append(Int32(names.count))
            }
        }
        return EntryCatalog(entries: entries, paths: positions.map { paths[$0] }, pathHashes: positions.map { pathHashes[$0] },
                            kinds: entries.map(\.listedKind), foldedNames: names, nameStarts: starts)
    }

    /// True when `entries`, the entries now at `positions` of this catalog, search what the
    /// catalog's do: one integer compared an entry, the paths being the same.
    private func sameSearchedPaths(as entries: [MediaEntry], at positions: some Collection<Int>) -> Bool {
        zip(positions, entries).allSatisfy { self.entries[$0].rootLength == $1.rootLength }
    }

    private init(entries: [MediaEntry], paths: [RawPath], pathHashes: [UInt32], kinds: [MediaKind?], foldedNames: [UInt8], nameStarts: [Int32]) {
        self.entries = entries
        self.paths = paths
        self.pathHashes = pathHashes
        self.kinds = kinds
        self.foldedNames = foldedNames
        self.nameStarts = nameStarts
    }

    /// How many entries.
    public var count: Int { entries.count }

    /// How closely the entry at `index` matches `needle`, which it matches: 3 when its name (or
    /// searched path) is the query's ranked text (`FuzzyMatch.Needle.foldedASCII`: the query
    /// for plain terms), with or without its extension; 2 when it starts with it; 1 when it
    /// holds it unbroken; 0 otherwise, and for a query that is not ASCII.
    func matchRank(at index: Int, of needle: FuzzyMatch.Needle) -> Int {
        guard let wanted = needle.foldedASCII else { return 0 }
        return foldedNames.withUnsafeBufferPointer { names in
            let path = UnsafeBufferPointer(rebasing: names[Int(nameStarts[index])..<Int(nameStarts[index + 1])])
            return FuzzyMatch.rank(wanted, in: needle.ranksPaths ? path : FuzzyMatch.lastComponent(of: path))
        }
    }

    /// True when the entry at `index` matches `needle`: its name, or for a term with a `/`
    /// its path below the library's folder.
    func name(at index: Int, matches needle: FuzzyMatch.Needle) -> Bool {
        let searchesPaths = needle.searchesPaths
        if let wanted = needle.singleTerm {
            return foldedNames.withUnsafeBufferPointer { names in
                wanted.withUnsafeBufferPointer { wanted in
                    let path = UnsafeBufferPointer(rebasing: names[Int(nameStarts[index])..<Int(nameStarts[index + 1])])
                    return FuzzyMatch.isSubsequence(wanted, of: searchesPaths ? path : FuzzyMatch.lastComponent(of: path))
                }
            }
        }
        guard needle.isASCII else { return needle.matches(entries[index]) }
        return foldedNames.withUnsafeBufferPointer { names in
            needle.matches(foldedPath: UnsafeBufferPointer(rebasing: names[Int(nameStarts[index])..<Int(nameStarts[index + 1])]))
        }
    }

}
