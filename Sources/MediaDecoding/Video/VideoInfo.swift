/// What a video container says about its content, read in Swift with bounds checks.
public struct VideoInfo: Hashable, Sendable {
    /// The container format.
    public var format: MediaFormat
    /// Duration in seconds, when the container states it.
    public var duration: Double?
    /// Frame width in pixels, when known.
    public var width: Int?
    /// Frame height in pixels, when known.
    public var height: Int?
    /// The video codec's name or FourCC (`avc1`, `V_VP9`, `MJPG`), when known.
    public var codec: String?
    /// True when the container lists its tracks and they are sound alone, with no video
    /// (music or a voice recording in an MP4, QuickTime, Matroska or WebM file): not media
    /// mediapick shows.
    public var isAudioOnly = false

    /// Creates video information.
    public init(format: MediaFormat, duration: Double? = nil, width: Int? = nil, height: Int? = nil, codec: String? = nil) {
        self.format = format
        self.duration = duration
        self.width = width
        self.height = height
        self.codec = codec
    }
}
