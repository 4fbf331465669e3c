import TerminalUI

/// The rows of the sheet: header, tabs, grid, status line, footer. On a short sheet
/// (`isCompact`) the header and the status line give their rows to the grid: the tabs keep the
/// query and the footer the keys and the counter, as fzf keeps its prompt and list in 5 rows.
struct SheetLayout: Hashable {
    /// Rows taken by everything but the grid.
    static let chromeRows = 4
    /// Rows taken by everything but the grid on a compact sheet: the tabs and the footer.
    static let compactChromeRows = 2

    /// The whole sheet.
    let region: Rect
    /// The configured thumbnail size (nil: the default).
    let tile: Size?
    /// The first visible row of tiles (the model scrolls it to keep the focus on screen).
    var topRow = 0

    /// True when one row of the smallest tiles and its caption would not fit beside all four chrome rows.
    var isCompact: Bool { region.height < GridLayout.minimumTile.height + 1 + Self.chromeRows }
    /// Empty (no rows) on a compact sheet.
    var header: Rect { Rect(x: region.x, y: region.y, width: region.width, height: isCompact ? 0 : 1) }
    var tabs: Rect { Rect(x: region.x, y: header.maxY, width: region.width, height: 1) }
    var grid: Rect {
        Rect(x: region.x, y: tabs.maxY, width: region.width,
             height: region.height - (isCompact ? Self.compactChromeRows : Self.chromeRows))
    }
    /// Empty (no rows) on a compact sheet.
    var status: Rect { Rect(x: region.x, y: region.maxY - 2, width: region.width, height: isCompact ? 0 : 1) }
    var footer: Rect { Rect(x: region.x, y: region.maxY - 1, width: region.width, height: 1) }
    var gridLayout: GridLayout { GridLayout(area: grid, preferredTile: tile) }
    /// The grid with the preview's extra row: the preview also covers the status line.
    var previewArea: Rect { Rect(x: grid.x, y: grid.y, width: grid.width, height: grid.height + status.height) }

    /// Index in the shown entries of the first visible tile.
    var firstVisible: Int { topRow * gridLayout.columns }

    /// The range of shown entries on screen (`page` 0) or the screenful after it (`page` 1), within `count`.
    func entries(page: Int, of count: Int) -> Range<Int> {
        let size = gridLayout.pageSize
        let start = min(firstVisible + page * size, count)
        return start..<min(start + size, count)
    }

    /// The smallest region that fits one minimum tile with the compact chrome.
    static var minimumSize: Size {
        Size(width: max(20, GridLayout.minimumTile.width + 2), height: GridLayout.minimumTile.height + 1 + compactChromeRows)
    }

    /// True when even one tile does not fit.
    var isTooSmall: Bool {
        region.width < Self.minimumSize.width || region.height < Self.minimumSize.height || gridLayout.isTooSmall
    }
}
