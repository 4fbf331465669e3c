#if canImport(Glibc)
import Glibc
#endif
import MediaDecoding
import Platform

extension MediaLibrary {
    /// Everything about a library that changes, in one value behind one lock. Its methods
    /// are the library's bookkeeping; the slow parts (reading folders and files) happen
    /// outside, in jobs (MediaLibrary+Jobs.swift).
    struct State {
        /// Every file found, in the order found (dropped ones stay, marked not `live`, so
        /// indices never move).
        var entries: [MediaEntry] = []
        var live: [Bool] = []
        /// Position of each path in `entries` (keys hash the bytes in one call, not byte by byte).
        var index: [PathKey: Int] = [:]
        /// Every entry's path made absolute and normalised, so that `lib/a.jpg`, `./lib/a.jpg`
        /// and `/here/lib//a.jpg` are one entry (the first spelling stays). Built only once a
        /// second source is given: one folder cannot name a file twice, and 100,000 entries
        /// need not pay for it. Each spelling's value is its entry's place in `entries`.
        var spellings: [PathKey: Int]?
        /// Sources not yet started, in the order given.
        var sources: [LibrarySource] = []
        /// How many sources have been started: the next one's `sourceOrdinal`.
        var startedSources = 0
        /// Every source ever given (for `canonicalPath`).
        var givenSources: [LibrarySource] = []
        /// Whether `.workingFolder` is among `givenSources`: asked once per result, and the
        /// lines of stdin make 100,000 sources (searching them for each of 100,000 picks froze
        /// Enter for seconds).
        var givesWorkingFolder = false
        /// The folder being scanned, between two scan jobs (nil while a job holds it).
        var walk: DirectoryScanner.Walk?
        /// The kinds of job queued or running; at most one of each.
        var running: Set<Job> = []
        /// The next entry the bulk classification looks at.
        var classifyCursor = 0
        /// Entries a job is classifying now (the other job skips them).
        var claimed: Set<Int> = []
        var unclassified = 0
        /// The entries on screen, to classify first.
        var priority: [RawPath] = []
        var issues: [ScanIssue] = []
        /// How many of `issues` are paths not found (kept as a count: progress is read often).
        var missingIssues = 0
        /// Paths dropped after they were found (vanished, or not media after all), in the
        /// order dropped: the picker takes them out of its selection.
        var dropped: [RawPath] = []
        /// Sub-folders a scan that is not recursive passed by.
        var skippedFolders = 0
        /// How many files named by themselves were not media, and the first of them.
        var notMedia = 0
        var firstNotMedia: NotMediaFile?
        var generation = 0
        /// Classifications since subscribers were last told.
        var sinceNotify = 0
        var subscribers: [Int: AsyncStream<Void>.Continuation] = [:]
        var nextSubscriber = 0
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        var cancelled = false
        /// The folders read and what was found in them, for looking at them again (`checkFolders`).
        var followed = FollowedFolders()

        var isBusy: Bool {
            !running.isEmpty || !sources.isEmpty || walk != nil || (unclassified > 0 && !cancelled)
        }

        /// Keeps a path that could not be read or was not found.
        mutating func note(_ issue: ScanIssue) {
            issues.append(issue)
            if SystemError.isMissing(issue.errno) { missingIssues += 1 }
        }

        func snapshot() -> LibrarySnapshot {
            var result: [MediaEntry] = []
            result.reserveCapacity(entries.count)
            for i in entries.indices where live[i] { result.append(entries[i]) }
            return LibrarySnapshot(entries: result, isBusy: isBusy, pendingCount: unclassified,
                                   issues: issues, generation: generation)
        }

        func liveEntry(for path: RawPath) -> MediaEntry? {
            index[PathKey(path)].flatMap { live[$0] ? entries[$0] : nil }
        }

        mutating func cancel() {
            cancelled = true
            sources.removeAll()
            walk = nil
            priority.removeAll()
        }

        /// Replaces the priority request; true when there is something to classify first.
        mutating func prioritize(_ paths: [RawPath]) -> Bool {
            priority = paths.filter { path in index[PathKey(path)].map { live[$0] && entries[$0].status == .pending } ?? false }
            return !priority.isEmpty
        }

        /// Puts the entry at `path` back to be classified, first; false when it is not live or
        /// is waiting for that already.
        mutating func reclassify(_ path: RawPath) -> Bool {
            guard let i = index[PathKey(path)], live[i], entries[i].status != .pending else { return false }
            entries[i].status = .pending
            entries[i].header = nil
            unclassified += 1
            // First, and in any case again by the bulk job (the priority list is replaced by
            // the next screenful's): its cursor goes back to it.
            priority.append(path)
            classifyCursor = min(classifyCursor, i)
            generation += 1
            return true
        }

