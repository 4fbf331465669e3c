import MediaDecoding
import Synchronization
import Platform

/// Makes tiles off the main actor, at most one per core at a time: the tiles on screen
/// first, then the next page. Tiles that leave the wanted set are cancelled. A tile is
/// planned (stat, probe), its pixels taken from the pixel cache or decoded once (through the
/// disk cache), then rendered by the key's renderer; finished tiles are kept too, so the UI
/// never waits: it asks `state(for:)` and draws a placeholder until `.ready`.
///
/// A key names the file by the facts the picker's library took at its scan (path, size,
/// modification time), so a file rewritten or replaced since (`mv`, `cp -p`, an edit) keeps
/// its key. Each finished tile is kept with the version of the file it was made from
/// (`FileVersion`: device, inode, size, modification and status-change times), and each
/// `want` has the visible tiles' files stat-ed off the main actor (one job at a time, no
/// other system call); a tile whose file exists and is another version is made again, the
/// old one drawn until the new one is ready. A tile that failed after its file was stat-ed (a
/// broken or half-written file) is kept with that version too, and tried again the same way
/// once its file changes (a download that has finished). Whoever keeps the file's facts
/// hears of the version a tile was made from when it is not the one the key names
/// (`onFileChanged`), and the tile is kept under that version's key as well, so that the key
/// made from the new facts finds it.
@MainActor
public final class ThumbnailPipeline {
    /// Turns a key into a tile, asking `isCancelled` between steps. The default plans, finds
    /// or decodes the pixels and renders them; tests replace it with fakes.
    public typealias Work = @Sendable (ThumbnailKey, _ isCancelled: @escaping @Sendable () -> Bool) throws(ThumbnailError) -> RenderedThumbnail
    /// Decodes the pixels of a plan (the default is `Thumbnailer.pixels` through the disk cache).
    public typealias Decode = @Sendable (PixelPlan, _ isCancelled: @escaping @Sendable () -> Bool) throws(ThumbnailError) -> ThumbnailPixels
    /// Where a tile stands (the layer's one tile-state type).
    public typealias State = ThumbnailState

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
        /// Of those, tiles drawn in part, their file cut short (`PictureCut`).
        public var partial = 0
        /// Tiles failed.
        public var failed = 0
        /// Work items cancelled (queued or running).
        public var cancelled = 0
        /// Tiles made again because their file changed since they were made or failed (counted
        /// in `started` too).
        public var renewed = 0
    }

    /// How many tiles are made at once.
    public let concurrency: Int
    /// Called on the main actor when a tile becomes ready or fails.
    public var onUpdate: (@MainActor (ThumbnailKey) -> Void)?
    /// Called on the main actor, before `onUpdate`, when a tile was made (or failed) from a
    /// version of its file other than the one its key names, or other than the one it was
    /// made from before: the file as it is now, and its plan when the probe read it (nil when
    /// the probe failed). The picker's library takes the new size, time and header from it.
    public var onFileChanged: (@MainActor (ThumbnailKey, FileVersion, PixelPlan?) -> Void)?
    /// Every completion, in order.
    public let completions: AsyncStream<Completion>
    /// Counts since creation.
    public private(set) var statistics = Statistics()
    /// The decoded pixels, shared by the background work.
    public let pixels: ThumbnailPixelCache

    /// What a job returns: the tile or its failure, the version of the file it was made from
    /// (nil when the work does not say: a test's fake, or a failure at the stat) and its plan
    /// (nil when the probe failed too).
    private typealias Made = (result: Result<DrawnThumbnail, ThumbnailError>, file: FileVersion?, plan: PixelPlan?)

    /// A failed tile, with the version of the file it failed on (nil as in `Made`).
    private struct Failure {
        var error: ThumbnailError
        var file: FileVersion?
    }

    private let work: @Sendable (ThumbnailKey, _ isCancelled: @escaping @Sendable () -> Bool) -> Made
    private let scheduler: WorkScheduler
    private let completionSink: AsyncStream<Completion>.Continuation
    private var memory: ThumbnailMemoryCache
    private var failures: [ThumbnailKey: Failure] = [:]
    private var queue: [ThumbnailKey] = []
    private var running: [ThumbnailKey: (token: Int, cancel: @Sendable () -> Void)] = [:]
    private var nextToken = 0
    /// The tiles wanted now, and of them those on screen (whose files are checked).
    private var wanted = Set<ThumbnailKey>()
    private var visible: [ThumbnailKey] = []
    /// The last request's `ahead`, and the memory's eviction passes when it was worked out,
    /// while asking the same again would change nothing but the file check (see `want`); nil
    /// once something may have changed that (a failure forgotten, a wanted tile's work ending
    /// cancelled), so that the next request is worked out in full.
    private var settled: (ahead: [ThumbnailKey], evictionPasses: Int)?
    /// Finished or failed tiles whose file changed, queued or being made again (the old one
    /// is drawn meanwhile).
    private var renewing = Set<ThumbnailKey>()
    /// A check of the visible tiles' files is running; another was asked for meanwhile.
    private var checking = false
    private var checkAgain = false
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    private let cacheWrites = CacheWriteQueue()
    private var pendingWriteBatches = 0
    private var writeWaiters: [CheckedContinuation<Void, Never>] = []

    /// A pipeline making tiles with `work`; by default planning, decoding with `decode` (by
    /// default `Thumbnailer.pixels` through `diskCache`) into a pixel cache of
    /// `pixelByteLimit` bytes (and `largePixelByteLimit` for pictures larger than the disk
    /// cache's, see `ThumbnailPixelCache`), and rendering with each key's renderer. Rendered tiles are kept
    /// up to `memoryCellLimit` cells. The work runs on `scheduler` (shared with the library's
    /// classification when the host passes one, so visible tiles go before bulk work), or on a
    /// scheduler of its own `concurrency` threads wide.
    public init(concurrency: Int = ProcessEnvironment.activeProcessorCount(), memoryCellLimit: Int = 2_000_000,
                pixelByteLimit: Int = 96 << 20, largePixelByteLimit: Int = 16 << 20, diskCache: ThumbnailDiskCache? = nil,
                scheduler: WorkScheduler? = nil, decode: Decode? = nil, work: Work? = nil) {
        self.concurrency = max(1, concurrency)
        self.scheduler = scheduler ?? WorkScheduler(width: max(1, concurrency), name: "mediapick.tiles")
        self.memory = ThumbnailMemoryCache(cellLimit: memoryCellLimit)
        let pixels = ThumbnailPixelCache(byteLimit: pixelByteLimit, largeByteLimit: largePixelByteLimit)
        self.pixels = pixels
        if let work {
            self.work = { key, isCancelled in
                do throws(ThumbnailError) { return (.success(DrawnThumbnail(try work(key, isCancelled))), nil, nil) } catch { return (.failure(error), nil, nil) }
            }
        } else {
            self.work = Self.standardWork(pixels: pixels, decode: decode ?? Self.standardDecode(diskCache: diskCache, deferredWrites: cacheWrites))
        }
        (completions, completionSink) = AsyncStream<Completion>.makeStream(bufferingPolicy: .bufferingNewest(4096))
    }

    /// `Thumbnailer.pixels` through `diskCache`, its writes put off to `deferredWrites`.
    nonisolated private static func standardDecode(diskCache: ThumbnailDiskCache?, deferredWrites: CacheWriteQueue) -> Decode {
        { (plan: PixelPlan, isCancelled: @escaping @Sendable () -> Bool) throws(ThumbnailError) -> ThumbnailPixels in
            try Thumbnailer.pixels(for: plan, cache: diskCache, deferredWrites: deferredWrites, isCancelled: isCancelled)
        }
    }

    /// Plan, pixels from `pixels` or `decode`, render with the key's renderer; the plan's stat
    /// is the version of the file the tile shows, or failed on (when the failure came after it).
    nonisolated private static func standardWork(pixels: ThumbnailPixelCache, decode: @escaping Decode)
        -> @Sendable (ThumbnailKey, _ isCancelled: @escaping @Sendable () -> Bool) -> Made {
        { (key: ThumbnailKey, isCancelled: @escaping @Sendable () -> Bool) -> Made in
            let status: FileStat
            do throws(ThumbnailError) {
                status = try Thumbnailer.status(of: key.path)
            } catch {
                return (.failure(error), nil, nil)
            }
            let plan: PixelPlan
            do throws(ThumbnailError) {
                plan = try Thumbnailer.plan(for: key.path, status: status, in: key.size, renderer: key.renderer, isCancelled: isCancelled)
            } catch {
                return (.failure(error), FileVersion(path: key.path, status: status), nil)
            }
            do throws(ThumbnailError) {
                let source: ThumbnailPixels
                if let cached = pixels.get(plan.key) {
                    source = cached
                } else {
                    source = try decode(plan, isCancelled)
                    pixels.insert(source, for: plan.key)
                }
                let drawn = try Thumbnailer.render(source, in: key.size, renderer: key.renderer, isCancelled: isCancelled)
                return (.success(DrawnThumbnail(drawn, cut: source.cut)), plan.file, plan)
            } catch {
                return (.failure(error), plan.file, plan)
            }
        }
    }

    /// True when the file `version` names is there and is another version of it (rewritten,
    /// or replaced by another file); a file that is gone is left to the paths that look for
    /// that (a pick's check, a tile made anew), as before.
    nonisolated private static func hasChanged(_ version: FileVersion) -> Bool {
        guard case .success(let status) = FileStat.of(version.path) else { return false }
        return FileVersion(path: version.path, status: status) != version
    }

    /// The one place work leaves the main actor: `job` runs in the background with its
    /// cancellation check, then `finish` gets its result on the main actor. Returns what
    /// cancels the job. Running on another scheduler changes this function only.
    private func runInBackground<T: Sendable>(urgent: Bool, _ job: @escaping @Sendable (_ isCancelled: @escaping @Sendable () -> Bool) -> T,
                                              then finish: @escaping @MainActor @Sendable (T) -> Void) -> @Sendable () -> Void {
        // A job cancelled while still queued never runs and never calls `finish`: `want` has
        // already counted it as cancelled and taken it out of `running`.
        let ticket = scheduler.submit(priority: urgent ? .visible : .background) { ticket in
            let result = job { ticket.isCancelled }
            Task { @MainActor in finish(result) }
        }
        return { ticket.cancel() }
    }

    /// Writes the disk-cache entries made so far (they wait until the wanted tiles are done)
    /// and returns when they are on disk.
    public func waitForCacheWrites() async {
        scheduleCacheWrites()
        if pendingWriteBatches == 0 { return }
        await withCheckedContinuation { writeWaiters.append($0) }
    }

    private func scheduleCacheWrites() {
        let writes = cacheWrites.takeAll()
        guard !writes.isEmpty else { return }
        pendingWriteBatches += 1
        _ = runInBackground(urgent: false, { _ in for write in writes { write() } }, then: { [weak self] _ in
            guard let self else { return }
            pendingWriteBatches -= 1
            guard pendingWriteBatches == 0 else { return }
            let waiters = writeWaiters
            writeWaiters.removeAll()
            waiters.forEach { $0.resume() }
        })
    }

    /// The tile's state now; never blocks.
    public func state(for key: ThumbnailKey) -> ThumbnailState {
        if let tile = memory.get(key) { return tile.cut.map { .partial(tile.thumbnail, $0) } ?? .ready(tile.thumbnail) }
        if let failure = failures[key] { return .failed(failure.error) }
        return .loading
    }

    /// The tiles wanted now: `visible` first, then `ahead`. Work on anything else stops.
    /// The visible tiles already made or failed have their files checked (`hasChanged`), off
    /// the main actor, at every call, the same request again too: that is how a file rewritten
    /// while the screen stays as it is gets noticed (at the next key, or the next frame's layout).
    ///
    /// The same request as the last (the picker asks at every key and again at the frame's
    /// layout, the main screen at every key it handles) costs the comparison of the two and
    /// the file check only: what is queued, running, made or failed already follows from it,
    /// so the wanted set is not built, nor running and queue walked, again. A tile let go
    /// from memory since (`memoryCellLimit`) has the request worked out in full, as before,
    /// so that a wanted tile it let go is made again.
    public func want(visible: [ThumbnailKey], ahead: [ThumbnailKey] = []) {
        if let settled, settled.evictionPasses == memory.evictionPasses, visible == self.visible, ahead == settled.ahead {
            checkVisibleFiles()
            return
        }
        var wanted = Set<ThumbnailKey>()
        var order: [ThumbnailKey] = []
        for key in visible + ahead where wanted.insert(key).inserted { order.append(key) }
        self.wanted = wanted
        self.visible = visible
        renewing.formIntersection(wanted)
        for (key, item) in running where !wanted.contains(key) {
            item.cancel()
            running[key] = nil
            statistics.cancelled += 1
            completionSink.yield(.cancelled(key))
        }
        for key in queue where !wanted.contains(key) {
            statistics.cancelled += 1
            completionSink.yield(.cancelled(key))
        }
        queue = order.filter { running[$0] == nil && (renewing.contains($0) || (failures[$0] == nil && memory.peek($0) == nil)) }
        settled = (ahead, memory.evictionPasses)
        checkVisibleFiles()
        pump()
    }

    /// The cells of the rendered tiles kept in memory now (the bound is `memoryCellLimit`), and
    /// how many times the least recently used were let go to stay within it.
    public var memoryUse: (cells: Int, evictionPasses: Int) { (memory.cellCount, memory.evictionPasses) }

    /// True when nothing is queued, running or being checked.
    public var isIdle: Bool { queue.isEmpty && running.isEmpty && !checking }

    /// The version of the file a finished or failed tile was made from, when known.
    private func madeFrom(_ key: ThumbnailKey) -> FileVersion? { memory.peek(key)?.file ?? failures[key]?.file }

    /// Stats the files of the visible tiles already made or failed, in one background job (a
    /// `want` while it runs asks for one more after it); those found changed are made again.
    private func checkVisibleFiles() {
        guard !checking else {
            checkAgain = true
            return
        }
        let made = visible.compactMap { key -> (key: ThumbnailKey, file: FileVersion)? in
            guard running[key] == nil, !renewing.contains(key), let file = madeFrom(key) else { return nil }
            return (key, file)
        }
        guard !made.isEmpty else { return }
        checking = true
        _ = runInBackground(urgent: true, { _ in made.filter { Self.hasChanged($0.file) } },
                            then: { [weak self] changed in self?.renew(changed) })
    }

    /// Queues, first, the tiles whose file the check found changed that are still wanted and
    /// still as checked.
    private func renew(_ changed: [(key: ThumbnailKey, file: FileVersion)]) {
        checking = false
        var renewed: [ThumbnailKey] = []
        for (key, file) in changed where wanted.contains(key) && running[key] == nil && madeFrom(key) == file {
            if renewing.insert(key).inserted { renewed.append(key) }
        }
        statistics.renewed += renewed.count
        queue = renewed + queue.filter { !renewing.contains($0) }
        if checkAgain {
            checkAgain = false
            checkVisibleFiles()
        }
        pump()
    }

    /// Returns once every wanted tile is done (ready, failed or cancelled).
    public func waitUntilIdle() async {
        if isIdle { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// Forgets a failure (e.g. after the file changed) so the tile is tried again.
    public func forgetFailure(for key: ThumbnailKey) {
        failures[key] = nil
        // The next request queues it, unchanged or not.
        settled = nil
    }

    private func pump() {
        while running.count < concurrency, !queue.isEmpty {
            let key = queue.removeFirst()
            nextToken += 1
            let token = nextToken
            let work = work
            statistics.started += 1
            let cancel = runInBackground(urgent: true, { isCancelled in work(key, isCancelled) },
                                         then: { [weak self] made in self?.finish(key, token: token, made: made) })
            running[key] = (token, cancel)
        }
        if isIdle {
            scheduleCacheWrites()
            let waiters = idleWaiters
            idleWaiters.removeAll()
            waiters.forEach { $0.resume() }
        }
    }

    private func finish(_ key: ThumbnailKey, token: Int, made: Made) {
        // A cancelled item has already been accounted for; its late result is dropped.
        guard running[key]?.token == token else { pump(); return }
        running[key] = nil
        // A tile made again replaces the old one, which stays drawn if it was cancelled.
        let renewed = renewing.remove(key) != nil
        if case .failure(.cancelled) = made.result {
            // Still wanted (else it would have left `running` at the `want` that dropped it):
            // the next request, unchanged or not, queues it again, as it always did.
            settled = nil
            statistics.cancelled += 1
            completionSink.yield(.cancelled(key))
            onUpdate?(key)
            pump()
            return
        }
        // Kept under the key naming the version it was made from too: the key the picker makes
        // once its library has the file's new facts (a failure at the stat names none).
        var keys = [key]
        if let file = made.file {
            var current = key
            (current.modificationTime, current.byteSize) = (file.modificationTime, file.byteSize)
            if current != key && running[current] == nil { keys.append(current) }
        }
        switch made.result {
        case .success(let drawn):
            for key in keys {
                memory.insert(.init(thumbnail: drawn.thumbnail, cut: drawn.cut, file: made.file), for: key)
                failures[key] = nil
            }
            statistics.finished += 1
            if drawn.cut != nil { statistics.partial += 1 }
            completionSink.yield(.finished(key))
        case .failure(let error):
            for key in keys {
                memory.remove(key)
                failures[key] = Failure(error: error, file: made.file)
            }
            statistics.failed += 1
            completionSink.yield(.failed(key, error))
        }
        if let file = made.file, renewed || keys.count > 1 { onFileChanged?(key, file, made.plan) }
        onUpdate?(key)
        pump()
    }
}
