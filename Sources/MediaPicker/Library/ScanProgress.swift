/// How far a library's scan has gone, as the sheet shows it.
public struct ScanProgress: Sendable, Equatable {
    /// True while folders are being scanned or entries classified.
    public var isScanning: Bool
    /// How many files have been found so far (before non-media are dropped).
    public var found: Int
    /// Sub-folders seen but not descended into, because the scan is not recursive: where
    /// nothing was found, they are the likely reason, and the sheet says so.
    public var skippedFolders: Int
    /// How many given paths and folders met on the way could not be read (a folder without
    /// permission, a listed file that does not exist): the files they hold are missing, and
    /// the sheet says so rather than showing a folder it cannot read as empty.
    public var unreadable: Int
    /// The first of them, with the system's reason, for the sheet to name.
    public var firstUnreadable: ScanIssue?

    /// A progress value.
    public init(isScanning: Bool, found: Int, skippedFolders: Int = 0, unreadable: Int = 0, firstUnreadable: ScanIssue? = nil) {
        self.isScanning = isScanning
        self.found = found
        self.skippedFolders = skippedFolders
        self.unreadable = unreadable
        self.firstUnreadable = firstUnreadable
    }
}
