#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MediaDecoding
import Platform

/// Saves a photo as `<UUID>.jpg` in a folder, all or nothing: the JPEG is written to a hidden
/// temporary file first and then linked under its name (`link` fails rather than replace a
/// file), so the folder never holds a half-written photo and nothing is overwritten.
public struct PhotoSaver: Sendable {
    /// The folder (created with its parents when missing).
    public let folder: RawPath
    /// JPEG quality, 0–1.
    public let quality: Double
    /// Makes the names (a UUID by default; fixed in tests).
    public var makeName: @Sendable () -> String = { UUID().uuidString }

    /// A saver into `folder` at `quality`.
    public init(folder: RawPath, quality: Double = 0.8) {
        self.folder = folder
        self.quality = quality
    }

    /// Encodes `image` and saves it; returns the new file's path.
    public func save(_ image: PixelImage) throws(CameraError) -> RawPath {
        let jpeg: [UInt8]
        do {
            jpeg = try JPEGEncoder.encode(image, quality: quality)
        } catch {
            throw .cannotSave("\(error)")
        }
        try Self.makeFolders(folder)
        let name = makeName()
        let temporary = folder.appending(".\(name).jpg.part")
        let target = folder.appending(name + ".jpg")
        try write(jpeg, to: temporary)
        let linked = temporary.withCString { from in target.withCString { to in link(from, to) } }
        let linkError = errno
        _ = temporary.withCString { unlink($0) }
        guard linked == 0 else { throw .cannotSave("\(target.string): \(SystemError.reason(linkError))") }
        return target
    }

    private func write(_ bytes: [UInt8], to path: RawPath) throws(CameraError) {
        let fd = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
        guard fd >= 0 else { throw .cannotSave("\(path.string): \(SystemError.reason(errno))") }
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += n
            }
        }
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure != 0 {
            _ = path.withCString { unlink($0) }
            throw .cannotSave("\(folder.string): \(SystemError.reason(failure))")
        }
    }

    /// `mkdir -p`.
    static func makeFolders(_ path: RawPath) throws(CameraError) {
        if case .success(let status) = FileStat.of(path) {
            guard status.isDirectory else { throw .cannotSave("\(path.string) is not a folder") }
            return
        }
        let parent = path.parent
        if parent != path && !parent.bytes.isEmpty { try makeFolders(parent) }
        if path.withCString({ mkdir($0, 0o777) }) != 0 && errno != EEXIST {
            throw .cannotSave("cannot create \(path.string): \(SystemError.reason(errno))")
        }
    }
}