        /// Takes the facts of the file at `path` as it is now (found changed since the scan by
        /// its tile): its size and time, and for an entry classified as media what `probed`
        /// found (an entry waiting to be classified gets that from its classification). True
        /// when the entry changed.
        mutating func refresh(_ path: RawPath, byteSize: Int64, modificationTime: FileTime, probed: FileInspector.Outcome?) -> Bool {
            guard let i = index[PathKey(path)], live[i] else { return false }
            var entry = entries[i]
            (entry.byteSize, entry.modificationTime) = (byteSize, modificationTime)
            if case .media = entry.status, case .media(let format, let width, let height, let duration, let header)? = probed {
                entry.status = .media(format)
                (entry.pixelWidth, entry.pixelHeight, entry.duration, entry.header) = (width, height, duration, header)
            }
            guard entry != entries[i] else { return false }
            entries[i] = entry
            generation += 1
            return true
        }

        /// Counts a path named by itself (a line of stdin) that is no file at all, `status` a
        /// pipe, a socket or a device: left out, as a file not media is, and said so (it went
        /// without a word: `No media here` over three lines given).
        mutating func noteNotAFile(_ path: RawPath, _ status: FileStat) {
            notMedia += 1
            if firstNotMedia == nil { firstNotMedia = NotMediaFile(path: path, isEmpty: false, special: status.specialKind) }
        }

        /// Counts a file named by itself that `outcome` leaves out.
        private mutating func noteGiven(_ entry: MediaEntry, _ outcome: FileInspector.Outcome) {
            switch outcome {
            case .notMedia(let format):
                notMedia += 1
                if firstNotMedia == nil { firstNotMedia = NotMediaFile(path: entry.path, isEmpty: entry.byteSize == 0, format: format) }
            case .unreadable(let code): note(ScanIssue(path: entry.path, errno: code))
            case .vanished: note(ScanIssue(path: entry.path, errno: ENOENT))
            case .media: break
            }
        }

        mutating func markVanished(_ path: RawPath) {
            guard let i = index[PathKey(path)], live[i] else { return }
            if entries[i].status == .pending { unclassified -= 1 }
            live[i] = false
            dropped.append(path)
            generation += 1
        }

        // MARK: Jobs

        /// The jobs to start now (marked running): each kind that has work and is not running.
        mutating func jobsToStart() -> [Job] {
            guard !cancelled else { return [] }
            var wanted: [Job] = []
            if walk != nil || !sources.isEmpty { wanted.append(.scan) }
            if !priority.isEmpty { wanted.append(.classifyVisible) }
            if !priority.isEmpty || classifyCursor < entries.count { wanted.append(.classifyBulk) }
            return wanted.filter { running.insert($0).inserted }
        }

        /// The next piece of scanning: the folder walk under way, else the next source.
        mutating func takeScanWork() -> ScanWork? {
            guard !cancelled else { return nil }
            if let current = walk {
                walk = nil
                return .folder(current)
            }
            guard !sources.isEmpty else { return nil }
            let ordinal = startedSources
            startedSources += 1
            switch sources.removeFirst() {
            case .folder(let folder): return .folder(DirectoryScanner.Walk(folder, ordinal: ordinal))
            case .workingFolder: return .folder(DirectoryScanner.Walk(RawPath("."), ordinal: ordinal))
            case .file(let path): return .file(path, ordinal: ordinal)
            }
        }

        /// Adds newly found files (a path already known, however it is spelt, keeps its first
        /// spelling; given by itself, it is then named by that whole spelling, see `rootLength`).
        mutating func insert(_ batch: [MediaEntry]) {
            let directory = givenSources.count > 1 ? PathText.workingDirectory() : nil
            if givenSources.count > 1 && spellings == nil {
                var known: [PathKey: Int] = [:]
                for i in entries.indices { known[PathKey(PathText.absolute(entries[i].path, in: directory))] = i }
                spellings = known
            }
            for entry in batch {
                // (The spelling's key is worked out only when there are spellings to check.)
                let spelling = spellings == nil ? nil : PathKey(PathText.absolute(entry.path, in: directory))
                if let known = index[PathKey(entry.path)] ?? spelling.flatMap({ spellings?[$0] }) {
                    // A file dropped and found again (back after it vanished, or changed since it
                    // was not media) is a new entry, placed last in the order found, so that
                    // the grid merges it in as one (`GridOrder`); the old place stays dropped.
                    guard !live[known], followed.mayList(entry, droppedAt: known, was: entries[known]) else {
                        meet(entry, at: known)
                        continue
                    }
                }
                if let spelling { spellings?[spelling] = entries.count }
                index[PathKey(entry.path)] = entries.count
                followed.found(entries.count, at: entry.path)
                entries.append(entry)
                live.append(true)
                unclassified += 1
            }
            generation += 1
        }

