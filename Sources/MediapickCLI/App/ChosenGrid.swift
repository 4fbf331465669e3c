import TerminalUI

/// Where the main screen's thumbnail grid puts the chosen files: as many columns of tiles as
/// the width allows (up to three), and only the rows that fit, scrolled to keep the focused
/// file in view. Pure, so the screen does work for the tiles it shows, not for every file
/// chosen (2,000 tiles laid out and captioned on every key made each key cost 50–60 ms).
struct ChosenGrid: Equatable {
    /// One tile: which chosen file, the rectangle of its picture and the row of its caption.
    struct Tile: Equatable {
        /// The file's index among the chosen files.
        let index: Int
        /// Where its picture goes.
        let picture: Rect
        /// Where its name goes (one row under the picture).
        let caption: Rect
    }

    /// Blank columns between grid columns.
    static let spacing = 2
    /// Blank rows between grid rows.
    static let rowSpacing = 1
    /// The most grid columns.
    static let maximumColumns = 3

    /// The tiles shown, in reading order.
    let tiles: [Tile]

    /// The grid for `count` files with `focus` in view, in `area`, each picture `picture`
    /// cells (columns as `Grid.adaptive` counts them, with a blank column either side).
    init(count: Int, focus: Int, in area: Rect, picture: Size) {
        guard count > 0, !area.isEmpty else {
            tiles = []
            return
        }
        let columns = GridColumns.adaptive(minimumWidth: picture.width + 2, maximum: Self.maximumColumns)
            .count(for: area.width, spacing: Self.spacing)
        let width = max(0, (area.width - Self.spacing * (columns - 1)) / columns)
        let rowHeight = picture.height + 1
        let pitch = rowHeight + Self.rowSpacing
        let whole = (area.height + Self.rowSpacing) / pitch
        // Where not even one tile and its caption fit (a short terminal, the list above taking
        // the rows), none is drawn: a one-row sliver of a picture without its name is no
        // thumbnail, and the list already names the focused file.
        guard whole >= 1 else {
            tiles = []
            return
        }
        let rowCount = (count + columns - 1) / columns
        var rows = MainScreen.visibleRange(count: rowCount, focus: min(max(0, focus), count - 1) / columns, rows: whole)
        // The row after the whole ones shows its top where there is room for it, as `Grid` does.
        if rows.upperBound < rowCount, whole * pitch < area.height { rows = rows.lowerBound..<(rows.upperBound + 1) }
        tiles = rows.enumerated().flatMap { shown, row in
            let y = area.y + shown * pitch
            return (row * columns..<min(count, (row + 1) * columns)).map { index in
                let x = area.x + (index - row * columns) * (width + Self.spacing)
                let picture = Rect(x: x, y: y, width: width, height: picture.height).intersection(area)
                let caption = Rect(x: x, y: y + rowHeight - 1, width: width, height: 1).intersection(area)
                return Tile(index: index, picture: picture, caption: caption)
            }
        }
    }

    /// The indices of the files shown.
    var indices: [Int] { tiles.map(\.index) }
}
