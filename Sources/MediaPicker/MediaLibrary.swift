import MediaDecoding
import Synchronization
import Platform

/// Where a library's candidates come from.
public enum LibrarySource: Sendable, Hashable {
    /// The files of a folder (descended into when the scan is recursive).
    case folder(RawPath)
    /// One file, taken as it is (a folder given here is scanned as a folder).
    case file(RawPath)
}

/// How folders are scanned.
public struct ScanOptions: Sendable, Hashable {
    /// Descend into sub-folders.
    public var recursive: Bool
    /// Include names starting with a dot.
    public var includeHidden: Bool

    /// Creates options: one level, hidden files left out, by default.
    public init(recursive: Bool = false, includeHidden: Bool = false) {
        self.recursive = recursive
        self.includeHidden = includeHidden
    }
}

/// What the library holds at one moment.
public struct LibrarySnapshot: Sendable {
    /// The live candidates, in the order they were found (non-media and vanished files left out).
    public var entries: [MediaEntry]
    /// True while folders are being scanned or entries classified.
    public var isBusy: Bool
    /// How many entries are still waiting to be classified.
    public var pendingCount: Int
    /// Problems met while scanning (unreadable folders, symlink loops).
    public var issues: [ScanIssue]
    /// Grows with every change; equal generations mean equal contents.
    public var generation: Int
}

/// The picker's candidates: files from folders and explicit lists, found on a background
/// thread and classified by content on another, the entries on screen first.
///
/// Entries appear as they are found (100,000 files do not hold up the first screen).
/// Non-media files and files that vanish are dropped; unreadable ones stay, marked.
///
/// `@unchecked Sendable`: every mutable field is guarded by `mutex`, and the worker
/// threads touch state only while holding it.
public final class MediaLibrary: @unchecked Sendable {
    /// Shown in the sheet's title.
    public let name: String
    /// How folders are scanned.
    public let options: ScanOptions

    /// Reads a file's content to say what it is (replaced in tests to fake file contents).
    let classifier: @Sendable (RawPath) -> FileInspector.Outcome
    private let mutex = Mutex(())
    private var entries: [MediaEntry] = []
    private var live: [Bool] = []
    /// Position of each path in `entries` (keys hash the bytes in one call, not byte by byte).
    private var index: [PathKey: Int] = [:]
    private var sources: [LibrarySource] = []
    private var givenSources: [LibrarySource] = []
    private var scannerRunning = false
    private var classifierRunning = false
    private var classifyCursor = 0
    private var unclassified = 0
    private var priority: [RawPath] = []
    private var issues: [ScanIssue] = []
    private var generation = 0
    private var subscribers: [Int: AsyncStream<Void>.Continuation] = [:]
    private var nextSubscriber = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    private var cancelled = false

    /// Creates a library and starts finding its entries at once.
    public convenience init(name: String, sources: [LibrarySource] = [], options: ScanOptions = ScanOptions()) {
        self.init(name: name, sources: sources, options: options, classifier: FileInspector.classify)
    }

    init(name: String, sources: [LibrarySource], options: ScanOptions, classifier: @escaping @Sendable (RawPath) -> FileInspector.Outcome) {
        self.name = name
        self.options = options
        self.classifier = classifier
        add(sources)
    }

    /// A library of folders (named after the first one).
    public convenience init(folders: [RawPath], options: ScanOptions = ScanOptions()) {
        let name = folders.count == 1 ? folders[0].lastComponent.string : "\(folders.count) folders"
        self.init(name: name, sources: folders.map { .folder($0) }, options: options)
    }

    /// Stops the background work (entries found so far stay).
    public func cancel() {
        locked { cancelled = true; sources.removeAll(); priority.removeAll() }
    }

    // MARK: Input

    /// Adds sources; their entries appear as they are found.
    public func add(_ newSources: [LibrarySource]) {
        guard !newSources.isEmpty else { return }
        locked {
            sources.append(contentsOf: newSources)
            givenSources.append(contentsOf: newSources)
        }
        startWorkers()
    }

