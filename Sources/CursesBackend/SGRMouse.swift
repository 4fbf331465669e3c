import TerminalUI

/// xterm's SGR mouse encoding (mode 1006): reports `ESC [ < b ; x ; y M` (press) or `m`
/// (release), with the column and row in decimal, so a click is reported at any width.
///
/// ncurses takes the mouse encoding from terminfo: SGR where `XM` asks for 1006 (xterm's
/// entries, whose `kmous` is `\E[<`), else X10 (`\E[M`, tmux-256color and screen-256color),
/// whose one byte per coordinate cannot carry a column or row above 223: tmux clamps them, and a
/// click at column 290 hit the tile at column 223. The backend turns 1006 on itself, as fzf does;
/// where ncurses expects X10, the reports do not match its `kmous` and reach the backend as an
/// unknown sequence, read here. Terminals that lack 1006 keep sending X10, which ncurses reads.
enum SGRMouse {
    /// Turns SGR reports on (sent after ncurses turned mouse tracking on, and again on resume).
    static let on = Array("\u{1B}[?1006h".utf8)
    /// Turns them off (before the terminal is given back: exit, Ctrl-Z; the crash guard's
    /// `leaveScreen` has it too).
    static let off = Array("\u{1B}[?1006l".utf8)
    /// Turns every mouse report off, SGR's and ncurses' own (clicks 1000, drags 1002, motion
    /// 1003): before the picker's input is read for the last time (`dropMouseReports`).
    static let everyModeOff = Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l".utf8) + off

    /// What a report's tail (the bytes after ESC: `[<b;x;yM`) means: a mouse event, or
    /// `.ignored` for motion and buttons the picker does not use; nil when `tail` is no SGR report.
    static func decode(escapeTail tail: [UInt32]) -> DecodedInput? {
        guard tail.count >= 7, tail[0] == 0x5B, tail[1] == 0x3C, let final = tail.last, final == 0x4D || final == 0x6D else {
            return nil
        }
        let fields = tail[2..<(tail.count - 1)].split(separator: 0x3B, omittingEmptySubsequences: false)
        let numbers = fields.map { field -> Int? in
            guard !field.isEmpty, field.count <= 6, field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            return field.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard numbers.count == 3, let button = numbers[0], let column = numbers[1], let row = numbers[2], column >= 1, row >= 1 else {
            return nil
        }
        guard let kind = kind(button: button, released: final == 0x6D) else { return .ignored }
        return .event(.mouse(MouseEvent(kind: kind, position: Point(x: column - 1, y: row - 1))))
    }

    /// The low two bits name the button (the wheel with 64 added); 32 is motion; 4, 8 and 16 are
    /// Shift, Meta and Ctrl, which change nothing here.
    private static func kind(button code: Int, released: Bool) -> MouseEvent.Kind? {
        guard code & 32 == 0 else { return nil }
        if code & 64 != 0 {
            guard !released else { return nil }
            switch code & 3 {
            case 0: return .wheelUp
            case 1: return .wheelDown
            default: return nil  // horizontal wheel
            }
        }
        let button: MouseEvent.Button
        switch code & 3 {
        case 0: button = .left
        case 1: button = .middle
        case 2: button = .right
        default: return nil
        }
        return released ? .release(button) : .press(button)
    }
}
