#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MediaDecoding
import Platform

/// One candidate file of a `MediaLibrary`.
public struct MediaEntry: Hashable, Sendable, Identifiable {
    /// What is known about the file's content.
    public enum Status: Hashable, Sendable {
        /// Found, not yet classified by its content.
        case pending
        /// Recognised media.
        case media(MediaFormat)
        /// The file exists but cannot be read (`errno`); shown with a badge.
        case unreadable(errno: Int32)
    }

    /// The exact path bytes; also the entry's identity.
    public let path: RawPath
    /// What is known about the content.
    public var status: Status
    /// Size in bytes.
    public var byteSize: Int64
    /// Last modification.
    public var modificationTime: FileTime
    /// Pixel width (of the image, or of the video frame), once known.
    public var pixelWidth: Int?
    /// Pixel height, once known.
    public var pixelHeight: Int?
    /// Video duration in seconds, once known.
    public var duration: Double?

    /// Creates an entry.
    public init(path: RawPath, status: Status = .pending, byteSize: Int64 = 0, modificationTime: FileTime = FileTime(seconds: 0),
                pixelWidth: Int? = nil, pixelHeight: Int? = nil, duration: Double? = nil) {
        self.path = path
        self.status = status
        self.byteSize = byteSize
        self.modificationTime = modificationTime
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.duration = duration
    }

    /// The identity: the path.
    public var id: RawPath { path }

    /// The file name (last path component), exact bytes.
    public var name: RawPath { path.lastComponent }

    /// The format, once recognised.
    public var format: MediaFormat? {
        if case .media(let format) = status { return format }
        return nil
    }

    /// Image or video: from the content once classified, else a guess from the extension
    /// (so a filter tab can show entries before they are classified).
    public var kind: MediaKind? { format?.kind ?? (status == .pending ? ExtensionHint.kind(of: name) : nil) }

    /// The kind the filter tabs and `--filter` count the entry under: its content's, else
    /// its name's (while pending, or when it cannot be read: an unreadable `a.jpg` is on the
    /// Images tab with its badge, so that All is Images plus Videos). `kind` stays nil for an
    /// unreadable file, as the results report it.
    public var listedKind: MediaKind? { format?.kind ?? ExtensionHint.kind(of: name) }

    /// True when the file could not be read.
    public var isUnreadable: Bool {
        if case .unreadable = status { return true }
        return false
    }
}
