import CellArt
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MediaDecoding
import Platform
import TerminalUI
import Thumbnails

/// The picker sheet (PHPickerViewController's analog): a grid of the library's entries with
/// filter tabs, search, preview and a limited, ordered selection. It reports through its
/// delegate exactly once per presentation and never dismisses itself.
///
/// Model → update → view: every input becomes a `PickerMessage` that `PickerModel.update`
/// applies; `draw` only renders the model; what the pipeline and the library should work on
/// next is derived from the model after each update (`PickerController+Tiles`).
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

    /// The sheet's state; only `send(_:)` changes it.
    private(set) var model: PickerModel
    var derivedGeneration = -1
    var lastDerivation = ContinuousClock.now - .seconds(10)
    /// The arrangement being made off the main actor, if any (tests await it).
    var arranging: Task<Void, Never>?
    /// Snapshots of this many entries or more are arranged off the main actor (a smaller one
    /// takes under a millisecond here); tests lower it.
    var backgroundArrangementMinimum = 5_000
    /// How many of the library's dropped paths the selection has been told of.
    var droppedSeen = 0
    /// Preselections (`allPreselectedPaths`, as given) the library does not list yet: each
    /// joins the selection when its entry appears (candidates on stdin arrive while the sheet
    /// is open), so the counter never counts a file the grid cannot show and Enter never
    /// prints one the user could not see or unselect (tester report §2).
    var awaitedPreselections: [RawPath]
    var messageTask: Task<Void, Never>?
    var observer: Task<Void, Never>?
    /// The library's folders followed while the sheet is open (ended when it finishes).
    var folderWatch: FolderWatch?

    /// A picker over `library`; the library may still be filling.
    public init(configuration: PickerConfiguration, library: MediaLibrary, pipeline: ThumbnailPipeline? = nil) {
        self.configuration = configuration
        self.library = library
        self.pipeline = pipeline ?? ThumbnailPipeline(diskCache: configuration.makeDiskCache())
        awaitedPreselections = configuration.allPreselectedPaths
        model = PickerModel(configuration: configuration, libraryName: library.name, preselected: [],
                            chosenBefore: configuration.alreadyChosenPaths.map(library.canonicalPath(for:)),
                            readProblem: { [library] in library.readProblem(of: $0) })
        self.pipeline.onUpdate = { [weak self] key in self?.tileDidFinish(key) }
        self.pipeline.onFileChanged = { [weak self] key, file, plan in self?.tileFileDidChange(key, file: file, plan: plan) }
        let updates = library.updates()
        observer = Task { [weak self] in
            for await _ in updates {
                guard let self else { return }
                self.refresh()
                self.setNeedsDisplay?()
            }
        }
        folderWatch = configuration.folderCheckInterval.map { library.watchFolders(every: $0) }
        refresh(force: true)
        // Once per presentation: why the terminal shows cell art although it could show pictures.
        if let hint = configuration.graphicsHint { send(.notice(hint)) }
    }

    isolated deinit {
        observer?.cancel()
        messageTask?.cancel()
        folderWatch?.cancel()
    }

    // MARK: The model, read-only

    /// The selection, in order.
    public var selection: SelectionModel { model.selection }
    /// The current filter tab.
    public var tab: PickerTab { model.tab }
    /// The search field.
    public var search: SearchField { model.search }
    /// The entries in grid order (after filter, tab, search and sort).
    public var shownEntries: EntryList { model.shownEntries }
    /// Index of the focused entry in `shownEntries`.
    public var focusIndex: Int { model.focusIndex }
    /// The message shown for a moment (a refused pick), if any.
    public var statusMessage: String? { model.statusMessage }
    /// The entry being previewed, if the preview is open.
    public var previewEntry: MediaEntry? { model.previewEntry }
    /// The picks left out of the results because their files were gone when the picker
    /// finished (set before the delegate is called): a host tells the user, since results
    /// without them (or none at all) would look like a smaller pick or a cancel.
    public private(set) var vanishedPicks: [RawPath] = []
    /// True once the delegate has been called.
    public var isFinished: Bool { model.isFinished }
    /// The focused entry, if any.
    public var focusedEntry: MediaEntry? { model.focusedEntry }
    /// The tabs offered (all three unless the configuration filter narrows them).
    public var availableTabs: [PickerTab] { model.availableTabs }

    // MARK: Update

    /// Applies one message to the model, runs the effects it asks for, then hands the
    /// pipeline and the library what the new model wants. Returns whether the message was used.
    @discardableResult
    func send(_ message: PickerMessage) -> Bool {
        let reply = model.update(message)
        for effect in reply.effects { run(effect) }
        // A finished tile or an expired message changes nothing the screen wants; asking the
        // pipeline again after each of 48 tiles cost a fifth of a warm screenful's time.
        switch message {
        case .tileFinished, .messageExpired: break
        default: requestTiles()
        }
        return reply.handled
    }

    /// Handles a key or mouse event; returns false for events the host should handle
    /// (resize, interrupt, terminate) and for everything once finished.
    public func handle(_ event: Event) -> Bool {
        switch event {
        case .key(let key): return send(.key(key))
        case .mouse(let mouse): return send(.mouse(mouse))
        case .resize:
            // The host lays the sheet out in the new region before the next draw.
            if !isFinished { setNeedsDisplay?() }
            return false
        case .interrupt, .terminate, .hangup, .fatalSignal:
            return false
        }
    }

    /// Does what an action asks.
    public func perform(_ action: PickerAction) { send(.action(action)) }

    /// Switches the filter tab (the selection is kept).
    public func setTab(_ newTab: PickerTab) { send(.selectTab(newTab)) }

    /// Focuses the shown entry at `index`.
    func setFocus(_ index: Int) { send(.focus(index)) }

    /// Re-reads the library when it changed. During a big scan the grid is re-derived at most
    /// four times a second; once the library is idle, always. The scan's progress is passed on
    /// every time. A snapshot of `backgroundArrangementMinimum` entries or more is arranged off
    /// the main actor and installed when done, so keys are not kept waiting meanwhile;
    /// `force` arranges at once, here.
    public func refresh(force: Bool = false) {
        adoptListedPreselections()
        let dropped = library.droppedPaths(after: droppedSeen)
        if !dropped.isEmpty {
            droppedSeen += dropped.count
            send(.dropped(dropped))
        }
        let progress = library.progress
        let scanning = progress.isScanning
        let now = ContinuousClock.now
        let snapshotNeeded = force || derivedGeneration != library.snapshotGeneration
        let few = model.shownEntries.count < max(64, (model.layout?.gridLayout.pageSize ?? 0) * 2)
        guard snapshotNeeded, force || (arranging == nil && (few || !scanning || now - lastDerivation > .milliseconds(250))) else {
            if progress != model.progress { send(.library(entries: nil, progress: progress)) }
            return
        }
        let snapshot = library.snapshot()
        derivedGeneration = snapshot.generation
        lastDerivation = now
        guard !force, snapshot.entries.count >= backgroundArrangementMinimum else {
            send(.library(entries: snapshot.entries, progress: progress))
            return
        }
        let (order, catalog, base) = (model.gridOrder, model.catalog, model.arrangements)
        arranging = Task.detached(priority: .userInitiated) { [weak self] in
            let arrangement = CatalogArrangement(arranging: snapshot.entries, after: order, catalog: catalog)
            await self?.install(arrangement, madeAfter: base)
        }
    }

    /// Selects the awaited preselections the library now lists, in the order given.
    private func adoptListedPreselections() {
        guard !awaitedPreselections.isEmpty else { return }
        var listed: [RawPath] = []
        awaitedPreselections.removeAll { path in
            guard let entry = library.listedPath(for: path) else { return false }
            listed.append(entry)
            return true
        }
        if !listed.isEmpty { send(.preselected(listed)) }
    }

    /// Installs an arrangement made off the main actor, unless the grid was arranged here
    /// since it was started (a forced refresh: then it is stale, and dropped); then looks for
    /// changes that came while it was being made.
    private func install(_ arrangement: CatalogArrangement, madeAfter base: Int) {
        arranging = nil
        if model.arrangements == base {
            send(.arranged(arrangement, progress: library.progress))
        }
        refresh()
        setNeedsDisplay?()
    }

    private func run(_ effect: PickerEffect) {
        switch effect {
        case .finish(let paths): finish(with: paths)
        case .reclassify(let paths): paths.forEach(library.reclassify)
        case .vanished(let paths): paths.forEach(library.markVanished)
        case .expireMessage(let generation):
            messageTask?.cancel()
            let duration = configuration.messageDuration
            messageTask = Task { [weak self] in
                try? await Task.sleep(for: duration)
                guard !Task.isCancelled, let self else { return }
                self.send(.messageExpired(generation: generation))
                self.setNeedsDisplay?()
            }
        }
    }

    /// Calls the delegate once with `paths` (already in the configured order) made into results.
    private func finish(with paths: [RawPath]) {
        messageTask?.cancel()
        // Nothing the sheet started runs on once it has its answer.
        folderWatch?.cancel()
        folderWatch = nil
        // A file that vanished while the sheet was open is not handed out (its path would name nothing).
        let results = paths.compactMap { path -> PickerResult? in
            // Named as the user would type it (`x.jpg` for `./x.jpg` found in the working folder).
            let named = library.resultPath(for: path)
            guard case .success(let status) = FileStat.of(path), !status.isDirectory else {
                library.markVanished(path)
                vanishedPicks.append(named)
                return nil
            }
            // An entry whose mark is out of date (readable again, not yet read again), or whose
            // file was replaced while the sheet was open (`--format json` printed the old
            // file's type, size and pixels), is read now.
            if let entry = library.entry(for: path), !entry.isUnreadable,
               entry.byteSize == status.byteSize, entry.modificationTime == status.modificationTime {
                return PickerResult(entry: entry, path: named)
            }
            return PickerResult(path: named) ?? library.entry(for: path).map { PickerResult(entry: $0, path: named) }
        }
        delegate?.picker(self, didFinishPicking: results)
    }

    // MARK: Waiting (for hosts and tests)

    /// Returns when the library is idle, the grid re-derived, and every wanted tile is done.
    /// Lay the sheet out once before calling it so the visible tiles are known.
    public func waitUntilSettled() async {
        await library.waitUntilIdle()
        refresh(force: true)
        await pipeline.waitUntilIdle()
    }

    // MARK: ViewController

    /// The host gives the sheet `region` before drawing it: the library's latest state and the
    /// region go through update, so the draw that follows only renders.
    public func layout(in region: Rect) {
        refresh()
        send(.region(region))
    }

    /// Draws the sheet into `region`; changes nothing.
    public func draw(in region: Rect, of buffer: inout ScreenBuffer) {
        SheetView(model: model, layout: model.layout(in: region), tile: tileState).draw(into: &buffer)
    }

    /// The cursor sits in the search field while it is edited.
    public var cursorPosition: Point? {
        guard model.search.isEditing, let sheet = model.layout, !sheet.isTooSmall else { return nil }
        return model.tabsBar.hits(in: sheet.tabs).cursor
    }
}
