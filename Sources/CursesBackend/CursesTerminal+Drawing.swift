import CNcursesw
import TerminalUI

extension CursesTerminal {
    /// Draws changed cells with `cnc_put_cell` (`mvwadd_wch`): every scalar of a cell's grapheme cluster goes
    /// into one `cchar_t`, so combining marks stay on their base character. A cluster curses
    /// cannot draw as the terminal will (a flag, an emoji ZWJ sequence, a keycap) gets a
    /// placeholder here, and is written whole after the refresh (`DirectClusters`).
    public func draw(_ updates: [CellUpdate]) {
        guard isActive else { return }
        palette.beginFrame()
        let window = cnc_stdscr()
        // A whole screen after a resize is 10,000+ cells: the scalars go through one buffer on
        // the stack, not three arrays a cell, and a row is noted once, not once per cell.
        var lastRow = -1
        let keepsRowsInPlace = !painter.shownImages.isEmpty
        withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: 6) { text in
            for update in updates {
                if update.position.y != lastRow {
                    lastRow = update.position.y
                    textRowsThisFrame.insert(lastRow)
                    if keepsRowsInPlace { keepInPlace(row: lastRow) }
                }
                let pair = definePair(for: update.cell.style)
                let attributes = Self.attributes(update.cell.style.attributes)
                let y = Int32(update.position.y), x = Int32(update.position.x)
                let columns = max(1, update.cell.width)
                let direct = !Self.cursesDraws(update.cell)
                let covered = direct
                    ? directClusters.draw(DirectClusters.Cluster(text: update.cell.text, style: update.cell.style, width: columns),
                                          at: update.position)
                    : directClusters.drawCell(at: update.position, width: columns)
                if covered { _ = cnc_wredrawln(window, y, 1) }
                if direct {
                    // The placeholder: a space in the cell's style per column, which every
                    // terminal draws where curses counts it (the cluster's own first character
                    // need not be: kitty draws a lone regional indicator two columns wide).
                    text[0] = 32
                    text[1] = 0
                    for column in 0..<Int32(columns) { _ = cnc_put_cell(window, y, x + column, text.baseAddress!, attributes, pair) }
                    continue
                }
                var count = 0
                for scalar in update.cell.text.unicodeScalars.prefix(5) {
                    text[count] = wchar_t(bitPattern: scalar.value)
                    count += 1
                }
                if count == 0 { text[0] = 32; count = 1 }
                text[count] = 0
                if cnc_put_cell(window, y, x, text.baseAddress!, attributes, pair) == ERR, count > 1 {
                    // Refused (not seen: curses takes what it can hold): the first scalar.
                    text[1] = 0
                    _ = cnc_put_cell(window, y, x, text.baseAddress!, attributes, pair)
                }
            }
        }
    }

    /// Keeps curses from scrolling `row` this refresh, while pictures are on the screen: they
    /// are not curses' (their cells are blank to it), and a scroll moves them with the text,
    /// with nothing to put them back (tester2's finding 3: the app's pictures went up a row
    /// each time its list scrolled, sixel strips left behind). ncurses scrolls (a scroll region,
    /// `ind`, `dl`/`il`; `idlok` does not stop it, and there is no switch) when a changed line
    /// of the new screen is, by its hash, the one line of the old screen at another row, and
    /// then sweeps the lines around it (the blank rows of pictures too) into the move. A line
    /// `wredrawln` marks is zeros in curses' old screen, hash 0, which matches nothing: with
    /// every row this frame changes so marked, and the rows it leaves alone matching only
    /// themselves, curses finds no line that moved. The cost: curses writes each changed row
    /// whole, and its clusters again.
    private func keepInPlace(row: Int) {
        _ = cnc_wredrawln(cnc_stdscr(), Int32(row), 1)
        directClusters.rowsRewritten([row])
    }

    /// The pair for `style`, defined (or redefined) on first use. A recycled pair that may
    /// still colour visible cells queues a resize so the whole screen is redrawn.
    private func definePair(for style: Style) -> Int32 {
        let allocation = palette.pair(for: style)
        switch allocation {
        case .existing:
            break
        case .new(let pair), .recycled(let pair, _):
            let (foreground, background) = palette.colors(of: style)
            cnc_init_extended_pair(pair, foreground, background)
            if case .recycled(_, true) = allocation, !pendingEvents.contains(.resize(size)) {
                pendingEvents.append(.resize(size))
            }
        }
        return allocation.pair
    }

    private static func attributes(_ attributes: TextAttributes) -> attr_t {
        var bits = cnc_a_normal()
        if attributes.contains(.bold) { bits |= cnc_a_bold() }
        if attributes.contains(.dim) { bits |= cnc_a_dim() }
        if attributes.contains(.italic) { bits |= cnc_a_italic() }
        if attributes.contains(.underline) { bits |= cnc_a_underline() }
        if attributes.contains(.reverse) { bits |= cnc_a_reverse() }
        return bits
    }
}
