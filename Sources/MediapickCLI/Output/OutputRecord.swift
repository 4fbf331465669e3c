import MediaDecoding
import Platform

/// One picked file as the output prints it (what `--format json` reports).
public struct OutputRecord: Hashable, Sendable {
    /// The exact path bytes.
    public var path: RawPath
    /// Image or video, when known.
    public var kind: MediaKind?
    /// The MIME type, when known.
    public var mimeType: String?
    /// Pixel width, when known.
    public var width: Int?
    /// Pixel height, when known.
    public var height: Int?
    /// Size in bytes.
    public var byteSize: Int64
    /// Duration in seconds (videos), when known.
    public var duration: Double?
    /// Modification time, seconds since 1970 (UTC).
    public var modificationTime: Int64
    /// True for a picture whose file is cut short, drawn only in part (`--format json` then
    /// says `"partial":true`; set where the results are written, `CutPictureCheck`).
    public var partial = false

    /// A record.
    public init(path: RawPath, kind: MediaKind? = nil, mimeType: String? = nil, width: Int? = nil, height: Int? = nil,
                byteSize: Int64 = 0, duration: Double? = nil, modificationTime: Int64 = 0) {
        self.path = path
        self.kind = kind
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.byteSize = byteSize
        self.duration = duration
        self.modificationTime = modificationTime
    }
}
