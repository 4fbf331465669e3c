#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MediaDecoding
import Platform

/// One file to one thumbnail in three steps: `plan` (stat and a small probe: what the file is
/// and which pixels the renderer needs), `pixels` (decode once at that size, through the disk
/// cache when given) and `render` (the renderer draws them). The picker's tiles, the main
/// screen and `mediapick thumb` all come through here.
///
/// Every step takes `isCancelled`, asked between steps; the default asks the current task,
/// and a caller on another scheduler passes its own check.
public enum Thumbnailer {
    /// The thumbnail of the file at `path` drawn by `renderer` into `size`. Videos get a
    /// poster frame (ffmpegthumbnailer/ffmpeg, else their MJPEG first frame) or the
    /// renderer's placeholder.
    ///
    /// A partial picture (a file cut short) is drawn as far as it goes, unmarked: `drawing`
    /// says whether it is whole.
    public static func thumbnail(for path: RawPath, in size: TileSize, renderer: some ThumbnailRenderer,
                                 cache: ThumbnailDiskCache? = nil,
                                 isCancelled: @Sendable () -> Bool = { Task.isCancelled }) throws(ThumbnailError) -> RenderedThumbnail {
        try drawing(for: path, in: size, renderer: renderer, cache: cache, isCancelled: isCancelled).thumbnail
    }

    /// `thumbnail(for:in:renderer:cache:isCancelled:)` with the mark of a partial picture
    /// (`PictureCut`), which `mediapick thumb` reports.
    public static func drawing(for path: RawPath, in size: TileSize, renderer: some ThumbnailRenderer,
                               cache: ThumbnailDiskCache? = nil,
                               isCancelled: @Sendable () -> Bool = { Task.isCancelled }) throws(ThumbnailError) -> DrawnThumbnail {
        let plan = try plan(for: path, in: size, renderer: renderer, isCancelled: isCancelled)
        let source = try pixels(for: plan, cache: cache, isCancelled: isCancelled)
        return DrawnThumbnail(try render(source, in: size, renderer: renderer, isCancelled: isCancelled), cut: source.cut)
    }

    /// Stats and probes `path` and says which pixels `renderer` needs for a tile of `size`.
    public static func plan(for path: RawPath, in size: TileSize, renderer: some ThumbnailRenderer,
                            isCancelled: @Sendable () -> Bool = { Task.isCancelled }) throws(ThumbnailError) -> PixelPlan {
        try plan(for: path, status: status(of: path), in: size, renderer: renderer, isCancelled: isCancelled)
    }

    /// The stat a plan starts from; a file that is gone or cannot be stat-ed fails as its plan would.
    static func status(of path: RawPath) throws(ThumbnailError) -> FileStat {
        switch FileStat.of(path) {
        case .success(let value): return value
        case .failure(let error): throw error.isMissing ? .vanished(path: path.string) : .unreadable(path: path.string, errno: error.code)
        }
    }

    /// `plan(for:in:renderer:isCancelled:)` of the file at `path` that `st` (its stat, just taken) describes.
    static func plan(for path: RawPath, status st: FileStat, in size: TileSize, renderer: some ThumbnailRenderer,
                     isCancelled: @Sendable () -> Bool) throws(ThumbnailError) -> PixelPlan {
        let name = path.string
        if st.isRegular && st.byteSize == 0 { throw .empty(path: name) }
        // One small read says what the file is and how big (as the library's classification does).
        let inspected: (probe: MediaProbe?, unreadFormat: String?)
        do throws(DecodeError) {
            inspected = try MediaProbe.inspect(path: path)
        } catch {
            throw failure(error, name: name)
        }
        guard let probe = inspected.probe else { throw .notMedia(path: name, format: inspected.unreadFormat) }
        try check(isCancelled)
        var original: PixelSize? = probe.imageInfo.map { PixelSize(width: $0.displaySize.width, height: $0.displaySize.height) }
        if let w = probe.videoInfo?.width, let h = probe.videoInfo?.height { original = PixelSize(width: w, height: h) }
        let wanted = renderer.pixelSize(forImageOf: original ?? PixelPlan.unknownSize, in: size)
        return PixelPlan(file: FileVersion(path: path, status: st),
                         format: probe.format, original: original, duration: probe.videoInfo?.duration, wanted: wanted,
                         header: probe.imageInfo)
    }

