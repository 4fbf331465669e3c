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

    /// A progress value.
    public init(isScanning: Bool, found: Int, skippedFolders: Int = 0, unreadable: Int = 0, missing: Int = 0,
                firstIssue: ScanIssue? = nil) {
        self.isScanning = isScanning
        self.found = found
        self.skippedFolders = skippedFolders
        self.unreadable = unreadable
        self.missing = missing
        self.firstIssue = firstIssue
    }
}
