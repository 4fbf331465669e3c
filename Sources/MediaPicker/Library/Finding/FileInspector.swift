#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MediaDecoding
import Platform

/// Reads a file's content just enough to say what it is. Used by the library's background
/// classification and for a single file when results are made.
enum FileInspector {
    /// What the content says.
    enum Outcome: Hashable, Sendable {
        /// `header`: a picture's header, as read (what `--export` judges it by, `JPEGCopy`).
        case media(MediaFormat, width: Int?, height: Int?, duration: Double?, header: ImageInfo? = nil)
        /// `format`: the picture format it is in, when mediapick knows it but does not read it (TIFF…).
        case notMedia(format: String? = nil)
        case unreadable(errno: Int32)
        case vanished
    }

    /// Reads the file's start (`MediaProbe`): format by content, image size or video duration.
    static func classify(_ path: RawPath) -> Outcome {
        do {
            let inspected = try MediaProbe.inspect(path: path)
            guard let probe = inspected.probe else { return .notMedia(format: inspected.unreadFormat) }
            if let info = probe.imageInfo {
                let size = info.displaySize
                return .media(probe.format, width: size.width, height: size.height, duration: nil, header: info)
            }
            if let video = probe.videoInfo {
                return .media(probe.format, width: video.width, height: video.height, duration: video.duration)
            }
            return .media(probe.format, width: nil, height: nil, duration: nil)
        } catch {
            if let failure = error.systemError { return failure.isMissing ? .vanished : .unreadable(errno: failure.code) }
            return .unreadable(errno: EIO)
        }
    }

    /// A complete entry for one path (stat + classify), or nil when it is gone, not a regular
    /// file, or not media.
    static func entry(for path: RawPath) -> MediaEntry? {
        guard case .success(let st) = FileStat.of(path), st.isRegular else { return nil }
        var entry = MediaEntry(path: path, byteSize: st.byteSize, modificationTime: st.modificationTime)
        switch classify(path) {
        case .media(let format, let width, let height, let duration, let header):
            entry.status = .media(format)
            entry.pixelWidth = width; entry.pixelHeight = height; entry.duration = duration
            entry.header = header
        case .unreadable(let code):
            entry.status = .unreadable(errno: code)
        case .notMedia, .vanished:
            return nil
        }
        return entry
    }
}