    /// The pixels `plan` asks for: from the disk cache when it holds a matching entry, else
    /// decoded (and stored in the cache, now or through `deferredWrites`).
    public static func pixels(for plan: PixelPlan, cache: ThumbnailDiskCache?,
                              isCancelled: @Sendable () -> Bool = { Task.isCancelled }) throws(ThumbnailError) -> ThumbnailPixels {
        try pixels(for: plan, cache: cache, deferredWrites: nil, isCancelled: isCancelled)
    }

    static func pixels(for plan: PixelPlan, cache: ThumbnailDiskCache?, deferredWrites: CacheWriteQueue?,
                       isCancelled: @Sendable () -> Bool) throws(ThumbnailError) -> ThumbnailPixels {
        let file = plan.file, path = file.path, name = path.string
        let bucket = plan.bucket
        let usable = cache.flatMap { bucket != nil && !$0.contains(path) ? $0 : nil }
        if let usable, let bucket {
            if let cached = usable.load(for: file, bucket: bucket) {
                return .image(cached)
            }
            if let failure = usable.recordedFailure(for: file) {
                throw .failedBefore(path: name, reason: failure.reason)
            }
        }
        try check(isCancelled)

        var image: PixelImage
        if plan.format.kind == .image {
            let target = plan.decodeSize
            do throws(DecodeError) {
                image = try ImageDecoder.decode(path: path, options: DecodeOptions(targetWidth: target.width, targetHeight: target.height))
            } catch {
                // A file cut short (a download in progress): what came of its picture, marked,
                // and neither stored in the disk cache nor recorded as a failure. Stored, it
                // would be drawn later without its mark, as the file's thumbnail; the next look
                // decodes the file again instead, whole once it is.
                if case .truncated(let detail, let partial?) = error {
                    return .cut(bucket.map { partial.fitted(within: $0.pixels) } ?? partial, PictureCut(detail: detail))
                }
                let failure = failure(error, name: name)
                // Too large is known from the header, at no cost, and recorded it would be told
                // later as a failure whose reason is lost ("broken" instead of "too large"). A
                // library not installed is the machine's lack, not the file's: recorded, the file
                // stayed broken after the library was installed.
                switch failure {
                case .decode(_, .tooLarge), .decode(_, .libraryMissing): break
                case .decode:
                    usable?.recordFailure(for: file, reason: failure.reason)
                default: break
                }
                throw failure
            }
        } else {
            let size = plan.box
            let outcome = VideoPoster.frame(path: path, size: size, duration: plan.duration, isCancelled: isCancelled)
            try check(isCancelled)  // an ended helper's `.failed` says nothing of the file
            if case .frame(let poster) = outcome {
                image = poster
            } else if let frame = VideoProbe.mjpegFirstFrame(path: path, size: size) {
                image = frame
            } else if case .failed = outcome, plan.duration == nil {
                // Neither its container's header (no duration) nor ffmpeg could read it: a
                // broken or fake file, told as a broken image is, not drawn as a film strip.
                let failure = ThumbnailError.brokenVideo(path: name)
                usable?.recordFailure(for: file, reason: failure.reason)
                throw failure
            } else {
                return .noPoster(duration: plan.duration)
            }
        }
        if let bucket { image = image.fitted(within: bucket.pixels) }
        if let usable, let bucket {
            let finished = image, original = plan.original.map { (width: $0.width, height: $0.height) }, mimeType = plan.format.mimeType
            let write: @Sendable () -> Void = {
                usable.store(finished, for: file, original: original, mimeType: mimeType, bucket: bucket)
            }
            if let deferredWrites { deferredWrites.add(write) } else { write() }
        }
        return .image(image)
    }

    /// `source` drawn by `renderer` into `size`: the pixels, or the placeholder of a video without a poster.
    public static func render(_ source: ThumbnailPixels, in size: TileSize, renderer: some ThumbnailRenderer,
                              isCancelled: @Sendable () -> Bool = { Task.isCancelled }) throws(ThumbnailError) -> RenderedThumbnail {
        switch source {
        case .image(let image), .cut(let image, _):
            try check(isCancelled)
            return renderer.render(image, in: size)
        case .noPoster(let duration):
            return renderer.placeholder(duration: duration, in: size)
        }
    }

    /// A decoder's error as the thumbnail's: a gone or unreadable file says so.
    private static func failure(_ error: DecodeError, name: String) -> ThumbnailError {
        if let system = error.systemError { return system.isMissing ? .vanished(path: name) : .unreadable(path: name, errno: system.code) }
        return .decode(path: name, error.withoutPartial)
    }

    private static func check(_ isCancelled: @Sendable () -> Bool) throws(ThumbnailError) {
        if isCancelled() { throw .cancelled }
    }
}
