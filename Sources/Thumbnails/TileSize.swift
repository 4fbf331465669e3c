/// The size of a thumbnail on screen, in terminal cells.
public struct TileSize: Hashable, Sendable {
    /// Width in cells.
    public var columns: Int
    /// Height in cells.
    public var rows: Int

    /// Creates a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}
