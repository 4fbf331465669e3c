import CellArt
import MediaDecoding
import Synchronization
import Platform

/// Makes tiles off the main actor, at most one per core at a time: the tiles on screen
/// first, then the next page. Tiles that leave the wanted set are cancelled. Finished tiles
/// are kept in a bounded memory cache; the decoded pixels go through the disk cache.
/// The UI never waits: it asks `state(for:)` and draws a placeholder until `.ready`.
@MainActor
public final class ThumbnailPipeline {
    /// Turns a key into a tile; the default is `Thumbnailer.thumbnail` with the disk cache.
    public typealias Work = @Sendable (ThumbnailKey) throws(ThumbnailError) -> CellImage

    /// Where a tile stands.
    public enum State: Hashable, Sendable {
        /// Not asked for yet, waiting, or being made.
        case loading
        /// Done.
        case ready(CellImage)
        /// Failed for good (until the file changes).
        case failed(ThumbnailError)
    }

    /// One finished piece of work, for observers and tests.
    public enum Completion: Hashable, Sendable {
        /// A tile is ready.
        case finished(ThumbnailKey)
        /// A tile failed.
        case failed(ThumbnailKey, ThumbnailError)
        /// A tile was dropped from the wanted set before it was done.
        case cancelled(ThumbnailKey)
    }

    /// Counts since creation.
    public struct Statistics: Hashable, Sendable {
        /// Work items started.
        public var started = 0
        /// Tiles finished.
        public var finished = 0
        /// Tiles failed.
        public var failed = 0
        /// Work items cancelled (queued or running).
        public var cancelled = 0
    }

    /// How many tiles are made at once.
    public let concurrency: Int
    /// Called on the main actor when a tile becomes ready or fails.
    public var onUpdate: (@MainActor (ThumbnailKey) -> Void)?
    /// Every completion, in order.
    public let completions: AsyncStream<Completion>
    /// Counts since creation.
    public private(set) var statistics = Statistics()

    private let work: Work
    private let completionSink: AsyncStream<Completion>.Continuation
    private var memory: ThumbnailMemoryCache
    private var failures: [ThumbnailKey: ThumbnailError] = [:]
    private var queue: [ThumbnailKey] = []
    private var running: [ThumbnailKey: (token: Int, task: Task<Void, Never>)] = [:]
    private var nextToken = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    private let cacheWrites = CacheWriteQueue()
    private var cacheWriteTask: Task<Void, Never>?

    /// A pipeline running `work` (by default `Thumbnailer.thumbnail` through `diskCache`).
    public init(concurrency: Int = ProcessEnvironment.activeProcessorCount(), memoryCellLimit: Int = 2_000_000,
                diskCache: ThumbnailDiskCache? = nil, work: Work? = nil) {
        self.concurrency = max(1, concurrency)
        self.memory = ThumbnailMemoryCache(cellLimit: memoryCellLimit)
        if let work {
            self.work = work
        } else {
            self.work = Self.standardWork(diskCache: diskCache, deferredWrites: cacheWrites)
        }
        (completions, completionSink) = AsyncStream<Completion>.makeStream(bufferingPolicy: .bufferingNewest(4096))
    }

    /// `Thumbnailer.thumbnail` through `diskCache`.
    nonisolated static func standardWork(diskCache: ThumbnailDiskCache?, deferredWrites: CacheWriteQueue? = nil) -> Work {
        { (key: ThumbnailKey) throws(ThumbnailError) -> CellImage in
            try Thumbnailer.thumbnail(for: key.path, options: key.options, cache: diskCache, deferredWrites: deferredWrites)
        }
    }

    /// Writes the disk-cache entries made so far (they wait until the wanted tiles are done)
    /// and returns when they are on disk.
    public func waitForCacheWrites() async {
        scheduleCacheWrites()
        await cacheWriteTask?.value
    }

    private func scheduleCacheWrites() {
        let writes = cacheWrites.takeAll()
        guard !writes.isEmpty else { return }
        let previous = cacheWriteTask
        cacheWriteTask = Task.detached(priority: .utility) {
            await previous?.value
            for write in writes { write() }
        }
    }

    /// The tile's state now; never blocks.
    public func state(for key: ThumbnailKey) -> State {
        if let image = memory.get(key) { return .ready(image) }
        if let error = failures[key] { return .failed(error) }
        return .loading
    }

    /// The tiles wanted now: `visible` first, then `ahead`. Work on anything else stops.
    public func want(visible: [ThumbnailKey], ahead: [ThumbnailKey] = []) {
        var wanted = Set<ThumbnailKey>()
        var order: [ThumbnailKey] = []
        for key in visible + ahead where wanted.insert(key).inserted { order.append(key) }
        for (key, item) in running where !wanted.contains(key) {
            item.task.cancel()
            running[key] = nil
            statistics.cancelled += 1
            completionSink.yield(.cancelled(key))
        }
        for key in queue where !wanted.contains(key) {
            statistics.cancelled += 1
            completionSink.yield(.cancelled(key))
        }
        queue = order.filter { running[$0] == nil && memory.peek($0) == nil && failures[$0] == nil }
        pump()
    }

    /// True when nothing is queued or running.
    public var isIdle: Bool { queue.isEmpty && running.isEmpty }

    /// Returns once every wanted tile is done (ready, failed or cancelled).
    public func waitUntilIdle() async {
        if isIdle { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// Forgets a failure (e.g. after the file changed) so the tile is tried again.
    public func forgetFailure(for key: ThumbnailKey) { failures[key] = nil }

    private func pump() {
        while running.count < concurrency, !queue.isEmpty {
            let key = queue.removeFirst()
            nextToken += 1
            let token = nextToken
            let work = work
            statistics.started += 1
            let task = Task.detached(priority: .userInitiated) { [weak self] in
                let result: Result<CellImage, ThumbnailError>
                do throws(ThumbnailError) {
                    result = .success(try work(key))
                } catch {
                    result = .failure(error)
                }
                await self?.finish(key, token: token, result: result)
            }
            running[key] = (token, task)
        }
        if isIdle {
            scheduleCacheWrites()
            let waiters = idleWaiters
            idleWaiters.removeAll()
            waiters.forEach { $0.resume() }
        }
    }

    private func finish(_ key: ThumbnailKey, token: Int, result: Result<CellImage, ThumbnailError>) {
        // A cancelled item has already been accounted for; its late result is dropped.
        guard running[key]?.token == token else { pump(); return }
        running[key] = nil
        switch result {
        case .success(let image):
            memory.insert(image, for: key)
            statistics.finished += 1
            completionSink.yield(.finished(key))
        case .failure(.cancelled):
            statistics.cancelled += 1
            completionSink.yield(.cancelled(key))
        case .failure(let error):
            failures[key] = error
            statistics.failed += 1
            completionSink.yield(.failed(key, error))
        }
        onUpdate?(key)
        pump()
    }
}

/// Disk-cache writes put off until the screen's tiles are done.
///
final class CacheWriteQueue: Sendable {
    private let pending = Mutex<[@Sendable () -> Void]>([])

    func add(_ write: @escaping @Sendable () -> Void) { pending.withLock { $0.append(write) } }

    func takeAll() -> [@Sendable () -> Void] {
        pending.withLock { writes in
            defer { writes.removeAll() }
            return writes
        }
    }
}
