import MediaDecoding
import Platform

/// The grid's entries: the library's candidates narrowed by the configuration filter, the
/// tab and the search, then sorted. A pure function of its inputs.
public struct EntryListing: Sendable {
    /// The tab the listing was asked for.
    public var tab: PickerTab
    /// Positions in the catalog of the entries that pass the filter and the search on any tab,
    /// in grid order: a longer query matches a subset of these, so typing on narrows from here.
    public var matching: [Int32]
    /// Every tab's entries with the same filter and search, from the same pass: a tab switch
    /// (or clearing the search back to a listing kept from before) reads one of these instead
    /// of going through the catalog again.
    private var byTab: (all: EntryList, images: EntryList, videos: EntryList)

    /// The entries of `tab` in grid order.
    public var entries: EntryList { entries(on: tab) }

    /// The entries `tab` would show with the same filter and search, in grid order.
    public func entries(on tab: PickerTab) -> EntryList {
        switch tab {
        case .all: return byTab.all
        case .images: return byTab.images
        case .videos: return byTab.videos
        }
    }

    /// How many entries each tab would show with the current search.
    public var counts: [PickerTab: Int] { [.all: byTab.all.count, .images: byTab.images.count, .videos: byTab.videos.count] }

    /// Derives the listing.
    public init(from all: [MediaEntry], filter: PickerFilter?, tab: PickerTab, query: String, sort: SortOrder, reverse: Bool) {
        self.init(sorted: Self.sorted(all, by: sort, reverse: reverse), filter: filter, tab: tab, query: query)
    }

    /// Narrows entries already in grid order.
    public init(sorted all: [MediaEntry], filter: PickerFilter?, tab: PickerTab, query: String) {
        self.init(catalog: EntryCatalog(sorted: all), filter: filter, tab: tab, query: query)
    }

    /// Narrows a catalog, looking only at `candidates` (catalog positions in grid order) when
    /// given: filtering keeps the order, so a tab or a keystroke need not sort again, and it
    /// reads the catalog's flat kinds and names, so it copies no entry.
    public init(catalog: EntryCatalog, among candidates: [Int32]? = nil, filter: PickerFilter?, tab: PickerTab, query: String) {
        var images: [Int32] = [], videos: [Int32] = [], matching: [Int32] = []
        let candidates = candidates ?? Array(0..<Int32(catalog.count))
        matching.reserveCapacity(candidates.count)
        let needle = FuzzyMatch.Needle(query)
        // Unknown kinds (pending without a telling extension) pass the configuration filter until known.
        let admitsImages = filter.admits(.image), admitsVideos = filter.admits(.video)
        for position in candidates {
            let kind = catalog.kinds[Int(position)]
            guard kind.map({ $0 == .image ? admitsImages : admitsVideos }) ?? true else { continue }
            if let needle, !catalog.name(at: Int(position), matches: needle) { continue }
            if kind == .image { images.append(position) } else if kind == .video { videos.append(position) }
            matching.append(position)
        }
        // The tabs' own filters (`PickerTab.admits`): All keeps the unknown kinds too.
        byTab = (EntryList(catalog, members: matching), EntryList(catalog, members: images), EntryList(catalog, members: videos))
        self.tab = tab
        self.matching = matching
    }

    /// Sorts entries by sorting their indices with the keys read out once first: moving
    /// 100,000 entries in a merge sort (a retain per move) and comparing `[UInt8]` paths element
    /// by element took 120-300 ms, paid on every library change while a scan runs.
    static func sorted(_ entries: [MediaEntry], by sort: SortOrder, reverse: Bool) -> [MediaEntry] {
        entries.indices.sorted(by: indexOrder(of: entries, by: sort, reverse: reverse)).map { entries[$0] }
    }

    /// `order(sort, reverse:)` over indices of `entries`, with the keys read out once.
    static func indexOrder(of entries: [MediaEntry], by sort: SortOrder, reverse: Bool) -> (Int, Int) -> Bool {
        let paths = entries.map(\.path)
        let pathOrder = { (a: Int, b: Int) in PathBytes.precedes(paths[a], paths[b]) }
        let before: (Int, Int) -> Bool
        switch sort {
        case .date:
            let times = entries.map(\.modificationTime)
            before = { a, b in times[a] != times[b] ? times[a] > times[b] : pathOrder(a, b) }
        case .size:
            let sizes = entries.map(\.byteSize)
            before = { a, b in sizes[a] != sizes[b] ? sizes[a] > sizes[b] : pathOrder(a, b) }
        case .name:
            let names = entries.map { $0.name.bytes }
            before = { a, b in
                let c = NaturalSort.compare(names[a], names[b])
                return c != 0 ? c < 0 : pathOrder(a, b)
            }
        case .input:
            let ordinals = entries.map(\.sourceOrdinal)
            let below = entries.map { $0.relativePath.bytes }
            before = { a, b in
                if ordinals[a] != ordinals[b] { return ordinals[a] < ordinals[b] }
                let c = NaturalSort.compare(below[a], below[b])
                return c != 0 ? c < 0 : pathOrder(a, b)
            }
        }
        return reverse ? { before($1, $0) } : before
    }

    /// The comparison for `sort`: newest first, natural name order, largest first, as given
    /// (by source, then natural order of the path below the folder); the path
    /// breaks ties so the order is total and stable between derivations.
    public static func order(_ sort: SortOrder, reverse: Bool) -> (MediaEntry, MediaEntry) -> Bool {
        let base: (MediaEntry, MediaEntry) -> Bool
        switch sort {
        case .date:
            base = { a, b in a.modificationTime != b.modificationTime ? a.modificationTime > b.modificationTime : a.path < b.path }
        case .size:
            base = { a, b in a.byteSize != b.byteSize ? a.byteSize > b.byteSize : a.path < b.path }
        case .name:
            base = { a, b in
                let c = NaturalSort.compare(a.name.bytes, b.name.bytes)
                return c != 0 ? c < 0 : a.path < b.path
            }
        case .input:
            base = { a, b in
                if a.sourceOrdinal != b.sourceOrdinal { return a.sourceOrdinal < b.sourceOrdinal }
                let c = NaturalSort.compare(a.relativePath.bytes, b.relativePath.bytes)
                return c != 0 ? c < 0 : a.path < b.path
            }
        }
        return reverse ? { base($1, $0) } : base
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
