import MediaDecoding
import TerminalUI
import Platform

/// Everything the picker sheet shows and remembers, as one value. `update(_:)` changes it in
/// answer to a `PickerMessage`; the layout, the view and the wanted tiles are all derived from it.
struct PickerModel {
    /// What the picker offers and how much may be picked.
    let configuration: PickerConfiguration
    /// The library's title, shown in the header.
    let libraryName: String

    /// The selection, in order.
    var selection: SelectionModel
    /// Pictures whose thumbnail could not be decoded, with why (`refusesUndecodablePictures`
    /// only): refused at a pick (`PickerModel+Readability`).
    var undecodable: [RawPath: String] = [:]
    /// The files the host holds from picks before this sheet (`alreadyChosenPaths`, spelt as
    /// the library spells its entries), kept hashed for Ctrl-A, which passes them by.
    let chosenBefore: SelectionModel
    /// The current filter tab.
    var tab: PickerTab
    /// The search field.
    var search: SearchField
    /// The entries in grid order (after filter, tab, search and sort).
    var shownEntries = EntryList()
    /// Entries per tab for the current search.
    var listingCounts: [PickerTab: Int] = [:]
    /// Index of the focused entry in `shownEntries`.
    var focusIndex = 0
    /// The focused entry's path, to find it again when the catalog's positions change.
    var focusedPath: RawPath?
    /// True until the user moves the focus (and again after Home or `g`): the focus then stays
    /// on the first entry of the current order while entries stream in, as fzf keeps its cursor
    /// on the top match. Following the first entry found instead left it wherever that entry
    /// was sorted to (img0006 of 2,000 by name), so a quick Enter picked an arbitrary file.
    var focusStaysFirst = true
    /// With a limit of 1, the preselection, to be focused once the grid lists it (and until
    /// the user moves): as gum's `choose --limit 1 --selected` starts its cursor there. The
    /// focus stayed on the first entry, whose name the status line showed, while Enter picked
    /// the preselection, perhaps pages away, unseen.
    var focusWanted: RawPath?
    /// True when a search or tab placed the focus because the focused entry was not listed,
    /// until the user moves it: the search's next keys then place it again (on the best match).
    var focusFollowsSearch = false
    /// True once the library's first listing is complete and the sheet follows its folders:
    /// entries added later (a photo saved into the folder) no longer move the focus or the
    /// scroll, which stay on the entry the user sees (`install`).
    var listingSettled = false
    /// True after Home (or `g`) until the user moves again: the focus then stays on the first
    /// entry even once the listing is complete (a new photo sorted first takes it).
    var focusAskedFirst = false
    /// The first visible row of tiles, as the last update scrolled it.
    var topRow = 0
    /// The region the host gave the sheet; nil until the first layout.
    var region: Rect?
    /// The entry being previewed, if the preview is open.
    var previewEntry: MediaEntry?
    /// The message shown for a moment (a refused pick), if any.
    var statusMessage: String?
    /// Counts the messages shown, so an old time-out cannot clear a newer message.
    var messageGeneration = 0
    /// The host's word (the graphics hint) for a moment, if any: drawn where it hides nothing
    /// (`SheetView`), not over the focused entry's line or the preview's.
    var notice: String?
    /// The generation `notice` was shown under: a time-out of it or of a later message ends it.
    var noticeGeneration = 0
    /// True once the picker has finished (the delegate is called once).
    var isFinished = false
    /// How far the library's scan has gone.
    var progress = ScanProgress(isScanning: false, found: 0)
    /// True while the library is still scanning.
    var isScanning: Bool { progress.isScanning }
    /// Files the scan has found so far.
    var foundCount: Int { progress.found }

    /// Every live entry in grid order, sorted and catalogued once per library change.
    var catalog = EntryCatalog(sorted: [])
    /// Keeps the grid order between library snapshots, sorting only what is new.
    var gridOrder: GridOrder
    /// The listings of the current catalog by query (at most two: no query, and the last one),
    /// each with every tab's entries: Tab and Escape switch to one of these without going
    /// through 20,000 names again (that pass was most of those keys' time in the soak), and a
    /// query that narrows the last one (`SearchSyntax.narrows`) is matched among its matches.
    var keptListings: [String: EntryListing] = [:]
    /// How many times the catalog was gone through for a listing (tests read it).
    var listingScans = 0
    /// How many arrangements were installed: an arrangement made elsewhere from an older
    /// `gridOrder` and `catalog` than these is stale.
    var arrangements = 0

