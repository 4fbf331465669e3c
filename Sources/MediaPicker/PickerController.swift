import CellArt
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MediaDecoding
import TerminalUI
import Platform

/// The picker sheet (PHPickerViewController's analog): a grid of the library's entries with
/// filter tabs, search, preview and a limited, ordered selection. It reports through its
/// delegate exactly once per presentation and never dismisses itself.
@MainActor
public final class PickerController: ViewController {
    /// What the picker offers and how much may be picked.
    public let configuration: PickerConfiguration
    /// Where the entries come from.
    public let library: MediaLibrary
    /// Receives the results; it dismisses the picker.
    public weak var delegate: PickerDelegate?
    /// Set by the host: call to be redrawn (a tile arrived, a message timed out).
    public var setNeedsDisplay: (@MainActor () -> Void)?
    /// Makes the tiles.
    public let pipeline: ThumbnailPipeline

    /// The selection, in order.
    public internal(set) var selection: SelectionModel
    /// The current filter tab.
    public internal(set) var tab: PickerTab
    /// The search field.
    public internal(set) var search: SearchField
    /// The entries in grid order (after filter, tab, search and sort).
    public internal(set) var shownEntries = EntryList()
    /// Index of the focused entry in `shownEntries`.
    public internal(set) var focusIndex = 0
    /// The message shown for a moment (a refused pick), if any.
    public internal(set) var statusMessage: String?
    /// The entry being previewed, if the preview is open.
    public internal(set) var previewEntry: MediaEntry?
    /// True once the delegate has been called.
    public internal(set) var isFinished = false

    var listingCounts: [PickerTab: Int] = [:]
    /// Every live entry in grid order, sorted and catalogued once per library change.
    var catalog = EntryCatalog(sorted: [])
    /// Keeps the grid order between library snapshots, sorting only what is new.
    lazy var gridOrder = GridOrder(sort: configuration.sort, reverse: configuration.reverseSort)
    /// The last search's matches (catalog positions, any tab), reused while the query only grows.
    var lastMatches: (query: String, positions: [Int32])?
    var topRow = 0
    var focusedPath: RawPath?
    var derivedGeneration = -1
    var lastDerivation = ContinuousClock.now - .seconds(10)
    var lastSheet: SheetLayout?
    var headerHits: SheetHeader.Hits?
    var tabHits: FilterTabsBar.Hits?
    var messageTask: Task<Void, Never>?
    var observer: Task<Void, Never>?
    var theme: SheetTheme { SheetTheme(colors: configuration.colors, glyphs: configuration.symbols == .ascii ? .ascii : .unicode) }

    /// A picker over `library`; the library may still be filling.
    public init(configuration: PickerConfiguration, library: MediaLibrary, pipeline: ThumbnailPipeline? = nil) {
        self.configuration = configuration
        self.library = library
        self.pipeline = pipeline ?? ThumbnailPipeline(diskCache: configuration.makeDiskCache())
        self.selection = SelectionModel(limit: configuration.selectionLimit,
                                        preselected: configuration.allPreselectedPaths.map(library.canonicalPath(for:)))
        self.tab = PickerTab.available(for: configuration.filter)[0]
        self.search = SearchField(text: configuration.initialQuery)
        self.pipeline.onUpdate = { [weak self] key in self?.thumbnailDidUpdate(key) }
        let updates = library.updates()
        observer = Task { [weak self] in
            for await _ in updates {
                guard let self else { return }
                self.setNeedsDisplay?()
            }
        }
        refresh(force: true)
    }

    isolated deinit {
        observer?.cancel()
        messageTask?.cancel()
    }

    /// The focused entry, if any.
    public var focusedEntry: MediaEntry? { shownEntries.indices.contains(focusIndex) ? shownEntries[focusIndex] : nil }

    /// The tabs offered (all three unless the configuration filter narrows them).
    public var availableTabs: [PickerTab] { PickerTab.available(for: configuration.filter) }

    /// The tile options for a layout, as the pipeline keys them.
    func tileOptions(_ tile: Size) -> ArtOptions {
        ArtOptions(columns: tile.width, rows: tile.height, symbols: configuration.symbols, colors: configuration.colors)
    }

    // MARK: Library

    /// Re-reads the library when it changed. During a big scan this happens at most four
    /// times a second, so keys stay quick; once the library is idle, always.
    public func refresh(force: Bool = false) {
        let snapshotNeeded = force || derivedGeneration != library.snapshotGeneration
        guard snapshotNeeded else { return }
        let now = ContinuousClock.now
        let few = shownEntries.count < max(64, (lastSheet?.gridLayout.pageSize ?? 0) * 2)
        guard force || few || !library.isBusy || now - lastDerivation > .milliseconds(250) else { return }
        let snapshot = library.snapshot()
        derivedGeneration = snapshot.generation
        lastDerivation = now
        derive(from: snapshot.entries)
    }

