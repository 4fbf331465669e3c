/// How folders are scanned.
public struct ScanOptions: Sendable, Hashable {
    /// Descend into sub-folders.
    public var recursive: Bool
    /// Include names starting with a dot.
    public var includeHidden: Bool

    /// Creates options: one level, hidden files left out, by default.
    public init(recursive: Bool = false, includeHidden: Bool = false) {
        self.recursive = recursive
        self.includeHidden = includeHidden
    }
}
