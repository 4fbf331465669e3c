/// Container metadata for the video formats, read in Swift with bounds checks.
enum VideoContainer {
    /// The information of the video whose first bytes are `prefix`; `file` gives more when
    /// the container keeps it further on (an MP4 index at the end).
    static func info(_ format: MediaFormat, file: SourceFile, prefix: ByteReader) throws(DecodeError) -> VideoInfo {
        switch format {
        case .mp4, .quickTime: return try MP4Reader.info(format, file: file, prefix: prefix)
        case .matroska, .webm: return MatroskaReader.info(format, prefix)
        case .avi: return AVIReader.info(prefix)
        default: return VideoInfo(format: format)
        }
    }
}
