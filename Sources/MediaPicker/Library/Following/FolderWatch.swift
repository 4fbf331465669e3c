import Platform

/// A library following its folders (`MediaLibrary.watchFolders(every:)`) until cancelled or
/// released: a look at them every `interval`, and on Linux also soon after inotify says
/// something changed in one (`DirectoryNotifier`), so that a new picture appears at once
/// rather than within the interval. The looks themselves run on the library's scheduler,
/// never on the caller's actor; inotify only says when to look, so an event lost, or a
/// folder past the system's watch limit, costs only time until the next look.
public final class FolderWatch: Sendable {
    private let timer: Task<Void, Never>
    #if canImport(Glibc)
    private let notifier: DirectoryNotifier?
    #endif

    init(library: MediaLibrary, interval: Duration) {
        #if canImport(Glibc)
        // Weak: a watch forgotten by its owner must not keep the library (and its entries) alive.
        let notifier = DirectoryNotifier { [weak library] in library?.requestFolderCheck() }
        self.notifier = notifier
        // The folders read so far are watched before this returns; later ones at each turn.
        let folders = library.followedFolders(after: 0)
        if let notifier { folders.paths.forEach { notifier.watch($0) } }
        let start = folders.end
        #else
        let start = 0
        #endif
        timer = Task.detached(priority: .utility) { [weak library] in
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
                guard !Task.isCancelled, let library else { return }
                library.requestFolderCheck()
            }
        }
    }

    /// Stops following: no look is asked for after this returns (one under way finishes).
    public func cancel() {
        timer.cancel()
        #if canImport(Glibc)
        notifier?.stop()
        #endif
    }

    deinit { cancel() }
}
