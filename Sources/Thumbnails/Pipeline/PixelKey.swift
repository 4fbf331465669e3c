/// What decoded pixels depend on: the file's version and the pixel box they fit (the disk
/// cache's bucket, or the longest side asked for when a tile is larger than any bucket).
public struct PixelKey: Hashable, Sendable {
    /// The file's path, modification time and size.
    public var file: FileVersion
    /// The longest side the pixels fit in.
    public var box: Int

    /// Creates a key.
    public init(file: FileVersion, box: Int) {
        self.file = file
        self.box = box
    }
}
