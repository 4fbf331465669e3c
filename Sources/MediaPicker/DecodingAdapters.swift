import MediaDecoding

// The few calls into MediaDecoding whose shapes were still being settled when the picker
// was written; kept in one place so a change there is one edit here.

/// Video container metadata and the MJPEG first frame.
enum VideoProbe {
    /// Duration and frame size from the container, or nil when the container says nothing.
    static func info(path: RawPath, format: MediaFormat) -> VideoInfo? { nil }

    /// The first frame of a Motion-JPEG video, when it is one.
    static func mjpegFirstFrame(path: RawPath) -> PixelImage? { nil }
}

/// PNG with text chunks and MD5, for the freedesktop.org thumbnail cache.
enum CacheCodec {
    /// True when the codec functions below are real (the cache is off otherwise).
    static let isAvailable = false

    /// PNG bytes of `image` with `text` as tEXt chunks.
    static func encodePNG(_ image: PixelImage, text: [(key: String, value: String)]) -> [UInt8]? { nil }

    /// The tEXt/iTXt chunks of the PNG at `path`, or nil when it is not a readable PNG.
    static func readText(path: RawPath) -> [String: String]? { nil }

    /// Lower-case hex MD5 of `bytes`.
    static func md5Hex(_ bytes: [UInt8]) -> String { "" }
}
