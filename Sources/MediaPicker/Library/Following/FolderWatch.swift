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
        // The folders read so far are watched before this returns; later ones at each turn.
        let folders = library.followedFolders(after: 0)
        if let notifier { folders.paths.forEach { notifier.watch($0) } }
        let start = folders.end
        #else
        let start = 0
        #endif
        // Weak: a watch forgotten by its owner must not keep the library (and its entries) alive.
        ticker = Task.detached(priority: .utility) { [weak library] in
            var watched = start
            while !Task.isCancelled {
                #if canImport(Glibc)
                // The folders read since the last turn (the first reading may still be under way).
                if let notifier, let folders = library?.followedFolders(after: watched) {
                    folders.paths.forEach { notifier.watch($0) }
                    watched = folders.end
                }
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
                }
                try? await Task.sleep(for: Self.gap(after: ContinuousClock.now - started))
            }
        }
    }

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
