/// What the library holds at one moment.
public struct LibrarySnapshot: Sendable {
    /// The live candidates, in the order they were found (non-media and vanished files left out).
    public var entries: [MediaEntry]
    /// True while folders are being scanned or entries classified.
    public var isBusy: Bool
    /// How many entries are still waiting to be classified.
    public var pendingCount: Int
    /// Problems met while scanning (unreadable folders, symlink loops).
    public var issues: [ScanIssue]
    /// Grows with every change; equal generations mean equal contents.
    public var generation: Int
}
