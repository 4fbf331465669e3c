import MediaDecoding
import Platform
import Thumbnails

/// The picker's candidates: files from folders and explicit lists, found and classified by
/// content in small background jobs, the entries on screen first.
///
/// Entries appear as they are found (100,000 files do not hold up the first screen).
/// Non-media files and files that vanish are dropped; unreadable ones stay, marked, when
/// their name says picture or video (and are dropped otherwise).
///
/// Every mutable fact lives in `state`, a `Locked<State>` (Platform; ThreadSanitizer sees its pthread lock), and the compiler lets nothing reach
/// it without the lock: the class is `Sendable` because all its stored properties are.
public final class MediaLibrary: Sendable {
    /// Shown in the sheet's title as it is (display text: a folder's name made visible already, `SafeText.visible`).
    public let name: String
    /// How folders are scanned.
    public let options: ScanOptions

    /// Reads a file's content to say what it is (replaced in tests to fake file contents).
    let classifier: @Sendable (RawPath) -> FileInspector.Outcome
    /// Says whether a file can be read now (`FileAccess.readProblem`; replaced in tests, which
    /// run as root, for whom every file can be read).
    let readCheck: @Sendable (RawPath) -> Int32?
    /// Runs each background job: the one place a scheduler plugs in.
    let run: JobRunner
    private let state = Locked(State())

    /// Creates a library and starts finding its entries at once, on `scheduler` (by default
    /// one of its own, two threads wide: a folder scan and a classification run side by side).
    public convenience init(name: String, sources: [LibrarySource] = [], options: ScanOptions = ScanOptions(),
                            scheduler: WorkScheduler? = nil) {
        self.init(name: name, sources: sources, options: options, classifier: FileInspector.classify,
                  run: scheduler.map(MediaLibrary.running(on:)))
    }

    init(name: String, sources: [LibrarySource], options: ScanOptions,
         classifier: @escaping @Sendable (RawPath) -> FileInspector.Outcome,
         readCheck: @escaping @Sendable (RawPath) -> Int32? = FileAccess.readProblem, run: JobRunner? = nil) {
        self.name = name
        self.options = options
        self.classifier = classifier
        self.readCheck = readCheck
        self.run = run ?? MediaLibrary.running(on: WorkScheduler(width: 2, name: "mediapick.library"))
        add(sources)
    }

    /// A library of folders (named after the first one).
    public convenience init(folders: [RawPath], options: ScanOptions = ScanOptions()) {
        let name = folders.count == 1 ? folders[0].lastComponent.visible : "\(folders.count) folders"
        self.init(name: name, sources: folders.map { .folder($0) }, options: options)
    }

    /// Stops the background work (entries found so far stay).
    public func cancel() {
        withState { $0.cancel() }
    }

    // MARK: Input

    /// Adds sources; their entries appear as they are found.
    public func add(_ newSources: [LibrarySource]) {
        guard !newSources.isEmpty else { return }
        withState { state in
            state.sources.append(contentsOf: newSources)
            state.givenSources.append(contentsOf: newSources)
            if newSources.contains(.workingFolder) { state.givesWorkingFolder = true }
        }
        startJobs()
    }

    /// Adds explicit files (paths read from stdin, or arguments).
    public func add(files: [RawPath]) { add(files.map { .file($0) }) }

    /// Lists a file made in one of the library's folders after they were read (the app's
    /// camera saves its photo there), as a scan would have found it: named below that folder,
    /// its content classified soon. A file a scan would pass by (under no folder given, hidden
    /// without `includeHidden`, in a sub-folder without `recursive`) or that is not a regular
    /// file is not listed: the library holds what its folders hold. True when it is listed
    /// (or already was).
    @discardableResult
    public func addCreatedFile(_ path: RawPath) -> Bool {
        guard case .listed(let root, let below) = Self.placement(of: path, in: withState({ $0.givenSources }), options: options),
              !below.isEmpty, case .success(let info) = FileStat.of(path), info.isRegular else { return false }
        insert([MediaEntry(path: root.appending(RawPath(bytes: below)), byteSize: info.byteSize,
                           modificationTime: info.modificationTime, rootLength: DirectoryScanner.Walk(root).rootLength,
                           sourceOrdinal: Int.max)])
        return true
    }

    // MARK: Reading

    /// The current candidates and progress.
    public func snapshot() -> LibrarySnapshot {
        withState { $0.snapshot() }
    }

    /// Grows with every change (cheap to read: no copy).
    public var snapshotGeneration: Int { withState { $0.generation } }

    /// True while folders are being scanned or entries classified.
    public var isBusy: Bool { withState { $0.isBusy } }

    /// Whether the library is busy, what it has found and what it passed by, read at once.
    /// Found counts paths: a file listed again (back after it vanished, completed after it
    /// was not media) is one file, not two.
    public var progress: ScanProgress {
        withState {
            ScanProgress(isScanning: $0.isBusy, found: $0.index.count, skippedFolders: $0.skippedFolders,
                         unreadable: $0.issues.count - $0.missingIssues, missing: $0.missingIssues, firstIssue: $0.issues.first,
                         notMedia: $0.notMedia, firstNotMedia: $0.firstNotMedia)
        }
    }

    /// The entry at `path`, if it is a live candidate.
    public func entry(for path: RawPath) -> MediaEntry? {
        withState { $0.liveEntry(for: path) }
    }

