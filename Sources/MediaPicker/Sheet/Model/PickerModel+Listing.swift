import MediaDecoding

extension PickerModel {
    /// Re-derives the grid from `all` (or, when nil, from the catalog after a tab or search
    /// change), keeping the focused entry focused.
    mutating func derive(from all: [MediaEntry]? = nil) {
        var samePositions = true
        if let all {
            let arranged = gridOrder.arrange(all)
            catalog = arranged.pathsChanged ? EntryCatalog(sorted: arranged.entries) : catalog.refreshed(with: arranged.entries)
            samePositions = !arranged.pathsChanged
            keptListings = [:]
        }
        // While the catalog's positions hold, the focus is found by position (a binary search),
        // not by comparing paths with up to 100,000 entries.
        let focusedPosition = samePositions ? shownEntries.catalogPosition(at: focusIndex) : nil
        let query = search.text
        let listing: EntryListing
        if let kept = keptListings[query] {
            listing = kept
        } else {
            // Typing on only narrows: a longer query's matches are among the shorter one's.
            // The kept listings are no query and the last one, so this is the last search's matches.
            let narrowing = keptListings.first { !$0.key.isEmpty && query.hasPrefix($0.key) }?.value.matching
            listing = EntryListing(catalog: catalog, among: narrowing, filter: configuration.filter, tab: tab, query: query)
            listingScans += 1
            keptListings = keptListings.filter { $0.key.isEmpty }
            keptListings[query] = listing
        }
        shownEntries = listing.entries(on: tab)
        listingCounts = listing.counts
        if let focusedPosition {
            focusIndex = shownEntries.index(ofCatalogPosition: focusedPosition) ?? min(focusIndex, max(0, shownEntries.count - 1))
        } else if let focusedPath, let index = shownEntries.firstIndex(ofPath: focusedPath) {
            focusIndex = index
        } else {
            focusIndex = min(focusIndex, max(0, shownEntries.count - 1))
        }
        focusedPath = focusedEntry?.path
        if let previewEntry, let index = shownEntries.firstIndex(ofPath: previewEntry.path) {
            self.previewEntry = shownEntries[index]
        }
    }
}
