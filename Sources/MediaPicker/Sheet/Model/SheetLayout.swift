import TerminalUI

/// The rows of the sheet: header, tabs, grid, status line, footer.
struct SheetLayout: Hashable {
    /// Rows taken by everything but the grid.
    static let chromeRows = 4

    let region: Rect
    let tile: Size?

    var header: Rect { Rect(x: region.x, y: region.y, width: region.width, height: 1) }
    var tabs: Rect { Rect(x: region.x, y: region.y + 1, width: region.width, height: 1) }
    var grid: Rect { Rect(x: region.x, y: region.y + 2, width: region.width, height: region.height - Self.chromeRows) }
    var status: Rect { Rect(x: region.x, y: region.maxY - 2, width: region.width, height: 1) }
    var footer: Rect { Rect(x: region.x, y: region.maxY - 1, width: region.width, height: 1) }
    var gridLayout: GridLayout { GridLayout(area: grid, preferredTile: tile) }

    /// The smallest region that fits one minimum tile with the chrome.
    static var minimumSize: Size {
        Size(width: max(20, GridLayout.minimumTile.width + 2), height: GridLayout.minimumTile.height + 1 + chromeRows)
    }

    /// True when even one tile does not fit.
    var isTooSmall: Bool {
        region.width < Self.minimumSize.width || region.height < Self.minimumSize.height || gridLayout.isTooSmall
    }
}
