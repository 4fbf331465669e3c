import MediaDecoding
import TerminalUI

extension PickerModel {
    /// Re-derives the grid from `all` (or, when nil, from the catalog after a tab or search
    /// change), keeping the focused entry focused. A tab or search that leaves it out focuses
    /// the first entry listed, as fzf puts its cursor on the top match: the index it had means
    /// nothing in another listing (`/img42` in 5,000 files by name focused img4992.png, the
    /// last match, where img42.png was the first).
    mutating func derive(from all: [MediaEntry]? = nil) {
        if let all {
            install(CatalogArrangement(arranging: all, after: gridOrder, catalog: catalog))
        } else {
            relist(focusing: shownEntries.catalogPosition(at: focusIndex), orElseFirst: true)
        }
    }

    /// Takes `arrangement` (of a newer snapshot, made from this model's `gridOrder` and
    /// `catalog`) as the grid's, keeping the focused entry focused.
    mutating func install(_ arrangement: CatalogArrangement) {
        // While the catalog's positions hold, or follow a drop, the focus is found by position (a
        // binary search), not by comparing paths with up to 100,000 entries.
        var focusedPosition = shownEntries.catalogPosition(at: focusIndex)
        switch arrangement.change {
        case .none:
            break
        case .kept(let positions):
            focusedPosition = focusedPosition.flatMap { Self.position(of: Int($0), among: positions) }.map(Int32.init)
        case .rebuilt:
            focusedPosition = nil
        }
        gridOrder = arrangement.order
        catalog = arrangement.catalog
        arrangements += 1
        keptListings = [:]
        let (index, path) = (focusIndex, focusedPath)
        // Once the first listing is complete, a file added to a followed folder (sorted first,
        // as a new photo is by date) must not take the focus from the entry the user sees;
        // unless the user asked for the first (Home), which then stays first, as it does while
        // a scan streams in.
        relist(focusing: focusedPosition, staysFirst: focusStaysFirst && (!listingSettled || focusAskedFirst))
        // Nor move it on the screen: the grid scrolls with the focused entry, by the rows it moved.
        if listingSettled, path != nil, focusedPath == path, focusIndex != index, let columns = layout?.gridLayout.columns, columns > 0 {
            topRow = max(0, topRow + focusIndex / columns - index / columns)
        }
    }

    /// Lists the catalog for the tab and the search, focusing the entry at catalog position
    /// `focusedPosition` if listed (else the focused path, else the best match of the search
    /// when `orElseFirst`, else the nearest index: a vanished file's neighbour), or the best
    /// match (the first entry without a search) while the user has not moved the focus.
    private mutating func relist(focusing focusedPosition: Int32?, orElseFirst: Bool = false, staysFirst: Bool? = nil) {
        let query = search.text
        let listing: EntryListing
        if let kept = keptListings[query] {
            listing = kept
        } else {
            // Typing on mostly narrows: then the query's matches are among the last one's (the
            // kept listings are no query and the last one). Not always: `!a` to `!ab`, `a` to
            // `a | b` widen, and so does a `/` that makes a term search paths (`SearchSyntax.narrows`).
            let narrowing = keptListings.first { !$0.key.isEmpty && SearchSyntax.narrows(query, from: $0.key) }?.value.matching
            listing = EntryListing(catalog: catalog, among: narrowing, filter: configuration.filter, tab: tab, query: query)
            listingScans += 1
            keptListings = keptListings.filter { $0.key.isEmpty }
            keptListings[query] = listing
        }
        shownEntries = listing.entries(on: tab)
        listingCounts = listing.counts
        // The first entry, or with a search the best match (its whole name typed focuses it,
        // not an earlier name that merely holds those letters).
        let shown = shownEntries, path = focusedPath
        let first = { shown.bestMatchIndex(for: query) ?? 0 }
        // The focused entry where it is listed now (found by its path only when the catalog
        // has no position for it).
        let kept = { () -> Int? in
            if let focusedPosition { return shown.index(ofCatalogPosition: focusedPosition) }
            return path.flatMap { shown.firstIndex(ofPath: $0) }
        }
        if (staysFirst ?? focusStaysFirst) || (orElseFirst && focusFollowsSearch && !query.isEmpty) {
            // Each key of a search places the focus anew until the user moves it, as fzf
            // re-ranks: kept, the best match for "b" stayed focused through "beach".
            focusIndex = first()
        } else if let kept = kept() {
            focusIndex = kept
        } else if orElseFirst {
            focusIndex = first()
            focusFollowsSearch = true
        } else {
            focusIndex = min(focusIndex, max(0, shownEntries.count - 1))
        }
        focusedPath = focusedEntry?.path
        if focusWanted != nil { focusWantedPreselection() }
        if let previewEntry, let index = shownEntries.firstIndex(ofPath: previewEntry.path) {
            self.previewEntry = shownEntries[index]
        }
    }

    /// Where `position` is in `positions` (ascending), if there.
    static func position(of position: Int, among positions: [Int]) -> Int? {
        var low = 0, high = positions.count
        while low < high {
            let mid = (low + high) / 2
            if positions[mid] < position { low = mid + 1 } else { high = mid }
        }
        return low < positions.count && positions[low] == position ? low : nil
    }

    /// What the grid says when it shows nothing, a clause a line where the grid is too narrow
    /// for one: still looking; no match for the search; none of the tab's kind; or none at
    /// all, with what could not be read (a folder without permission is not an empty one)
    /// and the sub-folders a scan that is not recursive passed by, since they are where a
    /// user's pictures usually are (`~/Pictures/2024/...`).
    func emptyGridMessage(ellipsis: String) -> [String] {
        if isScanning { return ["Looking for media" + ellipsis] }
        if !search.text.isEmpty { return ["Nothing matches \"\(SafeText.terminalSafe(search.text))\""] }
        var clauses = switch tab {
        case .all: ["No media here"]
        case .images: ["No images here"]
        case .videos: ["No videos here"]
        }
        if let first = progress.firstIssue, let note = pathIssuesNote {
            // One path is named with its reason, in the words of a missing operand's error
            // (`PATH: No such file or directory`); several are counted, the first named.
            switch (progress.missing, progress.unreadable) {
            case (1, 0): clauses.append("\(first)")
            case (0, 1): clauses.append("cannot read \(first)")
            default: clauses.append("\(note), first \(first)")
            }
        }
        if let first = progress.firstNotMedia {
            // `mediapick notes.txt zero.jpg`: the files named were all there is.
            clauses.append(progress.notMedia == 1 ? "\(first)" : "\(progress.notMedia) not media, first \(first)")
        }
        switch progress.skippedFolders {
        case 0: break
        case 1: clauses.append("1 sub-folder not searched (-r searches it)")
        case let n: clauses.append("\(n) sub-folders not searched (-r searches them)")
        }
        return clauses
    }

    /// `1 path missing, 3 paths unreadable` once a scan is over and some given path was not
    /// found or some path or folder could not be read, for the status line: files are missing
    /// from the grid, and it is not said elsewhere. A path not found is not called unreadable:
    /// a user looks for a typo there, not at permissions.
    var pathIssuesNote: String? {
        let counts = [(progress.missing, "missing"), (progress.unreadable, "unreadable")].filter { $0.0 > 0 }
        let notes = counts.map { "\($0.0) \($0.0 == 1 ? "path" : "paths") \($0.1)" }
            + (progress.notMedia > 0 ? ["\(progress.notMedia) not media"] : [])
        return notes.isEmpty ? nil : notes.joined(separator: ", ")
    }
}