    /// Adds explicit files (paths read from stdin, or arguments).
    public func add(files: [RawPath]) { add(files.map { .file($0) }) }

    // MARK: Reading

    /// The current candidates and progress.
    public func snapshot() -> LibrarySnapshot {
        locked {
            var result: [MediaEntry] = []
            result.reserveCapacity(entries.count)
            for i in entries.indices where live[i] { result.append(entries[i]) }
            return LibrarySnapshot(entries: result, isBusy: isBusyLocked, pendingCount: unclassified,
                                   issues: issues, generation: generation)
        }
    }

    /// Grows with every change (cheap to read: no copy).
    public var snapshotGeneration: Int { locked { generation } }

    /// True while folders are being scanned or entries classified.
    public var isBusy: Bool { locked { isBusyLocked } }

    /// How many files have been found so far (before non-media are dropped).
    public var foundCount: Int { locked { entries.count } }

    /// The entry at `path`, if it is a live candidate.
    public func entry(for path: RawPath) -> MediaEntry? {
        locked { index[PathKey(path)].flatMap { live[$0] ? entries[$0] : nil } }
    }

    /// `path` spelled as this library spells its entries (`./a.jpg` for `a.jpg` when the
    /// folder `.` was given; relative and absolute spellings of one file meet), so a
    /// preselected path matches its entry. Paths outside every source come back unchanged.
    public func canonicalPath(for path: RawPath) -> RawPath {
        if entry(for: path) != nil { return path }
        let target = PathText.absolute(path).bytes
        for source in locked({ givenSources }) {
            let root: RawPath
            switch source {
            case .file(let file): root = file
            case .folder(let folder): root = folder
            }
            let rootBytes = PathText.absolute(root).bytes
            if rootBytes == target { return root }
            let prefix = rootBytes == [UInt8(ascii: "/")] ? rootBytes : rootBytes + [UInt8(ascii: "/")]
            if target.starts(with: prefix) { return root.appending(RawPath(bytes: Array(target.dropFirst(prefix.count)))) }
        }
        return path
    }