    /// Nil when the file at a path can be read now, else the `errno` saying why not: the one
    /// question the model asks of the file system, when something is picked
    /// (`PickerModel+Readability`).
    let readProblem: @Sendable (RawPath) -> Int32?
    /// Why the picture at a path cannot be exported for its size (`JPEGCopy.refusal` of its
    /// header, read now), asked at a pick of an entry not yet classified, whose header the
    /// library has not read (`refusesUndecodablePictures` only); nil when it can, or is no picture.
    let exportSizeProblem: @Sendable (RawPath) -> String?

    /// A model before any entries have arrived. A preselection that exists but cannot be read
    /// is left out, as a pick of it would be refused. `chosenBefore` are the host's files
    /// from earlier picks, as the library spells them.
    init(configuration: PickerConfiguration, libraryName: String, preselected: [RawPath], chosenBefore: [RawPath] = [],
         readProblem: @escaping @Sendable (RawPath) -> Int32? = FileAccess.readProblem,
         exportSizeProblem: @escaping @Sendable (RawPath) -> String? = { (try? JPEGCopy.refusal(path: $0)) ?? nil }) {
        self.configuration = configuration
        self.libraryName = libraryName
        self.readProblem = readProblem
        self.exportSizeProblem = exportSizeProblem
        selection = SelectionModel(limit: configuration.selectionLimit, alreadyChosen: configuration.alreadyChosen,
                                   preselected: Self.preselectable(preselected, readProblem: readProblem))
        self.chosenBefore = SelectionModel(limit: 0, preselected: chosenBefore)
        tab = PickerTab.available(for: configuration.filter)[0]
        search = SearchField(text: configuration.initialQuery)
        gridOrder = GridOrder(sort: configuration.sort, reverse: configuration.reverseSort)
    }

    /// The preselections among `paths` that may be selected: not those that exist but cannot
    /// be read, as a pick of them would be refused.
    static func preselectable(_ paths: [RawPath], readProblem: (RawPath) -> Int32?) -> [RawPath] {
        paths.filter { path in readProblem(path).map(SystemError.isMissing) ?? true }
    }

    /// The focused entry, if any.
    var focusedEntry: MediaEntry? { shownEntries.indices.contains(focusIndex) ? shownEntries[focusIndex] : nil }

    /// The tabs offered (all three unless the configuration filter narrows them).
    var availableTabs: [PickerTab] { PickerTab.available(for: configuration.filter) }

    /// How the chrome is drawn.
    var theme: SheetTheme { SheetTheme(colors: configuration.colors, glyphs: configuration.symbols == .ascii ? .ascii : .unicode) }

    /// The sheet laid out in `region`, its grid scrolled so the focus is on screen, moving as
    /// little as possible from the last top row.
    func layout(in region: Rect) -> SheetLayout {
        var sheet = SheetLayout(region: region, tile: configuration.tileSize)
        let grid = sheet.gridLayout
        let columns = max(1, grid.columns)
        sheet.topRow = grid.scrolledTopRow(current: topRow, focusRow: focusIndex / columns,
                                           totalRows: (shownEntries.count + columns - 1) / columns)
        return sheet
    }

    /// The layout in the region the host gave, if it gave one.
    var layout: SheetLayout? { region.map(layout(in:)) }

    /// The header's title: the configured one, a dash, the library's name.
    var headerTitle: String { configuration.title + " " + theme.glyphs.dash + " " + libraryName }

    /// The header as drawn now (its buttons are also the click targets).
    var header: SheetHeader {
        SheetHeader(title: headerTitle, counter: selection.addText, canAdd: !selection.isEmpty || (focusedEntry != nil && !selection.isFull))
    }

    /// The tabs row as drawn now (its tabs are also the click targets).
    var tabsBar: FilterTabsBar {
        FilterTabsBar(tabs: availableTabs, current: tab, counts: listingCounts, search: search)
    }
}
