import MediaDecoding

/// What a thumbnail needs decoded, known after a stat and a small probe of the file.
public struct PixelPlan: Hashable, Sendable {
    /// The file's version as it is now.
    public var file: FileVersion
    /// What the content is.
    public var format: MediaFormat
    /// The picture's size as displayed (orientation applied), when the file says.
    public var original: PixelSize?
    /// A video's duration in seconds, when known.
    public var duration: Double?
    /// The pixels the renderer asked for.
    public var wanted: PixelSize

    /// Creates a plan.
    public init(file: FileVersion, format: MediaFormat, original: PixelSize?, duration: Double?, wanted: PixelSize) {
        self.file = file
        self.format = format
        self.original = original
        self.duration = duration
        self.wanted = wanted
    }

    /// Assumed when the file does not say its size (a 16:9 video frame).
    public static let unknownSize = PixelSize(width: 16, height: 9)

    /// The picture's size, or `unknownSize`.
    public var sourceSize: PixelSize { original ?? Self.unknownSize }

    /// The disk cache's size class that holds the wanted pixels, or nil when the tile is larger than any.
    public var bucket: ThumbnailDiskCache.Bucket? { ThumbnailDiskCache.Bucket.fitting(wanted.longestSide) }

    /// The longest side of the pixels decoded: the bucket's, else the wanted longest side.
    public var box: Int { bucket?.pixels ?? wanted.longestSide }

    /// The pixel cache's key.
    public var key: PixelKey { PixelKey(file: file, box: box) }
}
