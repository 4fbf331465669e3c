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
/// in entries mediapick wrote, its own keys: the nanoseconds of the modification time, the
/// device and inode, and the status-change time); failures are recorded under
/// `fail/mediapick/`, matched the same way.
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
    /// unreserved set percent-encoded (so names that are not UTF-8 have one exact URI). A path
    /// with a `..` is resolved by the system (`realpath`), not as text: in `sl/link/../x.png`,
    /// where `sl/link` is a symlink to `real/sub`, the `..` is `real`, and the URI is that of
    /// `real/x.png`, the file read; as text it would be `sl/x.png`'s, another file, whose entry
    /// (another program's, judged by the standard's keys alone) would be served, and which ours
    /// would overwrite for the file managers. The one system call is paid by such paths only.
    public static func uri(for path: RawPath) -> String {
        var uri = "file://"
        for byte in (resolvedIfItClimbs(path) ?? PathText.absolute(path)).bytes {
            if PathText.isURISafe(byte) { uri.unicodeScalars.append(Unicode.Scalar(byte)) } else { uri += PathText.percent(byte) }
        }
        return uri
    }

    /// `realpath` of `path` when one of its components is `..`; nil when it has none, or when
    /// it cannot be resolved (then the text is all there is).
    private static func resolvedIfItClimbs(_ path: RawPath) -> RawPath? {
        let dotDot: [UInt8] = [UInt8(ascii: "."), UInt8(ascii: ".")]
        guard path.bytes.split(separator: UInt8(ascii: "/")).contains(where: { $0.elementsEqual(dotDot) }),
              let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return RawPath(cString: resolved)
    }

    /// The cache file for `path` in `bucket`.
    public func file(for path: RawPath, bucket: Bucket) -> RawPath {
        file(uri: Self.uri(for: path), bucket: bucket)
    }

    /// The failure record for `path`.
    public func failureFile(for path: RawPath) -> RawPath {
        failureFile(uri: Self.uri(for: path))
    }

    private func file(uri: String, bucket: Bucket) -> RawPath {
        root.appending(bucket.rawValue).appending(CacheCodec.md5Hex(Array(uri.utf8)) + ".png")
    }

    private func failureFile(uri: String) -> RawPath {
        root.appending("fail").appending(Self.failureDirectoryName).appending(CacheCodec.md5Hex(Array(uri.utf8)) + ".png")
    }

    /// True when `path` lies inside the cache (such files are never thumbnailed into it).
    public func contains(_ path: RawPath) -> Bool {
        let absolute = PathText.absolute(path).bytes
        let prefix = root.bytes + [UInt8(ascii: "/")]
        return absolute.starts(with: prefix) || absolute == root.bytes
    }

    // MARK: Reading and writing

    /// The cached thumbnail of `file` if one exists whose `Thumb::URI`, `Thumb::MTime` and
    /// (when present) `Thumb::Size` match the file exactly, and, in one mediapick wrote, its
    /// own keys too (`matches`); a `large` one also serves `normal`.
    func load(for file: FileVersion, bucket: Bucket) -> PixelImage? {
        let uri = Self.uri(for: file.path)
        let candidates: [Bucket] = bucket == .normal ? [.normal, .large] : [.large]
        for candidate in candidates {
            let entry = self.file(uri: uri, bucket: candidate)
            guard let text = CacheCodec.readText(path: entry),
                  Self.matches(text, uri: uri, file: file),
                  let image = try? ImageDecoder.decode(path: entry)
            else { continue }
            return image.fitted(within: bucket.pixels)
        }
        return nil
    }

    /// Writes `image` as the thumbnail of `file` (temp file + rename, mode 600, folders 700).
    func store(_ image: PixelImage, for file: FileVersion,
               original: (width: Int, height: Int)?, mimeType: String?, bucket: Bucket) {
        let uri = Self.uri(for: file.path)
        var text = Self.identity(uri: uri, file: file)
        if let original {
            text.append(("Thumb::Image::Width", "\(original.width)"))
            text.append(("Thumb::Image::Height", "\(original.height)"))
        }
        if let mimeType { text.append(("Thumb::Mimetype", mimeType)) }
        guard let png = CacheCodec.encodePNG(image, text: text) else { return }
        writeAtomically(png, to: self.file(uri: uri, bucket: bucket))
    }

    /// A failure recorded for a file.
    struct RecordedFailure: Hashable, Sendable {
        /// Why it failed, as the record keeps it (`errorKey`); nil in a record without one.
        var reason: String?
    }

    /// Records that this version of a file could not be thumbnailed, for `reason` (told again
    /// on later views, which do not try again).
    func recordFailure(for file: FileVersion, reason: String) {
        let uri = Self.uri(for: file.path)
        let text = Self.identity(uri: uri, file: file) + [(Self.errorKey, reason)]
        guard let png = CacheCodec.encodePNG(PixelImage(width: 1, height: 1, fill: (0, 0, 0, 0)), text: text) else { return }
        writeAtomically(png, to: failureFile(uri: uri))
    }

    /// The failure recorded for this version of a file, if any (matched as `load` matches).
    func recordedFailure(for file: FileVersion) -> RecordedFailure? {
        let uri = Self.uri(for: file.path)
        guard let text = CacheCodec.readText(path: failureFile(uri: uri)), Self.matches(text, uri: uri, file: file) else { return nil }
        return RecordedFailure(reason: text[Self.errorKey].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Our own key beside the standard's: the modification time's nanoseconds. `Thumb::MTime`
    /// has whole seconds only, so a file rewritten within the same second at the same size
    /// would otherwise keep its old thumbnail.
    static let nanosecondsKey = "X-mediapick::MTime::Nanoseconds"
    /// Our own keys for which file the entry was made from: its device and inode. A file
    /// renamed over the path (`mv`, `tar x`, `rsync -t`), even one of the same size and
    /// modification time, is another inode.
    static let deviceKey = "X-mediapick::Device"
    /// See `deviceKey`.
    static let inodeKey = "X-mediapick::Inode"
    /// Our own keys for the file's last status change (`st_ctim`), seconds and nanoseconds:
    /// a write, a rename or `cp -p` sets it to now, and `touch -d` cannot set it back, so an
    /// edit followed by `touch -d "$old"` tells too.
    static let changeTimeKey = "X-mediapick::CTime"
    /// See `changeTimeKey`.
    static let changeNanosecondsKey = "X-mediapick::CTime::Nanoseconds"

    /// Our own key in a failure record: the error's reason (`ThumbnailError.reason`, UTF-8, so
    /// written as iTXt when not ASCII). Without it a later view, which does not try again,
    /// could only say that the file failed before, not why.
    static let errorKey = "X-mediapick::Error"

    /// The keys of `identity`, each with its value for `file`: mediapick's own after the standard's.
    private static func identity(uri: String, file: FileVersion) -> [(key: String, value: String)] {
        [("Thumb::URI", uri), ("Thumb::MTime", "\(file.modificationTime.seconds)"), ("Thumb::Size", "\(file.byteSize)")]
            + ownKeys(file) + [("Software", "mediapick")]
    }

    private static func ownKeys(_ file: FileVersion) -> [(key: String, value: String)] {
        [(nanosecondsKey, "\(file.modificationTime.nanoseconds)"), (deviceKey, "\(file.device)"), (inodeKey, "\(file.inode)"),
         (changeTimeKey, "\(file.statusChangeTime.seconds)"), (changeNanosecondsKey, "\(file.statusChangeTime.nanoseconds)")]
    }

    /// True when the entry `text` was made from `file`: the standard's keys match; and, in an
    /// entry mediapick wrote (it has our nanoseconds key, or says `Software` mediapick), every one
    /// of our own keys is there and matches, so an entry of an older mediapick, without the
    /// file's inode and status change, is made again once. An entry another program wrote is
    /// judged by the standard's keys alone, as that program judges ours.
    private static func matches(_ text: [String: String], uri: String, file: FileVersion) -> Bool {
        guard text["Thumb::URI"] == uri, text["Thumb::MTime"] == "\(file.modificationTime.seconds)" else { return false }
        if let size = text["Thumb::Size"], size != "\(file.byteSize)" { return false }
        guard text[nanosecondsKey] != nil || text["Software"] == "mediapick" else { return true }
        return ownKeys(file).allSatisfy { text[$0.key] == $0.value }
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
