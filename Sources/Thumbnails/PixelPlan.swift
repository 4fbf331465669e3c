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
    /// A picture's header as the probe read it (what the library keeps for `--export`'s rule).
    public var header: ImageInfo?

    /// Creates a plan.
    public init(file: FileVersion, format: MediaFormat, original: PixelSize?, duration: Double?, wanted: PixelSize,
                header: ImageInfo? = nil) {
        self.file = file
        self.format = format
        self.original = original
        self.duration = duration
        self.wanted = wanted
        self.header = header
    }

    /// Assumed when the file does not say its size (a 16:9 video frame).
    public static let unknownSize = PixelSize(width: 16, height: 9)

    /// The picture's size, or `unknownSize`.
    public var sourceSize: PixelSize { original ?? Self.unknownSize }

    /// The disk cache's size class the pixels are decoded to and cached in: `large` (256 px)
    /// for every tile that fits in it, nil when the tile is larger. Never `normal`: one
    /// intermediate for all tile sizes makes a file's first view (decoded now) and its later
    /// views (from whichever entry an earlier, larger tile wrote) the same pixels, and cell art
    /// sampled from 128 px loses detail that 256 px keeps (issue 14: ΔE 3.39 against 2.95 on a
    /// 2560x1600 photograph in sextants at 40x20).
    public var bucket: ThumbnailDiskCache.Bucket? { Self.bucket(wanted: wanted) }

    /// `bucket` for `wanted` pixels.
    static func bucket(wanted: PixelSize) -> ThumbnailDiskCache.Bucket? {
        ThumbnailDiskCache.Bucket.fitting(wanted.longestSide) == nil ? nil : .large
    }

    /// The size an image is decoded to: fitted within the bucket, else the wanted size.
    public var decodeSize: PixelSize { Self.decodeSize(source: sourceSize, wanted: wanted) }

    /// `decodeSize` of a picture of `source` pixels when the renderer wants `wanted` (also what
    /// `mediapick-bench render` hands the renderer, to time it on the pixels it really gets).
    public static func decodeSize(source: PixelSize, wanted: PixelSize) -> PixelSize {
        bucket(wanted: wanted).map { source.fitted(within: $0.pixels) } ?? wanted
    }

    /// The longest side of the pixels decoded: the bucket's, else the wanted longest side.
    public var box: Int { bucket?.pixels ?? wanted.longestSide }

    /// The pixel cache's key.
    public var key: PixelKey { PixelKey(file: file, box: box) }
}
