/// The order of the grid.
public enum SortOrder: String, Sendable, Hashable, CaseIterable {
    /// Newest first.
    case date
    /// Natural order of the file name (`img2` before `img10`), case-insensitive.
    case name
    /// Largest first.
    case size
    /// As given (fzf's `--no-sort`): the sources in the order they were given (PATH operands,
    /// then the lines of stdin as they come), each folder's files in name order (by their
    /// path below it with `-r`), so that `ls -t | mediapick` keeps the list's order.
    case input
}
