#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MediaDecoding
import Platform

/// The freedesktop.org thumbnail cache (Thumbnail Managing Standard 0.9), shared with file
/// managers: `normal/` (128 px) and `large/` (256 px) PNGs named by the MD5 of the file's URI,
/// carrying `Thumb::URI`, `Thumb::MTime` and `Thumb::Size`, which must match exactly (and,
/// in entries mediapick wrote, the nanoseconds of the modification time); failures are
/// recorded under `fail/mediapick/`.
public struct ThumbnailDiskCache: Sendable, Hashable {
    /// The cache's size classes.
    public enum Bucket: String, Sendable, CaseIterable {
        /// At most 128x128 pixels.
        case normal
        /// At most 256x256 pixels.
        case large

        /// The longest side in pixels.
        public var pixels: Int { self == .normal ? 128 : 256 }

        /// The smallest bucket that holds a thumbnail whose longest side is `pixels`, or nil when none does.
        public static func fitting(_ pixels: Int) -> Bucket? {
            pixels <= 128 ? .normal : (pixels <= 256 ? .large : nil)
        }
    }

    /// The application name under `fail/`.
    public static let failureDirectoryName = "mediapick"

    /// The cache's root (`…/thumbnails`), absolute.
    public let root: RawPath
    /// The folder that must already exist for the cache to be written: folders are made
    /// below it only (nil: any missing folder above the root may be made).
    public let base: RawPath?

    /// A cache at `root`; with `base`, nothing is written unless `base` is an existing folder.
    public init(root: RawPath, base: RawPath? = nil) {
        self.root = PathText.absolute(root)
        self.base = base.map(PathText.absolute)
    }

    /// `$XDG_CACHE_HOME/thumbnails`, else `$HOME/.cache/thumbnails`; nil when neither is set.
    /// Only the folders from `$XDG_CACHE_HOME` (or `.cache`) down are ever made (`CacheHome.base`).
    public static func standard(environment: [String: String]) -> ThumbnailDiskCache? {
        CacheHome(environment: environment).map { ThumbnailDiskCache(root: $0.folder.appending("thumbnails"), base: $0.base) }
    }

    /// The `file://` URI of `path` as the spec asks: absolute, each byte outside the
    /// unreserved set percent-encoded (so names that are not UTF-8 have one exact URI).
    public static func uri(for path: RawPath) -> String {
        var uri = "file://"
        for byte in PathText.absolute(path).bytes {
            if PathText.isURISafe(byte) { uri.unicodeScalars.append(Unicode.Scalar(byte)) } else { uri += PathText.percent(byte) }
        }
        return uri
    }

    /// The cache file for `path` in `bucket`.
    public func file(for path: RawPath, bucket: Bucket) -> RawPath {
        root.appending(bucket.rawValue).appending(CacheCodec.md5Hex(Array(Self.uri(for: path).utf8)) + ".png")
    }

    /// The failure record for `path`.
    public func failureFile(for path: RawPath) -> RawPath {
        root.appending("fail").appending(Self.failureDirectoryName)
            .appending(CacheCodec.md5Hex(Array(Self.uri(for: path).utf8)) + ".png")
    }

    /// True when `path` lies inside the cache (such files are never thumbnailed into it).
    public func contains(_ path: RawPath) -> Bool {
        let absolute = PathText.absolute(path).bytes
        let prefix = root.bytes + [UInt8(ascii: "/")]
        return absolute.starts(with: prefix) || absolute == root.bytes
    }

    // MARK: Reading and writing

    /// The cached thumbnail of `path` if one exists whose `Thumb::URI`, `Thumb::MTime` and
    /// (when present) `Thumb::Size` match the file exactly; a `large` one also serves `normal`.
    func load(for path: RawPath, modificationTime: FileTime, byteSize: Int64, bucket: Bucket) -> PixelImage? {
        let candidates: [Bucket] = bucket == .normal ? [.normal, .large] : [.large]
        for candidate in candidates {
            let file = file(for: path, bucket: candidate)
            guard let text = CacheCodec.readText(path: file),
                  Self.matches(text, path: path, modificationTime: modificationTime, byteSize: byteSize),
                  let image = try? ImageDecoder.decode(path: file)
            else { continue }
            return image.fitted(within: bucket.pixels)
        }
        return nil
    }

    /// Writes `image` as the thumbnail of `path` (temp file + rename, mode 600, folders 700).
    func store(_ image: PixelImage, for path: RawPath, modificationTime: FileTime, byteSize: Int64,
               original: (width: Int, height: Int)?, mimeType: String?, bucket: Bucket) {
        var text = Self.identity(path: path, modificationTime: modificationTime, byteSize: byteSize)
        if let original {
            text.append(("Thumb::Image::Width", "\(original.width)"))
            text.append(("Thumb::Image::Height", "\(original.height)"))
        }
        if let mimeType { text.append(("Thumb::Mimetype", mimeType)) }
        guard let png = CacheCodec.encodePNG(image, text: text) else { return }
        writeAtomically(png, to: file(for: path, bucket: bucket))
    }

