/// Rendered tiles, bounded by their total number of cells; the least recently used go first.
/// Rendering cell art costs milliseconds per tile, so finished tiles are kept as well as pixels.
/// Each is kept with the version of the file it was made from, so that a file changed since
/// can be told (`ThumbnailPipeline`'s check of the visible tiles).
struct ThumbnailMemoryCache {
    /// A finished tile, the mark of a partial picture, and the file it was made from (nil when
    /// the work did not say: a test's fake).
    struct Tile: Sendable {
        var thumbnail: RenderedThumbnail
        var cut: PictureCut?
        var file: FileVersion?
    }

    private var cache: BoundedCache<ThumbnailKey, Tile>

    init(cellLimit: Int) { cache = BoundedCache(costLimit: cellLimit, cost: \.thumbnail.cost) }

    var count: Int { cache.count }
    /// The cells held now.
    var cellCount: Int { cache.totalCost }
    /// How many times the least recently used tiles were let go.
    var evictionPasses: Int { cache.evictionPasses }

    mutating func get(_ key: ThumbnailKey) -> Tile? { cache.get(key) }

    func peek(_ key: ThumbnailKey) -> Tile? { cache.peek(key) }

    mutating func insert(_ tile: Tile, for key: ThumbnailKey) { cache.insert(tile, for: key) }

    mutating func remove(_ key: ThumbnailKey) { cache.remove(key) }
}
