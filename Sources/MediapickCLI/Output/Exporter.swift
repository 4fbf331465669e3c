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

/// `--export DIR`: copies the picks into DIR, as the original iOS sample writes the picked
/// image into the app's documents folder. Images are decoded and re-encoded as JPEG at the
/// quality given, named `<UUID>.jpg`; videos are copied byte for byte as `<UUID>.<ext>`
/// (their own extension). DIR is created (with its parents) when missing. Each copy appears
/// whole or not at all (`WholeFile.create`) and never overwrites a file; if any pick fails, or
/// the export is abandoned (a signal), the copies made so far are removed.
public struct Exporter {
    /// The folder copies go to.
    public let directory: RawPath
    /// JPEG quality, 0–1.
    public let quality: Double
    /// Makes the new names (a UUID by default; fixed in tests).
    public var makeName: @Sendable () -> String = { UUID().uuidString }

    /// An exporter into `directory`.
    public init(directory: RawPath, quality: Double) {
        self.directory = directory
        self.quality = quality
    }

    /// Exports every record and returns the records of the copies, in the same order; nil
    /// when `abandon` (asked before each copy and after the last) said to stop, the copies
    /// made so far then removed.
    public func export(_ records: [OutputRecord], abandon: () -> Bool = { false }) throws(CommandError) -> [OutputRecord]? {
        try Self.makeDirectories(directory)
        var made: [OutputRecord] = []
        do throws(CommandError) {
            for record in records {
                if abandon() {
                    Self.remove(made)
                    return nil
                }
                made.append(try export(record))
            }
        } catch {
            Self.remove(made)
            throw error
        }
        if abandon() {
            Self.remove(made)
            return nil
        }
        return made
    }

    /// Removes copies made by `export`.
    public static func remove(_ copies: [OutputRecord]) {
        for copy in copies { _ = copy.path.withCString { unlink($0) } }
    }

    private func export(_ record: OutputRecord) throws(CommandError) -> OutputRecord {
        let name = record.path.string
        if record.kind == .video {
            let data = try FileBytes.read(record.path)
            var ext = Self.fileExtension(of: record.path)
            if ext.isEmpty { ext = "video" }
            let target = directory.appending(makeName() + "." + ext)
            try FileBytes.createNew(target, bytes: data)
            var copy = record
            copy.path = target
            copy.byteSize = Int64(data.count)
            copy.modificationTime = Int64(time(nil))
            return copy
        }
        let image: PixelImage
        do {
            image = try ImageDecoder.decode(path: record.path)
        } catch {
            throw .message("cannot export \(name): \(error)")
        }
        let jpeg: [UInt8]
        do {
            jpeg = try JPEGEncoder.encode(image, quality: quality)
        } catch {
            throw .message("cannot export \(name): \(error)")
        }
        let target = directory.appending(makeName() + ".jpg")
        try FileBytes.createNew(target, bytes: jpeg)
        return OutputRecord(path: target, kind: .image, mimeType: MediaFormat.jpeg.mimeType, width: image.width,
                            height: image.height, byteSize: Int64(jpeg.count), modificationTime: Int64(time(nil)))
    }

    /// The extension of the last component (without the dot), or "" when it has none.
    static func fileExtension(of path: RawPath) -> String {
        let name = path.lastComponent.bytes
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex, dot < name.endIndex - 1 else { return "" }
        let ext = String(decoding: name[(dot + 1)...], as: UTF8.self)
        return ext.allSatisfy { $0.isLetter || $0.isNumber } ? ext : ""
    }

    /// `mkdir -p`.
    static func makeDirectories(_ path: RawPath) throws(CommandError) {
        var isDirectory = false
        if FileBytes.exists(path, isDirectory: &isDirectory) {
            guard isDirectory else { throw .message("cannot export into \(path.string): not a folder") }
            return
        }
        let parent = path.parent
        if parent != path && !parent.bytes.isEmpty { try makeDirectories(parent) }
        if path.withCString({ mkdir($0, 0o777) }) != 0 && errno != EEXIST {
            throw .system(what: "cannot create \(path.string)", errno: errno)
        }
    }
}