    /// A failure recorded for a file.
    struct RecordedFailure: Hashable, Sendable {
        /// Why it failed, as the record keeps it (`errorKey`); nil in a record of an older
        /// mediapick, which kept no reason.
        var reason: String?
    }

    /// Records that `path` could not be thumbnailed at this modification time, for `reason`
    /// (told again on later views, which do not try again).
    func recordFailure(for path: RawPath, modificationTime: FileTime, byteSize: Int64, reason: String) {
        let text = Self.identity(path: path, modificationTime: modificationTime, byteSize: byteSize) + [(Self.errorKey, reason)]
        guard let png = CacheCodec.encodePNG(PixelImage(width: 1, height: 1, fill: (0, 0, 0, 0)), text: text) else { return }
        writeAtomically(png, to: failureFile(for: path))
    }

    /// The failure recorded for `path` at this modification time, if any.
    func recordedFailure(for path: RawPath, modificationTime: FileTime, byteSize: Int64) -> RecordedFailure? {
        guard let text = CacheCodec.readText(path: failureFile(for: path)),
              Self.matches(text, path: path, modificationTime: modificationTime, byteSize: byteSize) else { return nil }
        return RecordedFailure(reason: text[Self.errorKey].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Our own key beside the standard's: the modification time's nanoseconds. `Thumb::MTime`
    /// has whole seconds only, so a file rewritten within the same second at the same size
    /// would otherwise keep its old thumbnail. Entries written by other programs lack it and
    /// are judged by the standard's keys alone.
    static let nanosecondsKey = "X-mediapick::MTime::Nanoseconds"

    /// Our own key in a failure record: the error's reason (`ThumbnailError.reason`, UTF-8, so
    /// written as iTXt when not ASCII). Without it a later view, which does not try again,
    /// could only say that the file failed before, not why.
    static let errorKey = "X-mediapick::Error"

    private static func identity(path: RawPath, modificationTime: FileTime, byteSize: Int64) -> [(key: String, value: String)] {
        [("Thumb::URI", uri(for: path)), ("Thumb::MTime", "\(modificationTime.seconds)"), ("Thumb::Size", "\(byteSize)"),
         (nanosecondsKey, "\(modificationTime.nanoseconds)"), ("Software", "mediapick")]
    }

    private static func matches(_ text: [String: String], path: RawPath, modificationTime: FileTime, byteSize: Int64) -> Bool {
        guard text["Thumb::URI"] == uri(for: path), text["Thumb::MTime"] == "\(modificationTime.seconds)" else { return false }
        if let size = text["Thumb::Size"], size != "\(byteSize)" { return false }
        if let nanoseconds = text[nanosecondsKey], nanoseconds != "\(modificationTime.nanoseconds)" { return false }
        return true
    }

    /// How seldom a write sweeps its folder of stale temporary files: one write in this many,
    /// so that the listing (a few milliseconds in a folder of thousands) is lost in the cost of
    /// the thumbnails made in between.
    static let sweepOneWriteIn: UInt32 = 32

    /// Writes `bytes` to `target` through a temporary file and a rename; with `nonce` (the
    /// temporary name's, random unless a test says) a multiple of `sweepOneWriteIn`, then
    /// removes the stale temporary files of killed runs from the folder.
    func writeAtomically(_ bytes: [UInt8], to target: RawPath, nonce: UInt32 = .random(in: 0...UInt32.max)) {
        let folder = target.parent
        guard makeFolders(folder) else { return }
        defer { if nonce % Self.sweepOneWriteIn == 0 { CacheTemporaryFile.removeStale(in: folder, now: Int64(time(nil))) } }
        let temp = folder.appending(CacheTemporaryFile.name(for: target.lastComponent.string, pid: getpid(), nonce: nonce))
        let fd = temp.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard fd >= 0 else { return }
        var written = 0
        let ok: Bool = bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = write(fd, raw.baseAddress! + written, raw.count - written)
                if n <= 0 { return false }
                written += n
            }
            return true
        }
        close(fd)
        let renamed = ok && temp.withCString { from in target.withCString { to in rename(from, to) == 0 } }
        if !renamed { _ = temp.withCString { unlink($0) } }
    }

    /// Creates `folder` and any missing parents with mode 700, none of them `base` or above it.
    private func makeFolders(_ folder: RawPath) -> Bool {
        CacheHome.makeFolders(folder, below: base) == 0
    }
}
