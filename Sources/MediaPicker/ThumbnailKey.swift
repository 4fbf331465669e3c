import CellArt
import MediaDecoding
import Platform

/// What a finished tile depends on: the file's identity and version, and how it is drawn.
/// The memory cache is keyed by it.
public struct ThumbnailKey: Hashable, Sendable {
    /// The file.
    public var path: RawPath
    /// Its modification time when the tile was asked for.
    public var modificationTime: FileTime
    /// Its size then.
    public var byteSize: Int64
    /// Tile size, symbols and colours.
    public var options: ArtOptions

    /// Creates a key.
    public init(path: RawPath, modificationTime: FileTime, byteSize: Int64, options: ArtOptions) {
        self.path = path
        self.modificationTime = modificationTime
        self.byteSize = byteSize
        self.options = options
    }

    /// The key of `entry` drawn with `options`.
    public init(entry: MediaEntry, options: ArtOptions) {
        self.init(path: entry.path, modificationTime: entry.modificationTime, byteSize: entry.byteSize, options: options)
    }
}

/// Finished tiles, bounded by their total number of cells; the least recently used go first.
struct ThumbnailMemoryCache {
    let cellLimit: Int
    private var items: [ThumbnailKey: (image: CellImage, tick: Int)] = [:]
    private var cells = 0
    private var tick = 0

    init(cellLimit: Int) { self.cellLimit = cellLimit }

    var count: Int { items.count }

    mutating func get(_ key: ThumbnailKey) -> CellImage? {
        guard let item = items[key] else { return nil }
        tick += 1
        items[key] = (item.image, tick)
        return item.image
    }

    func peek(_ key: ThumbnailKey) -> CellImage? { items[key]?.image }

    mutating func insert(_ image: CellImage, for key: ThumbnailKey) {
        tick += 1
        if let old = items.updateValue((image, tick), forKey: key) { cells -= old.image.cells.count }
        cells += image.cells.count
        guard cells > cellLimit else { return }
        // Evict down to three quarters so eviction is rare.
        for (oldKey, item) in items.sorted(by: { $0.value.tick < $1.value.tick }) where cells > cellLimit * 3 / 4 && oldKey != key {
            items[oldKey] = nil
            cells -= item.image.cells.count
        }
    }
}
