import Synchronization
import Platform

/// Decoded pixels shared by the background work, bounded by bytes; the least recently used
/// go first. A tile asked for again with other renderer options (colours, symbols, fit)
/// finds its pixels here and is only rendered again, not decoded.
///
/// Two bounds: the disk cache's small pictures (256 px, 256 KB each) and the large ones that
/// colour tiles over 40x20 and the full-screen preview decode straight from the file
/// (`CellArtRenderer.oversampling`, up to 8 MB each). Sharing one bound let a dozen large
/// pictures push out hundreds of small ones, and the resident size swung by tens of MB with
/// them (issue 14's soak); the large ones get a bound of their own.
public final class ThumbnailPixelCache: Sendable {
    /// Hits and misses by size class, for the soak's report.
    public struct Statistics: Hashable, Sendable {
        /// Lookups of small pictures that found them.
        public var smallHits = 0
        /// Lookups of small pictures that did not.
        public var smallMisses = 0
        /// Lookups of large pictures that found them.
        public var largeHits = 0
        /// Lookups of large pictures that did not.
        public var largeMisses = 0
    }

    private struct State: Sendable {
        var small: BoundedCache<PixelKey, ThumbnailPixels>
        var large: BoundedCache<PixelKey, ThumbnailPixels>
        var statistics = Statistics()
    }

    private let state: Locked<State>
    /// Pictures whose longest side is over this go to the large bound.
    private let largestSmallBox: Int

    /// A cache holding at most `byteLimit` bytes of pictures up to `largestSmallBox` pixels
    /// on their longest side, and `largeByteLimit` bytes of larger ones.
    public init(byteLimit: Int, largeByteLimit: Int = 16 << 20,
                largestSmallBox: Int = ThumbnailDiskCache.Bucket.large.pixels) {
        state = Locked(State(small: BoundedCache(costLimit: byteLimit, cost: \.byteCount),
                             large: BoundedCache(costLimit: largeByteLimit, cost: \.byteCount)))
        self.largestSmallBox = largestSmallBox
    }

    /// The pixels for `key`, marked as just used.
    public func get(_ key: PixelKey) -> ThumbnailPixels? {
        let large = key.box > largestSmallBox
        return state.withLock { state in
            let found = large ? state.large.get(key) : state.small.get(key)
            switch (large, found != nil) {
            case (false, true): state.statistics.smallHits += 1
            case (false, false): state.statistics.smallMisses += 1
            case (true, true): state.statistics.largeHits += 1
            case (true, false): state.statistics.largeMisses += 1
            }
            return found
        }
    }

    /// Keeps `pixels` for `key`.
    public func insert(_ pixels: ThumbnailPixels, for key: PixelKey) {
        let large = key.box > largestSmallBox
        // The evicted pictures are freed here, after the lock is let go: freeing megabytes
        // (munmap) under it would hold up the other workers' lookups.
        let evicted = state.withLock { state in
            large ? state.large.insert(pixels, for: key) : state.small.insert(pixels, for: key)
        }
        withExtendedLifetime(evicted) {}
    }

    /// How many entries are held.
    public var count: Int { state.withLock { $0.small.count + $0.large.count } }

    /// The bytes held.
    public var byteCount: Int { state.withLock { $0.small.totalCost + $0.large.totalCost } }

    /// The bytes held in large pictures.
    public var largeByteCount: Int { state.withLock { $0.large.totalCost } }

    /// Hits and misses since creation.
    public var statistics: Statistics { state.withLock { $0.statistics } }
}