    /// Changes while the library fills: a value after each batch (the newest only is kept,
    /// so a slow reader is never flooded).
    public func updates() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id: Int = locked {
            nextSubscriber += 1
            subscribers[nextSubscriber] = continuation
            return nextSubscriber
        }
        continuation.onTermination = { [weak self] _ in self?.locked { _ = self?.subscribers.removeValue(forKey: id) } }
        return stream
    }

    /// Returns when nothing is being scanned or classified.
    public func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle: Bool = locked {
                if isBusyLocked { idleWaiters.append(continuation); return false }
                return true
            }
            if idle { continuation.resume() }
        }
    }

    // MARK: Feedback from the UI

    /// Classifies these entries next (the ones on screen); replaces the previous request.
    public func prioritize(_ paths: [RawPath]) {
        let wake: Bool = locked {
            priority = paths.filter { path in index[PathKey(path)].map { live[$0] && entries[$0].status == .pending } ?? false }
            return !priority.isEmpty
        }
        if wake { startWorkers() }
    }

    /// Drops an entry whose file has gone (found out while making its thumbnail).
    public func markVanished(_ path: RawPath) {
        locked {
            guard let i = index[PathKey(path)], live[i] else { return }
            if entries[i].status == .pending { unclassified -= 1 }
            live[i] = false
            changedLocked()
        }
        notifySubscribers()
    }

    // MARK: Workers

    private var isBusyLocked: Bool { scannerRunning || classifierRunning || !sources.isEmpty || (unclassified > 0 && !cancelled) }

    private func startWorkers() {
        let (scan, classify): (Bool, Bool) = locked {
            let scan = !scannerRunning && !sources.isEmpty && !cancelled
            if scan { scannerRunning = true }
            let classify = !classifierRunning && unclassified > 0 && !cancelled
            if classify { classifierRunning = true }
            return (scan, classify)
        }
        if scan { spawn(name: "mediapick.scan") { [self] in scanLoop() } }
        if classify { spawn(name: "mediapick.classify") { [self] in classifyLoop() } }
    }

    private func spawn(name: String, _ body: @escaping @Sendable () -> Void) {
        WorkerThread.start(name: name, body)
    }

    private func scanLoop() {
        let scanner = DirectoryScanner(recursive: options.recursive, includeHidden: options.includeHidden)
        while true {
            let next: LibrarySource? = locked {
                if sources.isEmpty || cancelled { scannerRunning = false; return nil }
                return sources.removeFirst()
            }
            guard let source = next else { break }
            switch source {
            case .folder(let folder):
                scanner.scan(folder, found: { insert($0) }, issue: { issue in locked { issues.append(issue) } },
                             shouldStop: { locked { cancelled } })
            case .file(let path):
                switch FileStat.of(path) {
                case .success(let st) where st.isDirectory:
                    scanner.scan(path, found: { insert($0) }, issue: { issue in locked { issues.append(issue) } },
                                 shouldStop: { locked { cancelled } })
                case .success(let st) where st.isRegular:
                    insert([MediaEntry(path: path, byteSize: st.byteSize, modificationTime: st.modificationTime)])
                case .success:
                    break
                case .failure(let error):
                    locked { issues.append(ScanIssue(path: path, errno: error.code)) }
                }
            }
        }
        finishedWork()
    }

    private func insert(_ batch: [MediaEntry]) {
        locked {
            for entry in batch where index[PathKey(entry.path)] == nil {
                index[PathKey(entry.path)] = entries.count
                entries.append(entry)
                live.append(true)
                unclassified += 1
            }
            changedLocked()
        }
        notifySubscribers()
        startWorkers()
    }

    private func classifyLoop() {
        var sinceNotify = 0
        while true {
            let next: (path: RawPath, urgent: Bool)? = locked {
                while !priority.isEmpty {
                    let path = priority.removeFirst()
                    if let i = index[PathKey(path)], live[i], entries[i].status == .pending { return (path, true) }
                }
                while classifyCursor < entries.count {
                    let i = classifyCursor
                    classifyCursor += 1
                    if live[i] && entries[i].status == .pending { return (entries[i].path, false) }
                }
                classifierRunning = false
                return nil
            }
            guard let (path, urgent) = next else { break }
            let outcome = classifier(path)
            locked {
                guard let i = index[PathKey(path)], live[i], entries[i].status == .pending else { return }
                unclassified -= 1
                switch outcome {
                case .media(let format, let width, let height, let duration):
                    entries[i].status = .media(format)
                    entries[i].pixelWidth = width
                    entries[i].pixelHeight = height
                    entries[i].duration = duration
                case .unreadable(let code):
                    entries[i].status = .unreadable(errno: code)
                case .notMedia, .vanished:
                    live[i] = false
                }
                changedLocked()
            }
            sinceNotify += 1
            if urgent || sinceNotify >= 256 {
                sinceNotify = 0
                notifySubscribers()
            }
            if locked({ cancelled }) { locked { classifierRunning = false }; break }
        }
        notifySubscribers()
        finishedWork()
    }

    private func finishedWork() {
        // The scanner may have added work after the classifier decided to stop.
        startWorkers()
        let waiters: [CheckedContinuation<Void, Never>] = locked {
            guard !isBusyLocked || cancelled else { return [] }
            defer { idleWaiters.removeAll() }
            return idleWaiters
        }
        waiters.forEach { $0.resume() }
        notifySubscribers()
    }

    private func changedLocked() { generation += 1 }

    private func notifySubscribers() {
        let targets = locked { Array(subscribers.values) }
        for continuation in targets { continuation.yield(()) }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        try mutex.withLock { _ in try body() }
    }
}
