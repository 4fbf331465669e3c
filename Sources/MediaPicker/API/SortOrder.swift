/// The order of the grid.
public enum SortOrder: String, Sendable, Hashable, CaseIterable {
    /// Newest first.
    case date
    /// Natural order of the file name (`img2` before `img10`), case-insensitive.
    case name
    /// Largest first.
    case size
}
