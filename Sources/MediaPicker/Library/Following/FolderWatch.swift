/// A library following its folders (`MediaLibrary.watchFolders(every:)`): a timer that asks
/// for a look at them now and then, until cancelled or released. The looks themselves run on
/// the library's scheduler, never on the caller's actor.
public final class FolderWatch: Sendable {
    private let timer: Task<Void, Never>

    init(library: MediaLibrary, interval: Duration) {
        // Weak: a watch forgotten by its owner must not keep the library (and its entries) alive.
        timer = Task.detached(priority: .utility) { [weak library] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard !Task.isCancelled, let library else { return }
                library.requestFolderCheck()
            }
        }
    }

    /// Stops following: no look starts after this (one under way finishes).
    public func cancel() { timer.cancel() }

    deinit { timer.cancel() }
}
