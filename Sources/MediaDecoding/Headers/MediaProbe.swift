import Platform
/// A file's format and header information from one small read: what the picker needs to
/// classify and caption a file without decoding it.
public struct MediaProbe: Hashable, Sendable {
    /// Bytes read first: enough for the headers of most images.
    public static let firstRead = 4096
    /// Bytes read from the start of a video, or of an image whose header lies further.
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

    /// Reads the start of the file at `path`: 4 KB for most images, a JPEG's markers one by
    /// one (skipping its metadata), 64 KB for videos (plus the index of an MP4 that keeps it
    /// at the end), more only when a header lies further.
    /// Returns nil when the content is not media; throws only for I/O errors.
    public static func read(path: RawPath) throws(DecodeError) -> MediaProbe? {
        try inspect(path: path).probe
    }

    /// As `read`, and for content that is not media the name of a picture format mediapick
    /// recognises but does not read (`unreadFormat`: TIFF, JPEG XL…), told from the same first
    /// read, so that saying why a file is left out costs no second one. A video container
    /// whose tracks are sound alone (music saved as WebM, a recording as MP4) is not media
    /// either: its `unreadFormat` is the container's name and `audioSuffix` ("WebM audio").
    public static func inspect(path: RawPath) throws(DecodeError) -> (probe: MediaProbe?, unreadFormat: String?) {
        let file = try SourceFile(path)
        let start = try file.read(at: 0, count: firstRead)
        let r = ByteReader(start)
        guard let format = FormatSniffer.sniff(r) else { return (nil, FormatSniffer.unreadFormat(r)) }
        let probe = try probe(format, file: file, start: start)
        if probe.videoInfo?.isAudioOnly == true { return (nil, FormatSniffer.containerName(format) + audioSuffix) }
        return (probe, nil)
    }

    /// What follows a container's name in the `unreadFormat` of a file that holds sound alone.
    public static let audioSuffix = " audio"

    /// The probe of a file whose first read, `start`, shows `format`.
    private static func probe(_ format: MediaFormat, file: SourceFile, start: [UInt8]) throws(DecodeError) -> MediaProbe {
        let r = ByteReader(start)
        if format.kind == .video {
            let prefix = start.count < file.size ? ByteReader(try file.read(at: 0, count: prefixLength)) : r
            return MediaProbe(format: format, videoInfo: try VideoContainer.info(format, file: file, prefix: prefix))
        }
        if format == .jpeg {
            // Marker by marker: metadata segments (EXIF thumbnails, ICC profiles) are skipped, not read.
            var failure: DecodeError?
            let header = JPEGHeader { offset, count in
                if let inStart = r.sub(offset, min(count, max(0, r.count - offset))), inStart.count == count { return inStart }
                do throws(DecodeError) { return ByteReader(try file.read(at: offset, count: count)) } catch {
                    failure = error
                    return nil
                }
            }
            if let failure { throw failure }
            guard let h = header else {
                return MediaProbe(format: .jpeg, error: .corrupt(detail: "no JPEG frame header"))
            }
            return MediaProbe(format: .jpeg, imageInfo: ImageInfo(format: .jpeg, width: h.width, height: h.height,
                                                                  orientation: h.orientation, coefficientBytes: h.multiScanCoefficientBytes,
                                                                  isNonInterleaved: h.nonInterleaved))
        }
        do {
            return MediaProbe(format: format, imageInfo: try ImageHeader.info(format, r, isWholeFile: start.count >= file.size))
        } catch {
            if case .truncated = error, start.count < file.size {
                // The header lies beyond the first read: 64 KB, a megabyte, then the whole file (HEIF).
                return try retry(format, file: file)
            }
            return MediaProbe(format: format, error: error)
        }
    }

    private static func retry(_ format: MediaFormat, file: SourceFile) throws(DecodeError) -> MediaProbe {
        let isHEIF = format == .heif || format == .avif
        for size in [prefixLength, 1 << 20] {
            let bigger = try file.read(at: 0, count: size)
            let whole = bigger.count >= file.size
            do {
                return MediaProbe(format: format, imageInfo: try ImageHeader.info(format, ByteReader(bigger), isWholeFile: whole))
            } catch {
                if case .truncated = error, !whole { continue }
                if isHEIF { break }
                return MediaProbe(format: format, error: error)
            }
        }
        guard isHEIF else {
            return MediaProbe(format: format, error: .truncated(detail: "the header lies beyond the first megabyte"))
        }
        // A meta box the Swift reader cannot follow: let libheif read the whole file.
        do {
            return MediaProbe(format: format, imageInfo: try ImageDecoder.heifInfoFromLibrary(try file.readAll(), format))
        } catch {
            return MediaProbe(format: format, error: error)
        }
    }
}
