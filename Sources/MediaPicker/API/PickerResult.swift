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

/// One picked entry (PHPickerResult's analog): its identifier, what `--format json` prints,
/// and an item provider that loads the content.
public struct PickerResult: Sendable, Hashable {
    /// The path as text (invalid UTF-8 replaced): for display and matching, not for opening.
    public let assetIdentifier: String
    /// The exact path bytes: what output must print.
    public let path: RawPath
    /// Image or video; nil when the file could not be read to tell.
    public let kind: MediaKind?
    /// The recognised format; nil when unreadable.
    public let format: MediaFormat?
    /// Pixel width, when known.
    public let pixelWidth: Int?
    /// Pixel height, when known.
    public let pixelHeight: Int?
    /// Size in bytes.
    public let byteSize: Int64
    /// Video duration in seconds, when known.
    public let duration: Double?
    /// Last modification.
    public let modificationTime: FileTime
    /// Loads the image or the file's location asynchronously.
    public let itemProvider: ItemProvider

    /// The MIME type, when the format is known.
    public var mimeType: String? { format?.mimeType }

    /// A result for a library entry.
    public init(entry: MediaEntry) { self.init(entry: entry, path: entry.path) }

    /// A result for a library entry, the file named by `path` (another spelling of its path:
    /// `MediaLibrary.resultPath(for:)`).
    public init(entry: MediaEntry, path: RawPath) {
        assetIdentifier = path.string
        self.path = path
        kind = entry.format?.kind
        format = entry.format
        pixelWidth = entry.pixelWidth
        pixelHeight = entry.pixelHeight
        byteSize = entry.byteSize
        duration = entry.duration
        modificationTime = entry.modificationTime
        itemProvider = ItemProvider(path: path, format: entry.format)
    }

    /// A result for a file read now, or nil when it is gone or not media.
    public init?(path: RawPath) {
        guard let entry = FileInspector.entry(for: path) else { return nil }
        self.init(entry: entry)
    }
}

/// Why an item provider could not load what was asked (NSItemProvider's errors, typed).
public enum ItemProviderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is no longer there.
    case fileVanished(path: String)
    /// The file cannot be read (`errno`).
    case unreadable(path: String, errno: Int32)
    /// An image was asked for, but the item is a video (or unknown).
    case notAnImage(path: String)
    /// The image could not be decoded.
    case decodeFailed(path: String, DecodeError)
    /// The load was cancelled.
    case cancelled

    /// One line for a user.
    public var description: String {
        switch self {
        case .fileVanished(let path): return SystemError(path: path, code: ENOENT).description
        case .unreadable(let path, let code): return SystemError(path: path, code: code).description
        case .notAnImage(let path): return "\(path): not an image"
        case .decodeFailed(let path, let error): return "\(path): \(error)"
        case .cancelled: return "cancelled"
        }
    }

    /// A failed system call on the item: gone (`SystemError.isMissing`) or unreadable.
    init(_ error: SystemError, path: String) {
        self = error.isMissing ? .fileVanished(path: path) : .unreadable(path: path, errno: error.code)
    }
}

/// Loads a picked item's content off the main actor (NSItemProvider's analog for PHPicker).
public struct ItemProvider: Sendable, Hashable {
    /// The item's exact path.
    public let path: RawPath
    /// Its format, when known.
    public let format: MediaFormat?

    /// A provider for the file at `path`.
    public init(path: RawPath, format: MediaFormat?) {
        self.path = path
        self.format = format
    }

    /// True when `loadImage` can succeed (the item is a still image).
    public var canLoadImage: Bool { format?.kind == .image }

    /// Decodes the image, at least `targetSize` pixels when given (full size otherwise), upright.
    public func loadImage(targetSize: (width: Int, height: Int)? = nil) async throws(ItemProviderError) -> PixelImage {
        let path = path
        let name = path.string
        guard canLoadImage else { throw .notAnImage(path: name) }
        let options = DecodeOptions(targetWidth: targetSize?.width, targetHeight: targetSize?.height)
        let result = await Task.detached(priority: .userInitiated) { () -> Result<PixelImage, ItemProviderError> in
            if Task.isCancelled { return .failure(.cancelled) }
            do throws(DecodeError) {
                return .success(try ImageDecoder.decode(path: path, options: options))
            } catch {
                if let failure = error.systemError { return .failure(ItemProviderError(failure, path: name)) }
                return .failure(.decodeFailed(path: name, error))
            }
        }.value
        return try result.get()
    }

    /// The file's URL (built from the exact bytes), after checking the file is still there.
    public func loadFileURL() async throws(ItemProviderError) -> URL {
        let path = try checkedPath()
        return path.withCString { URL(fileURLWithFileSystemRepresentation: $0, isDirectory: false, relativeTo: nil) }
    }

    /// The file's exact path, after checking it is still there.
    public func loadFilePath() async throws(ItemProviderError) -> RawPath { try checkedPath() }

    private func checkedPath() throws(ItemProviderError) -> RawPath {
        switch FileStat.of(path) {
        case .success: return path
        case .failure(let error): throw ItemProviderError(error, path: path.string)
        }
    }
}
