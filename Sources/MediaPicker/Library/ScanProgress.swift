/// How far a library's scan has gone, as the sheet shows it.
public struct ScanProgress: Sendable, Equatable {
    /// True while folders are being scanned or entries classified.
    public var isScanning: Bool
    /// How many files have been found so far (before non-media are dropped).
    public var found: Int
    /// Sub-folders seen but not descended into, because the scan is not recursive: where
    /// nothing was found, they are the likely reason, and the sheet says so.
    public var skippedFolders: Int

    /// A progress value.
    public init(isScanning: Bool, found: Int, skippedFolders: Int = 0) {
        self.isScanning = isScanning
        self.found = found
        self.skippedFolders = skippedFolders
    }
}
