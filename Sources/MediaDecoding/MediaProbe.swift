/// A file's format and header information from one small read: what the picker needs to
/// classify and caption a file without decoding it.
public struct MediaProbe: Hashable, Sendable {
    /// Bytes read from the start of the file; enough for nearly every header.
    public static let prefixLength = 64 * 1024

    /// The format recognised from the content.
    public var format: MediaFormat
    /// Header information when the file is an image and its header could be read.
    public var imageInfo: ImageInfo?
    /// Container information when the file is a video.
    public var videoInfo: VideoInfo?
    /// Why the header could not be read, when the format is known but the header is bad.
    public var error: DecodeError?

    /// Creates a probe result.
    public init(format: MediaFormat, imageInfo: ImageInfo? = nil, videoInfo: VideoInfo? = nil, error: DecodeError? = nil) {
        self.format = format
        self.imageInfo = imageInfo
        self.videoInfo = videoInfo
        self.error = error
    }

    /// Reads the start of the file at `path` (64 KB; a little more only when the header lies
    /// further, as in a JPEG with large metadata or an MP4 with its index at the end).
    /// Returns nil when the content is not media; throws only for I/O errors.
    public static func read(path: RawPath) throws(DecodeError) -> MediaProbe? {
        let file = try FileIO.OpenFile(path)
        let prefix = try file.read(at: 0, count: prefixLength)
        let r = ByteReader(prefix)
        guard let format = FormatSniffer.sniff(r) else { return nil }
        if format.kind == .video {
            return MediaProbe(format: format, videoInfo: try VideoContainer.info(format, file: file, prefix: r))
        }
        let whole = prefix.count >= file.size
        do {
            return MediaProbe(format: format, imageInfo: try ImageHeader.info(format, r, isWholeFile: whole))
        } catch {
            if case .truncated = error, !whole {
                // The header lies beyond the prefix: read a megabyte, then the whole file (HEIF).
                return try retry(format, file: file)
            }
            return MediaProbe(format: format, error: error)
        }
    }

    private static func retry(_ format: MediaFormat, file: FileIO.OpenFile) throws(DecodeError) -> MediaProbe {
        let bigger = try file.read(at: 0, count: 1 << 20)
        let whole = bigger.count >= file.size
        do {
            return MediaProbe(format: format, imageInfo: try ImageHeader.info(format, ByteReader(bigger), isWholeFile: whole))
        } catch {
            if format == .heif || format == .avif {
                do {
                    return MediaProbe(format: format, imageInfo: try ImageDecoder.heifInfoFromLibrary(try file.readAll(), format))
                } catch {
                    return MediaProbe(format: format, error: error)
                }
            }
            return MediaProbe(format: format, error: error)
        }
    }
}
