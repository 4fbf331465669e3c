import ColorModel

/// One terminal cell of a thumbnail: a glyph drawn in a foreground colour on a background colour.
public struct ArtCell: Hashable, Sendable {
    /// The glyph: always one column wide (ASCII, block elements, sextants, braille).
    public var glyph: Unicode.Scalar
    /// Colour of the glyph's ink.
    public var foreground: TerminalColor
    /// Colour of the rest of the cell.
    public var background: TerminalColor

    /// Creates a cell.
    public init(glyph: Unicode.Scalar, foreground: TerminalColor = .default, background: TerminalColor = .default) {
        self.glyph = glyph
        self.foreground = foreground
        self.background = background
    }

    /// A blank cell on the terminal's own background.
    public static let blank = ArtCell(glyph: " ")
}

/// A rectangle of cells: first column and row, width and height.
public struct CellArea: Hashable, Sendable {
    /// First column.
    public var column: Int
    /// First row.
    public var row: Int
    /// Width in cells.
    public var columns: Int
    /// Height in cells.
    public var rows: Int

    /// Creates an area.
    public init(column: Int, row: Int, columns: Int, rows: Int) {
        self.column = column
        self.row = row
        self.columns = columns
        self.rows = rows
    }
}

/// A picture made of terminal cells: what the renderer produces and the UI draws.
public struct CellImage: Hashable, Sendable {
    /// Width in cells.
    public let columns: Int
    /// Height in cells.
    public let rows: Int
    /// `columns * rows` cells, row-major.
    public var cells: [ArtCell]
    /// The cells the picture covers; the rest is the blank margin of `FitMode.fit` (a picture
    /// centred in a tile of another shape). The whole image unless the renderer says otherwise.
    public var pictureArea: CellArea

    /// Creates an image from cells; `cells.count` must be `columns * rows`.
    public init(columns: Int, rows: Int, cells: [ArtCell]) {
        precondition(cells.count == columns * rows, "CellImage: \(cells.count) cells for \(columns)x\(rows)")
        self.columns = columns
        self.rows = rows
        self.cells = cells
        pictureArea = CellArea(column: 0, row: 0, columns: columns, rows: rows)
    }

    /// A blank image of the given size.
    public init(columns: Int, rows: Int) {
        self.init(columns: columns, rows: rows, cells: Array(repeating: .blank, count: columns * rows))
    }

    /// The cell at (column, row).
    public subscript(column: Int, row: Int) -> ArtCell {
        get { cells[row * columns + column] }
        set { cells[row * columns + column] = newValue }
    }

    /// The picture without its margins: the cells of `pictureArea` (what `mediapick thumb`
    /// prints, as chafa and timg print a picture at most the size asked for).
    public var picture: CellImage {
        let area = pictureArea
        guard area != CellArea(column: 0, row: 0, columns: columns, rows: rows) else { return self }
        var cropped: [ArtCell] = []
        cropped.reserveCapacity(area.columns * area.rows)
        for row in area.row..<(area.row + area.rows) {
            cropped += cells[(row * columns + area.column)..<(row * columns + area.column + area.columns)]
        }
        return CellImage(columns: area.columns, rows: area.rows, cells: cropped)
    }

    /// The glyphs alone, one line per row: what golden tests compare.
    public var glyphText: String {
        (0..<rows).map { row in
            String(String.UnicodeScalarView(cells[(row * columns)..<((row + 1) * columns)].map(\.glyph)))
        }.joined(separator: "\n")
    }
}
