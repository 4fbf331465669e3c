import MediaDecoding
import Platform

extension MediaLibrary {
    /// Runs a job some time soon, on some thread, at a priority (`.visible` for the entries on
    /// screen, `.background` for the rest). A job is short (one bounded piece of work) and
    /// never blocks on another job, so any pool can run it.
    typealias JobRunner = @Sendable (WorkPriority, @escaping @Sendable () -> Void) -> Void

    /// The kinds of job; at most one of each is queued or running at a time, so folders are
    /// read in order and each job's follow-up is started by the job itself.
    enum Job: Sendable, Hashable {
        /// Reads a few folders of the walk under way, or takes one given file.
        case scan
        /// Classifies the prioritised entries (the ones on screen).
        case classifyVisible
        /// Classifies in the order found (prioritised entries first, when there are any).
        case classifyBulk

        var priority: WorkPriority { self == .classifyVisible ? .visible : .background }
    }

    /// Folders one scan job reads at most (a single huge folder is still read by one job).
    static let foldersPerJob = 64
    /// Entries one classification job classifies at most: a few milliseconds of work. At 64,
    /// handing over between jobs cost 100,000 files a tenth more time to classify.
    static let entriesPerJob = 512

    /// The jobs run on `scheduler` (the library cancels by itself, between jobs, so tickets
    /// are not kept).
    static func running(on scheduler: WorkScheduler) -> JobRunner {
        { priority, job in scheduler.submit(priority: priority) { _ in job() } }
    }

    /// Starts the jobs that have work and are not running yet.
    func startJobs() {
        submit(withState { $0.jobsToStart() })
    }

    private func submit(_ jobs: [Job]) {
        for job in jobs {
            run(job.priority) { [self] in
                switch job {
                case .scan: scanJob()
                case .classifyVisible, .classifyBulk: classifyJob(job)
                }
            }
        }
    }

    private func scanJob() {
        var unfinished: DirectoryScanner.Walk?
        switch withState({ $0.takeScanWork() }) {
        case .folder(var walk)?:
            read(&walk)
            unfinished = walk
        case .file(let path, let ordinal)?:
            switch FileStat.of(path) {
            case .success(let st) where st.isDirectory:
                var walk = DirectoryScanner.Walk(path, ordinal: ordinal)
                read(&walk)
                unfinished = walk
            case .success(let st) where st.isRegular:
                insert([MediaEntry(path: path, byteSize: st.byteSize, modificationTime: st.modificationTime, sourceOrdinal: ordinal)])
            case .success(let st):
                withState { $0.noteNotAFile(path, st) }
            case .failure(let error):
                withState { $0.note(ScanIssue(path: path, errno: error.code)) }
            }
        case nil:
            break
        }
        finish(.scan, keeping: unfinished)
    }

    /// Reads the next few folders of `walk`.
    private func read(_ walk: inout DirectoryScanner.Walk) {
        let scanner = DirectoryScanner(recursive: options.recursive, includeHidden: options.includeHidden)
        let (rootLength, ordinal) = (walk.rootLength, walk.ordinal)
        scanner.scan(&walk, folderLimit: Self.foldersPerJob, found: { insert($0) },
                     issue: { issue in withState { $0.note(issue) } },
                     skipped: { count in withState { $0.skippedFolders += count } },
                     // Each folder read is remembered, to be looked at again (`watchFolders`).
                     opened: { path, status in withState { $0.opened(path, status, rootLength: rootLength, ordinal: ordinal) } },
                     shouldStop: { withState { $0.cancelled } })
    }

    /// Lists newly found files and starts classifying them.
    func insert(_ batch: [MediaEntry]) {
        withState { $0.insert(batch) }
        notifySubscribers()
        startJobs()
    }

    private func classifyJob(_ job: Job) {
        for _ in 0..<Self.entriesPerJob {
            guard let claim = withState({ $0.claimNext(for: job) }) else { break }
            let outcome = classifier(claim.path)
            if withState({ $0.record(outcome, for: claim) }) { notifySubscribers() }
            if withState({ $0.cancelled }) { break }
        }
        finish(job)
    }

    /// Hands over to the next job; when this kind of work has stopped, wakes whoever waits.
    private func finish(_ job: Job, keeping unfinished: DirectoryScanner.Walk? = nil) {
        let finish = withState { $0.finish(job, keeping: unfinished) }
        submit(finish.next)
        guard finish.stopped else { return }
        if job != .scan { notifySubscribers() }
        finish.idleWaiters.forEach { $0.resume() }
        notifySubscribers()
    }
}
