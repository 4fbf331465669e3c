#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MediaDecoding
import Platform
import MediaPicker
import Thumbnails

/// `--export DIR`: copies the picks into DIR, as the original iOS sample writes the picked
/// image into the app's documents folder. Images are decoded and re-encoded as JPEG at the
/// quality given, at full size, named `<UUID>.jpg` (a JPEG or PNG over the decoders' pixel
/// limit re-encoded a band of rows at a time, `JPEGTranscoder` and `PNGTranscoder`); videos are copied byte for byte as `<UUID>.<ext>`
/// (their own extension). A picture it cannot write for its size (`JPEGCopy`: larger than a
/// JPEG can be, or over the limit in a form that cannot be read in bands) refuses the export
/// before anything is made. DIR is created (with its parents) when missing. Each copy appears
/// whole or not at all (`WholeFile.create`) and never overwrites a file; if any pick fails, or
/// the export is abandoned (a signal), the copies made so far are removed, and so are the
/// folders the export made (left empty, they looked like an export that had worked).
public struct Exporter {
    /// The folder copies go to.
    public let directory: RawPath
    /// JPEG quality, 0–1.
    public let quality: Double
    /// Makes the new names (a UUID by default; fixed in tests).
    public var makeName: @Sendable () -> String = { UUID().uuidString }
    /// The bytes of a video copied at a time, and so between two askings of `abandon` (1 MiB;
    /// smaller in tests).
    var videoChunkSize = 1 << 20
    /// The decoders' pixel limit; a JPEG or a PNG (not interlaced) above it is re-encoded a band
    /// at a time, other pictures above it are refused (lower in tests).
    var pixelLimit = DecodeOptions.defaultPixelLimit

    /// An exporter into `directory`.
    public init(directory: RawPath, quality: Double) {
        self.directory = directory
        self.quality = quality
    }

    /// The copies an export made, and the folders it made for them.
    public struct Copies: Sendable {
        /// The records of the copies, in the order of the picks.
        public var records: [OutputRecord]
        /// The folders made (DIR and missing parents), outermost first.
        public var madeFolders: [RawPath]

        /// Takes the export back: the copies, then the folders it made if nothing else is in them.
        public func remove() {
            for copy in records { _ = copy.path.withCString { unlink($0) } }
            // rmdir removes only an empty folder: one someone filled meanwhile stays.
            for folder in madeFolders.reversed() { _ = folder.withCString { rmdir($0) } }
        }
    }

    /// Exports every record and returns the copies, in the same order; nil when `abandon`
    /// (asked before each copy and after the last) said to stop, the copies made so far and
    /// the folders made for them then removed, as after a failure. `progress` is told before
    /// each copy which one it is (from 1) of how many.
    public func export(_ records: [OutputRecord], abandon: () -> Bool = { false },
                       progress: (_ copying: Int, _ total: Int) -> Void = { _, _ in }) throws(CommandError) -> Copies? {
        try checkSizes(records)
        var made = Copies(records: [], madeFolders: try Self.makeDirectories(directory))
        do throws(CommandError) {
            for (index, record) in records.enumerated() {
                if abandon() {
                    made.remove()
                    return nil
                }
                progress(index + 1, records.count)
                guard let copy = try export(record, abandon: abandon) else {
                    made.remove()
                    return nil
                }
                made.records.append(copy)
            }
        } catch {
            made.remove()
            throw error
        }
        if abandon() {
            made.remove()
            return nil
        }
        return made
    }

    /// Refuses the export before anything is made when a picture is one it cannot write for its
    /// size (`JPEGCopy.refusal`, from its header: the rule the picker refuses such a pick by),
    /// rather than after the copies before it were made and then taken back.
    func checkSizes(_ records: [OutputRecord]) throws(CommandError) {
        for record in records where record.kind != .video {
            // A header that cannot be read is left to the copy, which says why.
            if let reason = try? JPEGCopy.refusal(path: record.path, pixelLimit: pixelLimit) {
                throw .message("cannot export \(record.path.visible): \(reason)")
            }
        }
    }