    /// Re-derives the grid from `all`, keeping the focused entry focused.
    func derive(from all: [MediaEntry]? = nil) {
        var samePositions = true
        if let all {
            let arranged = gridOrder.arrange(all)
            catalog = arranged.pathsChanged ? EntryCatalog(sorted: arranged.entries) : catalog.refreshed(with: arranged.entries)
            samePositions = !arranged.pathsChanged
            lastMatches = nil
        }
        // While the catalog's positions hold, the focus is found by position (a binary search),
        // not by comparing paths with up to 100,000 entries.
        let focusedPosition = samePositions ? shownEntries.catalogPosition(at: focusIndex) : nil
        // Typing on only narrows: a longer query's matches are among the shorter one's.
        let query = search.text
        let narrowing = lastMatches.flatMap { !$0.query.isEmpty && query.hasPrefix($0.query) ? $0.positions : nil }
        let listing = EntryListing(catalog: catalog, among: narrowing, filter: configuration.filter, tab: tab, query: query)
        lastMatches = (query, listing.matching)
        shownEntries = listing.entries
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

    private func thumbnailDidUpdate(_ key: ThumbnailKey) {
        if case .failed(.vanished) = pipeline.state(for: key) { library.markVanished(key.path) }
        setNeedsDisplay?()
    }

    // MARK: Finishing

    /// Calls the delegate once with `paths` made into results (in the configured order).
    func finish(with paths: [RawPath]) {
        guard !isFinished else { return }
        isFinished = true
        messageTask?.cancel()
        pipeline.want(visible: [])
        var ordered = paths
        if configuration.selection == .default { ordered = shownEntries.gridOrdered(ordered) }
        // A file that vanished while the sheet was open is not handed out (its path would name nothing).
        let results = ordered.compactMap { path -> PickerResult? in
            guard case .success = FileStat.of(path) else {
                library.markVanished(path)
                return nil
            }
            return library.entry(for: path).map(PickerResult.init(entry:)) ?? PickerResult(path: path)
        }
        delegate?.picker(self, didFinishPicking: results)
    }

    /// Shows `text` on the status line for the configured moment.
    func show(message text: String) {
        statusMessage = text
        messageTask?.cancel()
        let duration = configuration.messageDuration
        messageTask = Task { [weak self] in
            try? await Task.sleep(for: duration)
            guard !Task.isCancelled, let self else { return }
            self.statusMessage = nil
            self.setNeedsDisplay?()
        }
    }

    // MARK: Waiting (for hosts and tests)

    /// Returns when the library is idle, the grid re-derived, and every wanted tile is done.
    /// Draw once before calling it so the visible tiles are known.
    public func waitUntilSettled() async {
        await library.waitUntilIdle()
        refresh(force: true)
        await pipeline.waitUntilIdle()
    }

    // MARK: ViewController

    /// Draws the sheet into `region`.
    public func draw(in region: Rect, of buffer: inout ScreenBuffer) {
        refresh()
        let sheet = SheetLayout(region: region, tile: configuration.tileSize)
        lastSheet = sheet
        let theme = theme
        buffer.fill(region)
        guard !sheet.isTooSmall else {
            TooSmallNotice.draw(in: region, of: &buffer, theme: theme)
            headerHits = nil; tabHits = nil
            pipeline.want(visible: [])
            return
        }
        headerHits = SheetHeader(title: configuration.title + " " + theme.glyphs.dash + " " + library.name, counter: selection.counterText,
                                 canAdd: !selection.isEmpty || focusedEntry != nil)
            .draw(in: sheet.header, of: &buffer, theme: theme)
        tabHits = FilterTabsBar(tabs: availableTabs, current: tab, counts: listingCounts, search: search)
            .draw(in: sheet.tabs, of: &buffer, theme: theme)
        if let previewEntry {
            drawPreview(of: previewEntry, in: Rect(x: sheet.grid.x, y: sheet.grid.y, width: sheet.grid.width, height: sheet.grid.height + 1), of: &buffer)
        } else {
            drawGrid(sheet.gridLayout, of: &buffer)
        }
        let snapshot = library.isBusy ? "scanning\(theme.glyphs.ellipsis) \(library.foundCount) found" : nil
        SheetFooter(message: statusMessage, focused: previewEntry == nil ? focusedEntry : nil, progress: snapshot, counter: selection.counterText)
            .draw(status: previewEntry == nil ? sheet.status : Rect(x: 0, y: 0, width: 0, height: 0), footer: sheet.footer, of: &buffer, theme: theme)
        if previewEntry != nil, let statusMessage {
            buffer.write(" " + statusMessage + " ", at: Point(x: sheet.status.x, y: sheet.status.y), style: theme.message, clip: sheet.status)
        }
    }

    /// The cursor sits in the search field while it is edited.
    public var cursorPosition: Point? { search.isEditing ? tabHits?.cursor : nil }

    private func drawPreview(of entry: MediaEntry, in area: Rect, of buffer: inout ScreenBuffer) {
        let picture = PreviewView.imageRect(in: area)
        var options = tileOptions(picture.size)
        options.fit = .fit
        let key = ThumbnailKey(entry: entry, options: options)
        let state: ThumbnailPipeline.State = picture.isEmpty ? .loading : pipeline.state(for: key)
        PreviewView(entry: entry, image: state, theme: theme).draw(in: area, of: &buffer)
        if !isFinished { pipeline.want(visible: picture.isEmpty ? [] : [key]) }
    }
}
