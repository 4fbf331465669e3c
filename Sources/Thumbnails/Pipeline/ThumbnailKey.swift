import MediaDecoding
import Platform

/// What a finished tile depends on: the file's identity and version, the tile's size in
/// cells and the renderer (with its options). The rendered-tile cache is keyed by it.
public struct ThumbnailKey: Hashable, Sendable {
    /// The file.
    public var path: RawPath
    /// Its modification time when the tile was asked for.
    public var modificationTime: FileTime
    /// Its size then.
    public var byteSize: Int64
    /// The tile's size in cells.
    public var size: TileSize
    /// What draws the pixels.
    public var renderer: AnyThumbnailRenderer

    /// Creates a key.
    public init(path: RawPath, modificationTime: FileTime, byteSize: Int64, size: TileSize, renderer: some ThumbnailRenderer) {
        self.path = path
        self.modificationTime = modificationTime
        self.byteSize = byteSize
        self.size = size
        self.renderer = AnyThumbnailRenderer(renderer)
    }
}
