import CNcursesw
import TerminalUI

extension CursesTerminal {
    /// Draws changed cells with `mvwadd_wch`: every scalar of a cell's grapheme cluster goes
    /// into one `cchar_t`, so combining marks stay on their base character.
    public func draw(_ updates: [CellUpdate]) {
        guard isActive else { return }
        palette.beginFrame()
        let window = cnc_stdscr()
        for update in updates {
            textRowsThisFrame.insert(update.position.y)
            let pair = definePair(for: update.cell.style)
            let attributes = Self.attributes(update.cell.style.attributes)
            let y = Int32(update.position.y), x = Int32(update.position.x)
            let scalars = Array(update.cell.text.unicodeScalars.prefix(5)).map { wchar_t(bitPattern: $0.value) }
            let text = scalars.isEmpty ? [wchar_t(32)] : scalars
            if cnc_put_cell(window, y, x, text + [0], attributes, pair) == ERR, text.count > 1 {
                // A cluster curses cannot hold in one cell (an emoji ZWJ sequence): its first scalar.
                _ = cnc_put_cell(window, y, x, [text[0], 0], attributes, pair)
            }
            if update.cell.width == 2 && cnc_wcwidth(text[0]) == 1 {
                // The C library thinks it narrow: blank the second column ourselves.
                _ = cnc_put_cell(window, y, x + 1, [32, 0], attributes, pair)
            }
        }
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
            init_extended_pair(pair, foreground, background)
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
