import TerminalUI

/// Where tiles go for an area and a thumbnail size: pure arithmetic, tested on its own.
///
/// A slot is the thumbnail plus one caption row, with one margin column on each side
/// (the focus marks are drawn there).
public struct GridLayout: Hashable, Sendable {
    /// The default thumbnail size when the configuration names none.
    public static let defaultTile = Size(width: 16, height: 8)
    /// The smallest thumbnail worth drawing.
    public static let minimumTile = Size(width: 4, height: 2)

    /// The area the grid fills.
    public let area: Rect
    /// Thumbnail size in cells (without caption and margins).
    public let tile: Size

    /// Lays out `area` with thumbnails of `preferredTile` (or the default), shrunk to fit
    /// when the area is smaller than one slot.
    public init(area: Rect, preferredTile: Size? = nil) {
        self.area = area
        // A request below the smallest drawable tile gets that tile, not a "too small" notice.
        let wanted = (preferredTile ?? GridLayout.defaultTile).atLeast(GridLayout.minimumTile)
        tile = Size(width: max(0, min(wanted.width, area.width - 2)), height: max(0, min(wanted.height, area.height - 1)))
    }

    /// True when not even one tile of the minimum size fits.
    public var isTooSmall: Bool {
        tile.width < GridLayout.minimumTile.width || tile.height < GridLayout.minimumTile.height
    }

    /// One slot: thumbnail, caption row and the two margins.
    public var slot: Size { Size(width: tile.width + 2, height: tile.height + 1) }

    /// Tiles per row.
    public var columns: Int { isTooSmall ? 0 : max(1, area.width / slot.width) }
    /// Rows of tiles that fit whole.
    public var rows: Int { isTooSmall ? 0 : max(1, area.height / slot.height) }
    /// Tiles on one screen.
    public var pageSize: Int { columns * rows }

    /// The slot of the tile at `row`, `column` of the screen (0-based, from the top-left visible tile);
    /// the leftover width is shared out so the grid is centred.
    public func slotRect(row: Int, column: Int) -> Rect {
        let left = area.centered(Size(width: columns * slot.width, height: slot.height)).x
        return Rect(x: left + column * slot.width, y: area.y + row * slot.height, width: slot.width, height: slot.height)
    }

    /// The thumbnail's rectangle inside a slot.
    public func thumbnailRect(inSlot slot: Rect) -> Rect { Rect(x: slot.x + 1, y: slot.y, width: tile.width, height: tile.height) }

    /// The caption row inside a slot.
    public func captionRect(inSlot slot: Rect) -> Rect { Rect(x: slot.x + 1, y: slot.y + tile.height, width: tile.width, height: 1) }

    /// The screen position (row, column) under `point`, or nil.
    public func slot(at point: Point) -> (row: Int, column: Int)? {
        guard !isTooSmall else { return nil }
        for row in 0..<rows {
            for column in 0..<columns where slotRect(row: row, column: column).contains(point) { return (row, column) }
        }
        return nil
    }

    /// The first visible row of tiles that keeps `focusRow` on screen, moving as little as possible from `topRow`.
    public func scrolledTopRow(current topRow: Int, focusRow: Int, totalRows: Int) -> Int {
        guard rows > 0 else { return 0 }
        var top = topRow
        if focusRow < top { top = focusRow }
        if focusRow >= top + rows { top = focusRow - rows + 1 }
        return max(0, min(top, max(0, totalRows - rows)))
    }
}

extension Size {
    /// This size, grown where it is below `minimum`.
    func atLeast(_ minimum: Size) -> Size { Size(width: max(width, minimum.width), height: max(height, minimum.height)) }
}
