/// A changed cell, as sent to a backend.
public struct CellUpdate: Hashable, Sendable {
    /// Where.
    public var position: Point
    /// What to draw there (never a continuation cell: backends draw wide cells whole).
    public var cell: Cell

    /// Creates an update.
    public init(position: Point, cell: Cell) {
        self.position = position
        self.cell = cell
    }
}

/// A grid of cells the size of the screen (or of a region): views draw into it, and the
/// difference between two buffers is what goes to the terminal.
public struct ScreenBuffer: Hashable, Sendable {
    /// The buffer's size.
    public private(set) var size: Size
    /// Row-major cells.
    public private(set) var cells: [Cell]
    /// The pictures placed over the cells (terminal graphics), in the order placed.
    public internal(set) var images: [PlacedImage] = []

    /// A blank buffer.
    public init(size: Size, fill: Cell = .blank) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        self.cells = Array(repeating: fill, count: self.size.width * self.size.height)
    }

    /// The whole buffer as a rectangle.
    public var bounds: Rect { Rect(size: size) }

    /// The cell at (x, y); reading outside gives a blank, writing outside is ignored.
    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
            return cells[y * size.width + x]
        }
        set {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
            cells[y * size.width + x] = newValue
        }
    }

    /// Fills `rect` (clipped to the buffer) with `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX { cells[y * size.width + x] = cell }
        }
        repairWideEdges(in: r)
    }

    /// Writes `text` from `origin` on one line, clipped to `clip` (and the buffer).
    /// Control characters are made visible (`SafeText.terminalSafe`, whatever the locale: a
    /// name comes here already shown as the locale allows, ASCII alone in one that is not
    /// UTF-8, its backslashes doubled, by `SafeText.visible` where it is put into words, which
    /// the layout measures, and is not escaped again; the rest is the program's own text); a
    /// wide character that does not fit whole
    /// before the clip edge becomes a space. Returns the column after the last written cell.
    @discardableResult
    public mutating func write(_ text: String, at origin: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        var x = origin.x
        let y = origin.y
        guard y >= area.y, y < area.maxY else { return x + DisplayWidth.of(SafeText.terminalSafe(text, charset: .unicode)) }
        for character in SafeText.terminalSafe(text, charset: .unicode) {
            let w = DisplayWidth.of(character)
            if w == 0 { continue }  // a lone combining mark or format character: nothing to place
            if x >= area.maxX { break }
            if x + w <= area.x { x += w; continue }
            if x < area.x || x + w > area.maxX {
                // Only part of a wide character is inside: show a space for the visible half.
                for column in max(x, area.x)..<min(x + w, area.maxX) { put(.blank(style), x: column, y: y) }
            } else {
                put(Cell(text: String(character), width: w, style: style), x: x, y: y)
                if w == 2 { put(.continuation(style), x: x + 1, y: y) }
            }
            x += w
        }
        return x
    }

    /// Copies `other` into this buffer with its top-left at `origin`, clipped.
    public mutating func blit(_ other: ScreenBuffer, at origin: Point) {
        for y in 0..<other.size.height {
            for x in 0..<other.size.width { self[origin.x + x, origin.y + y] = other[x, y] }
        }
        repairWideEdges(in: Rect(x: origin.x, y: origin.y, width: other.size.width, height: other.size.height))
    }

    /// Applies `transform` to the style of every cell in `rect` (used to dim a parent under a sheet).
    public mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX { cells[y * size.width + x].style = transform(cells[y * size.width + x].style) }
        }
    }

    /// The cells that differ from `previous`. When the sizes differ every cell is sent.
    /// Continuation cells are never sent; a changed continuation sends its wide cell.
    public func diff(from previous: ScreenBuffer?) -> [CellUpdate] {
        var updates: [CellUpdate] = []
        let sameSize = previous?.size == size
        for y in 0..<size.height {
            var x = 0
            while x < size.width {
                let i = y * size.width + x
                let cell = cells[i]
                let changed = !sameSize || previous!.cells[i] != cell
                    || (cell.width == 2 && x + 1 < size.width && previous!.cells[i + 1] != cells[i + 1])
                if changed {
                    if cell.isContinuation {
                        // Its lead cell was unchanged: redraw the lead so the pair stays whole.
                        if x > 0, cells[i - 1].width == 2 {
                            updates.append(CellUpdate(position: Point(x: x - 1, y: y), cell: cells[i - 1]))
                        } else {
                            updates.append(CellUpdate(position: Point(x: x, y: y), cell: .blank(cell.style)))
                        }
                    } else {
                        updates.append(CellUpdate(position: Point(x: x, y: y), cell: cell))
                    }
                }
                x += cell.width == 2 ? 2 : 1
            }
        }
        return updates
    }

    /// Takes `rows` from `other`, a buffer of the same size (a frame sent in parts).
    mutating func copyRows(_ rows: Range<Int>, from other: ScreenBuffer) {
        precondition(other.size == size, "rows copied between buffers of different sizes")
        let lo = max(0, rows.lowerBound) * size.width, hi = min(size.height, rows.upperBound) * size.width
        guard lo < hi else { return }
        cells.replaceSubrange(lo..<hi, with: other.cells[lo..<hi])
    }

    /// The text of each row, continuation cells skipped, trailing spaces kept:
    /// the form snapshots compare.
    public var lines: [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width where !cells[y * size.width + x].isContinuation {
                line += cells[y * size.width + x].text
            }
            return line
        }
    }

    /// `lines` joined by newlines.
    public var text: String { lines.joined(separator: "\n") }

    private mutating func put(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
        let i = y * size.width + x
        // Overwriting half of a wide pair would leave the other half orphaned: blank it.
        if cells[i].isContinuation, x > 0, cells[i - 1].width == 2 { cells[i - 1] = .blank(cells[i - 1].style) }
        if cells[i].width == 2, x + 1 < size.width, cell.width != 2 { cells[i + 1] = .blank(cells[i + 1].style) }
        cells[i] = cell
    }

    /// After a rectangular overwrite, pairs cut at its left and right edges are blanked.
    private mutating func repairWideEdges(in rect: Rect) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in [r.x, r.maxX - 1, r.maxX] where x >= 0 && x < size.width {
                let i = y * size.width + x
                if cells[i].isContinuation && (x == 0 || cells[i - 1].width != 2) {
                    cells[i] = .blank(cells[i].style)
                }
                if cells[i].width == 2 && (x + 1 >= size.width || !cells[i + 1].isContinuation) {
                    cells[i] = .blank(cells[i].style)
                }
            }
        }
    }
}
