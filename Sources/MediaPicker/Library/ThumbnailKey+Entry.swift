import CellArt
import Thumbnails

extension ThumbnailKey {
    /// The key of `entry`'s cell-art tile drawn with `options`.
    public init(entry: MediaEntry, options: ArtOptions) {
        self.init(path: entry.path, modificationTime: entry.modificationTime, byteSize: entry.byteSize, options: options)
    }
}
