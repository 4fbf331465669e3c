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
    /// A picture's header, once classified (nil for a video, or one whose header could not be
    /// read): what `--export` judges the picture by (`JPEGCopy`), without reading it again.
    public var header: ImageInfo?
    /// How many leading bytes of `path` name the folder the entry was found in, its slash
    /// included (0 for a file given by itself): what `relativePath` leaves out. A file found
    /// in a folder and also given by itself (`find .` lists both) takes 0: it is named as given.
    public internal(set) var rootLength: Int
    /// The place among the library's sources of the one the entry was found through (0 for the
    /// first given): `--sort input` orders by it. A file made later (`addCreatedFile`) comes last.
    public internal(set) var sourceOrdinal: Int

    /// Creates an entry.
    public init(path: RawPath, status: Status = .pending, byteSize: Int64 = 0, modificationTime: FileTime = FileTime(seconds: 0),
                pixelWidth: Int? = nil, pixelHeight: Int? = nil, duration: Double? = nil, header: ImageInfo? = nil,
                rootLength: Int = 0, sourceOrdinal: Int = 0) {
        self.path = path
        self.rootLength = max(0, min(rootLength, path.bytes.count))
        self.sourceOrdinal = sourceOrdinal
        self.status = status
        self.byteSize = byteSize
        self.modificationTime = modificationTime
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.duration = duration
        self.header = header
    }

    /// The identity: the path.
    public var id: RawPath { path }

    /// The file name (last path component), exact bytes.
    public var name: RawPath { path.lastComponent }

    /// The path below the folder the entry was found in (`x/photo.jpg` of `dup/x/photo.jpg`
    /// found by `-r dup`), or the path as given: with `-r`, or from a list, names repeat and
    /// the name alone cannot tell two files apart.
    public var relativePath: RawPath { RawPath(bytes: Array(path.bytes[rootLength...])) }

    /// The bytes a search for a path matches: `relativePath` with the slash before it when it
    /// has one, so `/x/` finds the folder `x` just below the library's folder, as fzf finds it
    /// in find's output.
    var searchedPath: ArraySlice<UInt8> { path.bytes[max(0, rootLength - 1)...] }

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
