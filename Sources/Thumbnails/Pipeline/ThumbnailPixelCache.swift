import Synchronization
import Platform

/// Decoded pixels shared by the background work, bounded by bytes; the least recently used
/// go first. A tile asked for again with other renderer options (colours, symbols, fit)
/// finds its pixels here and is only rendered again, not decoded.
public final class ThumbnailPixelCache: Sendable {
    private let state: Locked<BoundedCache<PixelKey, ThumbnailPixels>>

    /// A cache holding at most `byteLimit` bytes of pixels.
    public init(byteLimit: Int) {
        state = Locked(BoundedCache(costLimit: byteLimit, cost: \.byteCount))
    }

    /// The pixels for `key`, marked as just used.
    public func get(_ key: PixelKey) -> ThumbnailPixels? { state.withLock { $0.get(key) } }

    /// Keeps `pixels` for `key`.
    public func insert(_ pixels: ThumbnailPixels, for key: PixelKey) { state.withLock { $0.insert(pixels, for: key) } }

    /// How many entries are held.
    public var count: Int { state.withLock { $0.count } }

    /// The bytes held.
    public var byteCount: Int { state.withLock { $0.totalCost } }
}