    /// The copy of `record`; nil when `abandon` said to stop during a video's copy (asked
    /// between its chunks) or a streamed picture's (asked between bands of rows); nothing of it
    /// is left.
    private func export(_ record: OutputRecord, abandon: () -> Bool) throws(CommandError) -> OutputRecord? {
        let name = record.path.visible
        if record.kind == .video {
            var ext = Self.fileExtension(of: record.path)
            if ext.isEmpty { ext = "video" }
            let target = directory.appending(makeName() + "." + ext)
            // Copied a chunk at a time: a 4 GB clip must not cost 4 GB of memory.
            let copied: Int64?
            do {
                let source = try FileIO.OpenFile(record.path)
                copied = try WholeFile.copy(from: source.fd, sourcePath: record.path, to: target, chunkSize: videoChunkSize, abandon: abandon)
            } catch var error {
                if error.operation.isEmpty { error.operation = "cannot read" }
                throw Self.failure(error, exporting: record)
            }
            guard let copied else { return nil }
            var copy = record
            copy.path = target
            copy.byteSize = copied
            copy.modificationTime = Int64(time(nil))
            return copy
        }
        let target = directory.appending(makeName() + ".jpg")
        let image: PixelImage
        do {
            image = try ImageDecoder.decode(path: record.path, options: DecodeOptions(pixelLimit: pixelLimit))
        } catch .tooLarge(let width, let height, let limit) {
            // Over the limit, a JPEG or a PNG is re-encoded a band of rows at a time; other
            // formats cannot be read that way.
            let tooLarge = DecodeError.tooLarge(width: width, height: height, limit: limit)
            switch try? ImageDecoder.sniff(path: record.path) {
            case .jpeg:
                return try exportStreamed(record, to: target, tooLarge: tooLarge) { fd throws(DecodeError) in
                    try JPEGTranscoder.transcode(path: record.path, to: fd, outputPath: target, quality: quality,
                                                 pixelLimit: pixelLimit, abandon: abandon)
                }
            case .png:
                return try exportStreamed(record, to: target, tooLarge: tooLarge) { fd throws(DecodeError) in
                    try PNGTranscoder.transcode(path: record.path, to: fd, outputPath: target, quality: quality, abandon: abandon)
                }
            default:
                throw .message("cannot export \(name): \(tooLarge)")
            }
        } catch .truncated(let detail, _?) {
            // Cut inside its picture (a download in progress): the words the picker's Space
            // says of it once its tile is drawn (`PictureCut`).
            throw .message("cannot export \(name): \(PictureCut.exportRefusal) (\(detail))")
        } catch {
            throw .message("cannot export \(name): \(error)")
        }
        let jpeg: [UInt8]
        do {
            jpeg = try JPEGEncoder.encode(image, quality: quality)
        } catch {
            throw .message("cannot export \(name): \(error)")
        }
        do { try WholeFile.create(target, bytes: jpeg) } catch { throw Self.failure(error, exporting: record) }
        return OutputRecord(path: target, kind: .image, mimeType: MediaFormat.jpeg.mimeType, width: image.width,
                            height: image.height, byteSize: Int64(jpeg.count), modificationTime: Int64(time(nil)))
    }

    /// The copy of a picture too large to decode whole (`tooLarge` says so), re-encoded from the
    /// source a band of rows at a time by `transcode` into `target`'s descriptor: whole or not
    /// at all. Nil when the transcode was abandoned (nothing of it is left).
    private func exportStreamed(_ record: OutputRecord, to target: RawPath, tooLarge: DecodeError,
                                _ transcode: (Int32) throws(DecodeError) -> (width: Int, height: Int)?) throws(CommandError) -> OutputRecord? {
        let part: WholeFile.Part
        do { part = try WholeFile.Part(for: target) } catch { throw Self.failure(error, exporting: record) }
        let size: (width: Int, height: Int)?
        do {
            size = try transcode(part.fd)
        } catch .interlaced {
            part.discard()
            throw .message("cannot export \(record.path.visible): \(tooLarge); \(DecodeError.interlaced)")
        } catch {
            part.discard()
            throw .message("cannot export \(record.path.visible): \(error)")
        }
        guard let size else {
            part.discard()
            return nil
        }
        let byteSize = (try? FileStat.of(descriptor: part.fd).get()).map(\.byteSize) ?? 0
        do { try part.commit() } catch { throw Self.failure(error, exporting: record) }
        return OutputRecord(path: target, kind: .image, mimeType: MediaFormat.jpeg.mimeType, width: size.width,
                            height: size.height, byteSize: byteSize, modificationTime: Int64(time(nil)))
    }

    /// A copy of `record` that could not be made, said of the pick: the copy's name is a UUID
    /// the user never saw, removed with the rest ("cannot create out/3F2….mp4: File too large"
    /// did not say which of thirty picks a FAT32 stick refused). A failure to read the pick
    /// itself names it already.
    private static func failure(_ error: SystemError, exporting record: OutputRecord) -> CommandError {
        let name = record.path.visible
        return error.path == record.path.string ? CommandError(error) : .message("cannot export \(name): \(error)")
    }

    /// The extension of the last component (without the dot), or "" when it has none.
    static func fileExtension(of path: RawPath) -> String {
        let name = path.lastComponent.bytes
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex, dot < name.endIndex - 1 else { return "" }
        let ext = String(decoding: name[(dot + 1)...], as: UTF8.self)
        return ext.allSatisfy { $0.isLetter || $0.isNumber } ? ext : ""
    }

    /// `mkdir -p`; returns the folders it made, outermost first.
    static func makeDirectories(_ path: RawPath) throws(CommandError) -> [RawPath] {
        var isDirectory = false
        if FileBytes.exists(path, isDirectory: &isDirectory) {
            guard isDirectory else { throw .message("cannot export into \(path.visible): not a folder") }
            return []
        }
        let parent = path.parent
        var made: [RawPath] = []
        if parent != path && !parent.bytes.isEmpty { made = try makeDirectories(parent) }
        if path.withCString({ mkdir($0, 0o777) }) != 0 {
            let code = errno
            if code == EEXIST { return made }
            for folder in made.reversed() { _ = folder.withCString { rmdir($0) } }
            throw .system(what: "cannot create \(path.visible)", errno: code)
        }
        return made + [path]
    }
}
