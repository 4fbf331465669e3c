import MediaDecoding

/// The grid's entries: the library's candidates narrowed by the configuration filter, the
/// tab and the search, then sorted. A pure function of its inputs.
public struct EntryListing: Sendable {
    /// The entries in grid order.
    public var entries: [MediaEntry]
    /// How many entries each tab would show with the current search.
    public var counts: [PickerTab: Int]
    /// The entries that pass the filter and the search on any tab, in grid order: a longer
    /// query matches a subset of these, so typing on narrows from here.
    public var matching: [MediaEntry]

    /// Derives the listing.
    public init(from all: [MediaEntry], filter: PickerFilter?, tab: PickerTab, query: String, sort: SortOrder, reverse: Bool) {
        self.init(sorted: Self.sorted(all, by: sort, reverse: reverse), filter: filter, tab: tab, query: query)
    }

    /// Narrows entries already in grid order (filtering keeps the order, so a tab or a
    /// keystroke in the search need not sort 100,000 entries again).
    public init(sorted all: [MediaEntry], filter: PickerFilter?, tab: PickerTab, query: String) {
        var total = 0, images = 0, videos = 0
        var kept: [MediaEntry] = [], matching: [MediaEntry] = []
        kept.reserveCapacity(all.count)
        matching.reserveCapacity(all.count)
        let needle = FuzzyMatch.Needle(query)
        for entry in all {
            let kind = entry.kind
            // Unknown kinds (pending without a telling extension, unreadable) pass the configuration filter until known.
            if let kind, !filter.admits(kind) { continue }
            if let needle, !needle.matches(fileNameOf: entry.path) { continue }
            total += 1
            matching.append(entry)
            if kind == .image { images += 1 }
            if kind == .video { videos += 1 }
            if tab.admits(kind) { kept.append(entry) }
        }
        self.entries = kept
        self.matching = matching
        self.counts = [.all: total, .images: images, .videos: videos]
    }

    /// Sorts entries; names are cut out once first, not in every comparison (it matters at 100,000 entries).
    static func sorted(_ entries: [MediaEntry], by sort: SortOrder, reverse: Bool) -> [MediaEntry] {
        guard sort == .name else { return entries.sorted(by: order(sort, reverse: reverse)) }
        let names = entries.map { $0.name.bytes }
        let indices = entries.indices.sorted { a, b in
            let c = NaturalSort.compare(names[a], names[b])
            let before = c != 0 ? c < 0 : entries[a].path < entries[b].path
            let after = c != 0 ? c > 0 : entries[b].path < entries[a].path
            return reverse ? after : before
        }
        return indices.map { entries[$0] }
    }

    /// The comparison for `sort`: newest first, natural name order, largest first; the path
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
        }
        return reverse ? { base($1, $0) } : base
    }
}

import Foundation
