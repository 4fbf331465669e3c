/// Rendered tiles, bounded by their total number of cells; the least recently used go first.
/// Rendering cell art costs milliseconds per tile, so finished tiles are kept as well as pixels.
struct ThumbnailMemoryCache {
    private var cache: BoundedCache<ThumbnailKey, RenderedThumbnail>

    init(cellLimit: Int) { cache = BoundedCache(costLimit: cellLimit, cost: \.cost) }

    var count: Int { cache.count }
    /// The cells held now.
    var cellCount: Int { cache.totalCost }
    /// How many times the least recently used tiles were let go.
    var evictionPasses: Int { cache.evictionPasses }

    mutating func get(_ key: ThumbnailKey) -> RenderedThumbnail? { cache.get(key) }

    func peek(_ key: ThumbnailKey) -> RenderedThumbnail? { cache.peek(key) }

    mutating func insert(_ image: RenderedThumbnail, for key: ThumbnailKey) { cache.insert(image, for: key) }
}
