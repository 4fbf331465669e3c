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

/// A picture made of terminal cells: what the renderer produces and the UI draws.
public struct CellImage: Hashable, Sendable {
    /// Width in cells.
    public let columns: Int
    /// Height in cells.
    public let rows: Int
    /// `columns * rows` cells, row-major.
    public var cells: [ArtCell]

    /// Creates an image from cells; `cells.count` must be `columns * rows`.
    public init(columns: Int, rows: Int, cells: [ArtCell]) {
        precondition(cells.count == columns * rows, "CellImage: \(cells.count) cells for \(columns)x\(rows)")
        self.columns = columns
        self.rows = rows
        self.cells = cells
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

    /// The glyphs alone, one line per row: what golden tests compare.
    public var glyphText: String {
        (0..<rows).map { row in
            String(String.UnicodeScalarView(cells[(row * columns)..<((row + 1) * columns)].map(\.glyph)))
        }.joined(separator: "\n")
    }
}
