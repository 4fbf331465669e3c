#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CellArt
import MediaDecoding
import Platform

/// Why a thumbnail could not be made; says what a user needs to know.
public enum ThumbnailError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is no longer there.
    case vanished(path: String)
    /// The file cannot be opened or read (`errno`).
    case unreadable(path: String, errno: Int32)
    /// The content is neither an image nor a video this build knows.
    case notMedia(path: String)
    /// The decoder refused the content.
    case decode(path: String, DecodeError)
    /// An earlier attempt failed for this very version of the file (recorded under `fail/`).
    case failedBefore(path: String)
    /// The work was cancelled (the tile scrolled away).
    case cancelled

    /// One line for a user.
    public var description: String {
        switch self {
        case .vanished(let path): return "\(path): no such file"
        case .unreadable(let path, let code): return "\(path): \(String(cString: strerror(code)))"
        case .notMedia(let path): return "\(path): not an image or video"
        case .decode(let path, let error): return "\(path): \(error)"
        case .failedBefore(let path): return "\(path): cannot be read (it failed before; --no-cache tries again and says why)"
        case .cancelled: return "cancelled"
        }
    }
}

/// One file to one thumbnail: sniff, decode at the size the renderer wants (through the disk
/// cache when given), render to cells. The picker's tiles and `mediapick thumb` both call this.
public enum Thumbnailer {
    /// The thumbnail of the file at `path`, `options.columns` x `options.rows` cells. Videos get
    /// a poster frame (ffmpegthumbnailer/ffmpeg, else their MJPEG first frame) or a film strip.
    /// Checks for task cancellation between steps.
    public static func thumbnail(for path: RawPath, options: ArtOptions, cache: ThumbnailDiskCache? = nil) throws(ThumbnailError) -> CellImage {
        try thumbnail(for: path, options: options, cache: cache, deferredWrites: nil)
    }

    /// The same, with the disk-cache write handed to `deferredWrites` instead of done now
    /// (the pipeline writes once the screen's tiles are done, so writing never delays a tile).
    static func thumbnail(for path: RawPath, options: ArtOptions, cache: ThumbnailDiskCache?,
                          deferredWrites: CacheWriteQueue?) throws(ThumbnailError) -> CellImage {
        switch try pixels(for: path, options: options, cache: cache, deferredWrites: deferredWrites) {
        case .image(let image):
            try checkCancellation()
            return CellRenderer.render(image, options: options)
        case .noPoster(let duration):
            return FilmStrip.placeholder(options: options, duration: duration)
        }
    }

    /// What a thumbnail is drawn from.
    enum Source {
        case image(PixelImage)
        case noPoster(duration: Double?)
    }

    /// The pixels to render for `path` (from the disk cache when it holds a matching entry).
    static func pixels(for path: RawPath, options: ArtOptions, cache: ThumbnailDiskCache?,
                       deferredWrites: CacheWriteQueue? = nil) throws(ThumbnailError) -> Source {
        let name = path.string
        let st: FileStat
        switch FileStat.of(path) {
        case .success(let value): st = value
        case .failure(let error):
            throw error.code == ENOENT || error.code == ENOTDIR ? .vanished(path: name) : .unreadable(path: name, errno: error.code)
        }
        // One small read says what the file is and how big (as the library's classification does).
        let probed: MediaProbe?
        do throws(DecodeError) {
            probed = try MediaProbe.read(path: path)
        } catch {
            throw failure(error, name: name)
        }
        guard let probe = probed else { throw .notMedia(path: name) }
        try checkCancellation()
        let format = probe.format
        var original: (width: Int, height: Int)? = probe.imageInfo.map { $0.displaySize }
        let duration = probe.videoInfo?.duration
        if let w = probe.videoInfo?.width, let h = probe.videoInfo?.height { original = (w, h) }
        let source = original ?? (16, 9)
        let wanted = CellRenderer.preferredPixelSize(imageWidth: source.width, imageHeight: source.height, options: options)
        let bucket = ThumbnailDiskCache.Bucket.fitting(max(wanted.width, wanted.height))
        let usable = cache.flatMap { bucket != nil && !$0.contains(path) ? $0 : nil }

        if let usable, let bucket {
            if let cached = usable.load(for: path, modificationTime: st.modificationTime, byteSize: st.byteSize, bucket: bucket) {
                return .image(cached)
            }
            if usable.hasFailure(for: path, modificationTime: st.modificationTime, byteSize: st.byteSize) {
                throw .failedBefore(path: name)
            }
        }
        try checkCancellation()

        var image: PixelImage
        if format.kind == .image {
            let target = bucket.map { fitted(source, within: $0.pixels) } ?? wanted
            do throws(DecodeError) {
                image = try ImageDecoder.decode(path: path, options: DecodeOptions(targetWidth: target.width, targetHeight: target.height))
            } catch {
                let failure = failure(error, name: name)
                if case .decode = failure {
                    usable?.recordFailure(for: path, modificationTime: st.modificationTime, byteSize: st.byteSize)
                }
                throw failure
            }
        } else {
            let size = bucket?.pixels ?? max(wanted.width, wanted.height)
            guard let poster = VideoPoster.frame(path: path, size: size, duration: duration) ?? VideoProbe.mjpegFirstFrame(path: path, size: size) else {
                return .noPoster(duration: duration)
            }
            image = poster
        }
        if let bucket { image = ImageScaling.fit(image, within: bucket.pixels) }
        if let usable, let bucket {
            let finished = image, originalSize = original
            let write: @Sendable () -> Void = {
                usable.store(finished, for: path, modificationTime: st.modificationTime, byteSize: st.byteSize,
                             original: originalSize, mimeType: format.mimeType, bucket: bucket)
            }
            if let deferredWrites { deferredWrites.add(write) } else { write() }
        }
        return .image(image)
    }

    /// `size` scaled to fit inside `box`x`box`, never enlarged.
    static func fitted(_ size: (width: Int, height: Int), within box: Int) -> (width: Int, height: Int) {
        let longest = max(size.width, size.height, 1)
        guard longest > box else { return (max(1, size.width), max(1, size.height)) }
        return (max(1, size.width * box / longest), max(1, size.height * box / longest))
    }

    /// A decoder's error as the thumbnail's: a gone or unreadable file says so.
    private static func failure(_ error: DecodeError, name: String) -> ThumbnailError {
        if case .io(_, let code, _) = error { return code == ENOENT || code == ENOTDIR ? .vanished(path: name) : .unreadable(path: name, errno: code) }
        return .decode(path: name, error)
    }

    private static func checkCancellation() throws(ThumbnailError) {
        if Task.isCancelled { throw .cancelled }
    }
}