        /// `entry` found again as the entry at `known`: a file given by itself (`rootLength` 0)
        /// that a folder's scan also found is named by its whole path, as given, whichever came first.
        private mutating func meet(_ entry: MediaEntry, at known: Int) {
            if entry.rootLength == 0 { entries[known].rootLength = 0 }
        }

        /// The next entry `job` should classify, marked claimed: a prioritised one first
        /// (urgent), then, for the bulk job, the next in the order found.
        mutating func claimNext(for job: Job) -> Claim? {
            while !priority.isEmpty {
                let path = priority.removeFirst()
                if let i = index[PathKey(path)], isClaimable(i) {
                    claimed.insert(i)
                    return Claim(index: i, path: path, urgent: true)
                }
            }
            guard job == .classifyBulk else { return nil }
            while classifyCursor < entries.count {
                let i = classifyCursor
                classifyCursor += 1
                if isClaimable(i) {
                    claimed.insert(i)
                    return Claim(index: i, path: entries[i].path, urgent: false)
                }
            }
            return nil
        }

        private func isClaimable(_ i: Int) -> Bool {
            live[i] && entries[i].status == .pending && !claimed.contains(i)
        }

        /// Records what a claimed entry turned out to be; true when subscribers should hear
        /// of it now (an entry on screen, or every 256 classifications).
        mutating func record(_ outcome: FileInspector.Outcome, for claim: Claim) -> Bool {
            let i = claim.index
            claimed.remove(i)
            if live[i] && entries[i].status == .pending {
                unclassified -= 1
                switch outcome {
                case .media(let format, let width, let height, let duration, let header):
                    entries[i].status = .media(format)
                    entries[i].header = header
                    entries[i].pixelWidth = width
                    entries[i].pixelHeight = height
                    entries[i].duration = duration
                case .unreadable(let code) where ExtensionHint.kind(of: entries[i].name) != nil:
                    entries[i].status = .unreadable(errno: code)
                    if code == EACCES || code == EPERM { followed.markedUnreadable(i, entries[i]) }
                case .unreadable, .notMedia, .vanished:
                    // An unreadable file whose name names no media kind is no more media than
                    // notes.txt; kept, it was on All but on no kind's tab, and the counts
                    // did not add up.
                    live[i] = false
                    dropped.append(entries[i].path)
                    switch outcome {
                    case .vanished: break
                    // Not for its permissions (a read error): no `chmod` will make it readable.
                    case .unreadable(let code) where code == EACCES || code == EPERM:
                        followed.keepOut(i, entries[i], unreadable: true, now: FileTime.now)
                    default: followed.keepOut(i, entries[i], unreadable: false, now: FileTime.now)
                    }
                    // A file named by itself (rootLength 0) was asked for: the sheet says why
                    // it is not shown, as it does for a path that is missing.
                    if entries[i].rootLength == 0 { noteGiven(entries[i], outcome) }
                }
                if !followed.readableAgain.isEmpty { followed.readableAgain.remove(PathKey(entries[i].path)) }
                generation += 1
            }
            sinceNotify += 1
            guard claim.urgent || sinceNotify >= 256 else { return false }
            sinceNotify = 0
            return true
        }

        /// Ends a job of kind `job`, keeping an unfinished folder walk; returns the jobs to
        /// start next, whether `job`'s kind has stopped, and the idle waiters to wake.
        mutating func finish(_ job: Job, keeping unfinished: DirectoryScanner.Walk? = nil) -> Finish {
            if let unfinished, !unfinished.isDone, !cancelled { walk = unfinished }
            running.remove(job)
            let next = jobsToStart()
            var waiters: [CheckedContinuation<Void, Never>] = []
            if !isBusy || cancelled { swap(&waiters, &idleWaiters) }
            return Finish(next: next, stopped: !running.contains(job), idleWaiters: waiters)
        }
    }

    /// A piece of scanning handed to one job.
    enum ScanWork {
        case folder(DirectoryScanner.Walk)
        /// A file given by itself, the library's source number `ordinal`.
        case file(RawPath, ordinal: Int)
    }

    /// An entry a classification job has taken.
    struct Claim {
        var index: Int
        var path: RawPath
        var urgent: Bool
    }

    /// What a finished job leaves to do.
    struct Finish {
        var next: [Job]
        var stopped: Bool
        var idleWaiters: [CheckedContinuation<Void, Never>]
    }
}
