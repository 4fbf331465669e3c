/// What a backend does to show one frame's pictures, made by `GraphicsPainter.plan(_:screen:)`:
/// rows curses must write again in this frame's refresh, then bytes written after it.
public struct GraphicsPlan: Hashable, Sendable {
    /// One write to the terminal after the frame's text is drawn.
    public enum Write: Hashable, Sendable {
        /// A command that needs no cursor position (kitty: deleting, transmitting).
        case command([UInt8])
        /// Bytes drawn (or placed) with the cursor at the picture's top-left cell.
        case at(Point, [UInt8])
    }

    /// Screen rows, ascending, to write again whole in this frame's refresh: a picture drawn at
    /// the cursor (sixel, iTerm2) that moved or went away stays in the terminal's pixels until
    /// text is written over it.
    public var rewrittenRows: [Int]
    /// What to write once the refresh is out, in order.
    public var writes: [Write]
    /// Cells where a sixel or iTerm2 picture went away (or moved from), to print spaces over
    /// before the refresh: xterm forgets a sixel's pixels only where characters are printed over
    /// them, and the erasing curses sends for blanks (EL, ECH) hides them only until the window
    /// is next exposed, when they come back over whatever is there now.
    public var vacated: [Rect]

    /// A plan of `rewrittenRows`, `writes` and `vacated`.
    public init(rewrittenRows: [Int] = [], writes: [Write] = [], vacated: [Rect] = []) {
        self.rewrittenRows = rewrittenRows
        self.writes = writes
        self.vacated = vacated
    }

    /// True when the frame changes nothing about the pictures.
    public var isEmpty: Bool { rewrittenRows.isEmpty && writes.isEmpty && vacated.isEmpty }

    /// The bytes that print spaces over `vacated`, in the default colours, one write a row (each
    /// keeps the cursor and the colours curses left, as `bytes(throughTmux:)` says). Written before
    /// the refresh, which writes those rows again whole (`rewrittenRows`).
    public func vacatingBytes(throughTmux: Bool) -> [UInt8] {
        let rows = vacated.flatMap { rect in
            (rect.y..<rect.maxY).map { Write.at(Point(x: rect.x, y: $0), Array("\u{1B}[0m".utf8) + Array(repeating: 0x20, count: rect.width)) }
        }
        return Self.bytes(of: rows, throughTmux: throughTmux)
    }

    /// The bytes of `writes`. A placed write goes between save cursor (`ESC 7`), a cursor move and
    /// restore cursor (`ESC 8`): sixel and iTerm2 move the cursor, and curses must find it where it
    /// left it. `throughTmux`: each write is wrapped for tmux's passthrough, the cursor move
    /// included — tmux moves the outer terminal's cursor only when it draws there itself, so a move
    /// it interpreted would not have happened yet when the picture passes through. (The move is
    /// relative to the outer terminal: right for a pane at its top-left corner.)
    public func bytes(throughTmux: Bool) -> [UInt8] { Self.bytes(of: writes, throughTmux: throughTmux) }

    private static func bytes(of writes: [Write], throughTmux: Bool) -> [UInt8] {
        var out: [UInt8] = []
        for write in writes {
            var sequence: [UInt8]
            switch write {
            case .command(let bytes):
                sequence = bytes
            case .at(let point, let bytes):
                sequence = [0x1B, UInt8(ascii: "7")] + Array("\u{1B}[\(point.y + 1);\(point.x + 1)H".utf8)
                sequence += bytes
                sequence += [0x1B, UInt8(ascii: "8")]
            }
            out += throughTmux ? TmuxPassthrough.wrap(sequence) : sequence
        }
        return out
    }
}
