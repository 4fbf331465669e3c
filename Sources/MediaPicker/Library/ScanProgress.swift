import Platform
import Thumbnails
import TerminalUI

/// How far a library's scan has gone, as the sheet shows it.
public struct ScanProgress: Sendable, Equatable {
    /// True while folders are being scanned or entries classified.
    public var isScanning: Bool
    /// How many files have been found so far (before non-media are dropped).
    public var found: Int
    /// Sub-folders seen but not descended into, because the scan is not recursive: where
    /// nothing was found, they are the likely reason, and the sheet says so.
    public var skippedFolders: Int
    /// How many given paths and folders met on the way are there but could not be read (a
    /// folder without permission): the files they hold are missing, and the sheet says so
    /// rather than showing a folder it cannot read as empty.
    public var unreadable: Int
    /// How many given paths were not found (a line of stdin naming no file, a folder gone
    /// during the scan): told apart from `unreadable`, as a user acts on each differently.
    public var missing: Int
    /// The first path counted in `missing` or `unreadable`, with the system's reason, for the
    /// sheet to name.
    public var firstIssue: ScanIssue?
    /// How many files named by themselves (PATH operands, lines of stdin) are not pictures or
    /// videos: `mediapick notes.txt` opened on "No media here" without saying why. (Files a
    /// folder holds are not counted: a folder of mixed files is not at fault.)
    public var notMedia: Int
    /// The first of them, for the sheet to name.
    public var firstNotMedia: NotMediaFile?

    /// A progress value.
    public init(isScanning: Bool, found: Int, skippedFolders: Int = 0, unreadable: Int = 0, missing: Int = 0,
                firstIssue: ScanIssue? = nil, notMedia: Int = 0, firstNotMedia: NotMediaFile? = nil) {
        self.isScanning = isScanning
        self.found = found
        self.skippedFolders = skippedFolders
        self.unreadable = unreadable
        self.missing = missing
        self.firstIssue = firstIssue
        self.notMedia = notMedia
        self.firstNotMedia = firstNotMedia
    }
}

/// A file named by itself that turned out not to be a picture or video.
public struct NotMediaFile: Hashable, Sendable, CustomStringConvertible {
    /// The path, as given.
    public var path: RawPath
    /// True when it holds no bytes (told apart, as `thumb` tells it: a copy that did not finish).
    public var isEmpty: Bool
    /// The picture format it is in, when mediapick knows it but does not read it (TIFF…).
    public var format: String?
    /// What it is when it is no file at all (`FileStat.specialKind`: a pipe, a socket, a device).
    public var special: String?

    /// A file not media.
    public init(path: RawPath, isEmpty: Bool, format: String? = nil, special: String? = nil) {
        self.path = path
        self.isEmpty = isEmpty
        self.format = format
        self.special = special
    }

    /// `path: empty file`, `path: TIFF, a format mediapick does not read (…)`, `path: a pipe,
    /// not a file` or `path: not a picture or video`, safe to print.
    public var description: String {
        let why = special.map { "\($0), not a file" }
            ?? (isEmpty ? "empty file" : format.map(ThumbnailError.unread) ?? "not a picture or video")
        return path.visible + ": " + why
    }
}