    /// The entry a library would make of the file at `path`, its content read now: nil for a
    /// folder, a file that is gone, or one that is not a picture or video (which a library
    /// drops). For checking a path before a picker opens (a preselection).
    public static func inspect(_ path: RawPath) -> MediaEntry? { FileInspector.entry(for: path) }

    /// `path` spelled as this library spells its entries (`./a.jpg` for `a.jpg` when the
    /// folder `.` was given; relative and absolute spellings of one file meet), so a
    /// preselected path matches its entry. Paths outside every source come back unchanged.
    public func canonicalPath(for path: RawPath) -> RawPath {
        if entry(for: path) != nil { return path }
        guard let (root, below) = source(holding: path) else { return path }
        return below.isEmpty ? root : root.appending(RawPath(bytes: below))
    }

    /// The path of the live entry that `path` names, however it is spelt (`./a.jpg`, an
    /// absolute path), or nil when none does (yet).
    public func listedPath(for path: RawPath) -> RawPath? {
        let spelling = PathKey(PathText.absolute(path))
        let found: RawPath?? = withState { state in
            if let entry = state.liveEntry(for: path) { return entry.path }
            // Many sources (lines of stdin): their spellings are kept hashed; asking each
            // source in turn would cost a pass over all of them.
            guard let spellings = state.spellings else { return .none }
            return .some(spellings[spelling].flatMap { state.live[$0] ? state.entries[$0].path : nil })
        }
        if let found { return found }
        return entry(for: canonicalPath(for: path))?.path
    }

    /// The first source given that is `path` or a folder holding it, with what follows it in
    /// `path` (`MediaLibrary.source(holding:in:)`).
    private func source(holding path: RawPath) -> (root: RawPath, below: [UInt8])? {
        Self.source(holding: path, in: withState { $0.givenSources })
    }

    /// How a result names the file at `path` (an entry's path): as the library spells it, but
    /// for a file found in `.workingFolder`, named relative to it (`x.jpg`, not `./x.jpg`), as
    /// fzf and `git ls-files` print it, so that what is printed is what the user would type.
    /// A name that starts with `-` keeps its `./`, so that a command it is handed to
    /// (`xargs cp -t out`) cannot take it for an option. Also for an entry dropped since.
    public func resultPath(for path: RawPath) -> RawPath {
        let found = withState { state -> Bool in
            guard state.givesWorkingFolder, let i = state.index[PathKey(path)] else { return false }
            return state.entries[i].rootLength == 2
        }
        let bytes = path.bytes
        guard found, bytes.count > 2, bytes[0] == UInt8(ascii: "."), bytes[1] == UInt8(ascii: "/"),
              bytes[2] != UInt8(ascii: "-") else { return path }
        return RawPath(bytes: Array(bytes[2...]))
    }

    /// The paths dropped since the first `start` drops, in order: files that vanished, or
    /// turned out not to be media, after they were found. A selection holding them would
    /// count files the grid no longer shows.
    public func droppedPaths(after start: Int) -> [RawPath] {
        withState { Array($0.dropped.dropFirst(start)) }
    }

    /// Changes while the library fills: a value after each batch (the newest only is kept,
    /// so a slow reader is never flooded).
    public func updates() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id: Int = withState { state in
            state.nextSubscriber += 1
            state.subscribers[state.nextSubscriber] = continuation
            return state.nextSubscriber
        }
        continuation.onTermination = { [weak self] _ in self?.withState { _ = $0.subscribers.removeValue(forKey: id) } }
        return stream
    }

    /// Returns when nothing is being scanned or classified.
    public func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle: Bool = withState { state in
                if state.isBusy { state.idleWaiters.append(continuation); return false }
                return true
            }
            if idle { continuation.resume() }
        }
    }

    // MARK: Feedback from the UI

    /// Classifies these entries next (the ones on screen); replaces the previous request.
    public func prioritize(_ paths: [RawPath]) {
        if withState({ $0.prioritize(paths) }) { startJobs() }
    }

    /// Nil when the file at `path` can be read now, else the `errno` saying why not: asked when
    /// an entry is picked, since its permissions may have changed since it was classified.
    public func readProblem(of path: RawPath) -> Int32? { readCheck(path) }

    /// Reads the entry at `path` again, soon, before the rest (a pick found it readable while
    /// it was marked unreadable, or the other way round): its mark and thumbnail follow.
    public func reclassify(_ path: RawPath) {
        if withState({ $0.reclassify(path) }) {
            notifySubscribers()
            startJobs()
        }
    }

    /// Takes the facts of the file at `path` as its thumbnail found it, changed since the scan
    /// (rewritten or replaced while the picker is open): its size and modification time, and
    /// what the thumbnail's probe read (`probed`, nil when it could not), so that the sheet's
    /// caption and `--export`'s size rule speak of the file as it is. No system call here.
    func refresh(_ path: RawPath, byteSize: Int64, modificationTime: FileTime, probed: FileInspector.Outcome?) {
        if withState({ $0.refresh(path, byteSize: byteSize, modificationTime: modificationTime, probed: probed) }) {
            notifySubscribers()
        }
    }

    /// Drops an entry whose file has gone (found out while making its thumbnail).
    public func markVanished(_ path: RawPath) {
        withState { $0.markVanished(path) }
        notifySubscribers()
    }

    // MARK: State

    /// Runs `body` with the state locked.
    func withState<Result>(_ body: (inout State) -> Result) -> Result {
        state.withLock { state in body(&state) }
    }

    func notifySubscribers() {
        let targets = withState { Array($0.subscribers.values) }
        for continuation in targets { continuation.yield(()) }
    }
}
