import Platform

/// A library following its folders (`MediaLibrary.watchFolders(every:)`) until cancelled or
/// released: a look at them every `interval`, and on Linux also soon after inotify says
/// something changed in one (`DirectoryNotifier`), so that a new picture appears at once
/// rather than within the interval. The looks themselves run on the library's scheduler,
/// never on the caller's actor; inotify only says when to look, so an event lost, or a
/// folder past the system's watch limit, costs only time until the next look.
///
/// Looks are paced: after one, the next waits `pacing` times as long as it took (at least
/// `minimumGap`). A look at a small folder takes well under a millisecond, so a picture saved
/// there still appears at once; one at a folder of 20,000 files that changes all the time
/// (the soak's, a file renamed every 250 ms) takes tens of milliseconds, and re-reading it
/// at every change took a third of the process's CPU and held the library's lock the main
/// actor reads, so keys waited. Paced, following costs at most about 1/`pacing` of a core.
public final class FolderWatch: Sendable {
    /// The next look waits this many times as long as the last one took.
    static let pacing = 20
    /// And at least this long (inotify's own settling is 100 ms).
    static let minimumGap: Duration = .milliseconds(100)

    private let ticker: Task<Void, Never>
    private let looker: Task<Void, Never>
    private let asks: AsyncStream<Void>.Continuation
    #if canImport(Glibc)
    private let notifier: DirectoryNotifier?
    #endif

    init(library: MediaLibrary, interval: Duration) {
        // Asks for a look (the timer's, inotify's); those made while one is under way or
        // waiting its turn are one.
        let (asks, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.asks = continuation
        #if canImport(Glibc)
        let notifier = DirectoryNotifier { continuation.yield() }
        self.notifier = notifier
        // How many of the library's folders (`followedFolders`) are watched.
        let watched = Locked(0)
        // The folders read so far are watched before this returns; later ones at each turn of
        // the timer (the first reading may still be under way) and after each look.
        if let notifier { _ = Self.watchNew(of: library, notifier, watched) }
        #endif
        // Weak: a watch forgotten by its owner must not keep the library (and its entries) alive.
        ticker = Task.detached(priority: .utility) { [weak library] in
            while !Task.isCancelled {
                #if canImport(Glibc)
                if let notifier, let library { _ = Self.watchNew(of: library, notifier, watched) }
                #endif
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled, library != nil else { return }
                continuation.yield()
            }
        }
        looker = Task.detached(priority: .utility) { [weak library] in
            for await _ in asks {
                let started = ContinuousClock.now
                do {
                    guard !Task.isCancelled, let library else { return }
                    await library.checkFolders()
                    #if canImport(Glibc)
                    // A folder the look read for the first time (made since, `-r`) is watched
                    // now, not at the timer's next turn, and looked at once more: a file made
                    // in it between its reading and its watch is told by no event.
                    if let notifier, Self.watchNew(of: library, notifier, watched) { continuation.yield() }
                    #endif
                }
                try? await Task.sleep(for: Self.gap(after: ContinuousClock.now - started))
            }
        }
    }

    #if canImport(Glibc)
    /// Has `notifier` watch the folders `library` has read since the last call (`watched`
    /// counts those asked for already); true when there were any.
    private static func watchNew(of library: MediaLibrary, _ notifier: DirectoryNotifier, _ watched: Locked<Int>) -> Bool {
        watched.withLock { count in
            let folders = library.followedFolders(after: count)
            folders.paths.forEach { notifier.watch($0) }
            count = folders.end
            return !folders.paths.isEmpty
        }
    }
    #endif

    /// How long after a look that took `took` the next may start.
    static func gap(after took: Duration) -> Duration {
        max(minimumGap, took * pacing)
    }

    /// Stops following: no look is asked for after this returns (one under way finishes).
    public func cancel() {
        ticker.cancel()
        looker.cancel()
        asks.finish()
        #if canImport(Glibc)
        notifier?.stop()
        #endif
    }

    deinit { cancel() }
}
