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

/// Saves a photo as `<UUID>.jpg` in a folder, all or nothing (`WholeFile.create`): the folder
/// never holds a half-written photo and nothing is overwritten.
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
        let target = folder.appending(makeName() + ".jpg")
        do {
            try WholeFile.create(target, bytes: jpeg)
        } catch {
            throw .cannotSave("\(target.visible): \(error.reason)")
        }
        return target
    }

    /// `mkdir -p`.
    static func makeFolders(_ path: RawPath) throws(CameraError) {
        if case .success(let status) = FileStat.of(path) {
            guard status.isDirectory else { throw .cannotSave("\(path.visible) is not a folder") }
            return
        }
        let parent = path.parent
        if parent != path && !parent.bytes.isEmpty { try makeFolders(parent) }
        if path.withCString({ mkdir($0, 0o777) }) != 0 && errno != EEXIST {
            throw .cannotSave("cannot create \(path.visible): \(SystemError.reason(errno))")
        }
    }
}
