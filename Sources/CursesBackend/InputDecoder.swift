import CNcursesw
import TerminalUI

/// What one `wget_wch` result means. Pure: `CursesTerminal` acts on the answers that need
/// the terminal (resize, mouse, suspend); the table is unit-tested without one.
enum DecodedInput: Equatable {
    /// An event for the application.
    case event(Event)
    /// The terminal was resized (`KEY_RESIZE`): the backend reads the new size.
    case resize
    /// A mouse report is waiting (`KEY_MOUSE`): the backend reads it with `getmouse`.
    case mouse
    /// Ctrl-Z (byte 26 in raw mode): the backend suspends the program.
    case suspend
    /// Nothing the application handles (Ctrl-\, unknown key codes, C1 controls).
    case ignored
}

/// Turns curses input into events.
enum InputDecoder {
    /// A character `wget_wch` returned with `OK` (raw mode: control bytes arrive as is).
    static func decode(character code: UInt32) -> DecodedInput {
        switch code {
        case 3: return .event(.interrupt)        // Ctrl-C; raw mode turns off ISIG
        case 26: return .suspend                  // Ctrl-Z
        case 9: return .event(.key(.tab))
        case 10, 13: return .event(.key(.enter))
        case 8, 127: return .event(.key(.backspace))
        case 27: return .event(.key(.escape))
        case 1...26:
            let letter = Character(Unicode.Scalar(UInt8(96 + code)))
            return .event(.key(.control(letter)))
        case 0..<32, 0x80..<0xA0: return .ignored
        default:
            guard let scalar = Unicode.Scalar(code) else { return .ignored }
            return .event(.key(.character(Character(scalar))))
        }
    }

    /// A key code `wget_wch` returned with `KEY_CODE_YES`.
    static func decode(keyCode code: Int32) -> DecodedInput {
        if let key = keys[code] { return .event(.key(key)) }
        if code == KEY_RESIZE { return .resize }
        if code == KEY_MOUSE { return .mouse }
        if let n = (1...12).first(where: { cnc_key_f(Int32($0)) == code }) { return .event(.key(.function(n))) }
        return .ignored
    }

    private static let keys: [Int32: Key] = [
        KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right,
        KEY_HOME: .home, KEY_END: .end, KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown,
        KEY_BACKSPACE: .backspace, KEY_DC: .delete, KEY_IC: .insert,
        KEY_ENTER: .enter, KEY_BTAB: .backTab,
    ]

    /// True when `tail` (the bytes after an ESC, starting `[` or `O`) is a whole sequence:
    /// SS3 (`O`) takes one more byte; CSI (`[`) ends at a byte in 0x40...0x7E.
    static func escapeTailIsComplete(_ tail: [UInt32]) -> Bool {
        guard let first = tail.first, tail.count > 1 else { return false }
        if first == 0x4F { return true }
        return (0x40...0x7E).contains(tail[tail.count - 1])
    }

    /// What came at once after an ESC that starts no sequence: nothing, a character, or a key
    /// code curses recognised in what followed.
    enum AfterEscape: Equatable {
        case nothing
        case character(UInt32)
        case keyCode(Int32)
    }

    /// What an ESC means, given what followed it at once (`AfterEscape`): alone, it is Esc;
    /// with a character or a key straight after, it is Alt (or Meta) and that key, which the
    /// picker binds to nothing and ignores (as fzf does), rather than cancelling and losing a
    /// selection. `putBack` is true when what followed is its own input, to be read next: a
    /// second ESC (two Esc presses read together), Ctrl-C and Ctrl-Z (which must never be
    /// swallowed), and a resize or mouse report that came in right behind a lone Esc.
    static func decode(afterEscape next: AfterEscape) -> (input: DecodedInput, putBack: Bool) {
        switch next {
        case .nothing:
            return (.event(.key(.escape)), false)
        case .character(let code) where code == 27 || code == 3 || code == 26:
            return (.event(.key(.escape)), true)
        case .keyCode(let code) where code == KEY_RESIZE || code == KEY_MOUSE:
            return (.event(.key(.escape)), true)
        case .character, .keyCode:
            return (.ignored, false)
        }
    }

    /// The bytes after an ESC that open a control string (DCS `P`, SOS `X`, OSC `]`, PM `^`,
    /// APC `_`): what a terminal's replies to queries start with (XTVERSION, XTGETTCAP, the kitty
    /// graphics query), never a key of their own.
    static let stringIntroducers: Set<UInt32> = [0x50, 0x58, 0x5D, 0x5E, 0x5F]

    /// The longest control string read before giving up on its end: replies are far shorter.
    static let longestControlString = 4096

    /// True when `body` (the bytes after ESC and the introducer) ends the string: with ST
    /// (`ESC \`) or, as OSC replies may, with BEL.
    static func controlStringIsComplete(_ body: [UInt32]) -> Bool {
        guard let last = body.last else { return false }
        return last == 0x07 || (last == 0x5C && body.count >= 2 && body[body.count - 2] == 0x1B)
    }

    /// The key of an escape sequence curses did not recognise (TERM names a different
    /// terminal than the one in use): the common cursor and editing keys in their xterm and
    /// VT220 forms, and SGR mouse reports where curses expects X10 ones (`SGRMouse`);
    /// anything else is ignored rather than taken for Esc.
    static func decode(escapeTail tail: [UInt32]) -> DecodedInput {
        if let mouse = SGRMouse.decode(escapeTail: tail) { return mouse }
        let text = String(String.UnicodeScalarView(tail.compactMap(Unicode.Scalar.init)))
        return escapeSequences[text].map { .event(.key($0)) } ?? .ignored
    }

    private static let escapeSequences: [String: Key] = {
        var table: [String: Key] = [
            "[1~": .home, "[7~": .home, "[4~": .end, "[8~": .end, "[5~": .pageUp, "[6~": .pageDown,
            "[2~": .insert, "[3~": .delete, "[Z": .backTab,
        ]
        let finals: [(String, Key)] = [("A", .up), ("B", .down), ("C", .right), ("D", .left), ("H", .home), ("F", .end)]
        for (final, key) in finals {
            table["[" + final] = key
            table["O" + final] = key
        }
        return table
    }()

    /// A mouse report's button state as an event kind; nil for motion and buttons not used.
    static func mouseKind(_ state: mmask_t) -> MouseEvent.Kind? {
        let table: [(mmask_t, MouseEvent.Kind)] = [
            (cnc_button4_pressed(), .wheelUp), (cnc_button5_pressed(), .wheelDown),
            (cnc_button1_pressed(), .press(.left)), (cnc_button1_clicked(), .press(.left)),
            (cnc_button1_released(), .release(.left)),
            (cnc_button2_pressed(), .press(.middle)), (cnc_button2_clicked(), .press(.middle)),
            (cnc_button2_released(), .release(.middle)),
            (cnc_button3_pressed(), .press(.right)), (cnc_button3_clicked(), .press(.right)),
            (cnc_button3_released(), .release(.right)),
        ]
        return table.first { state & $0.0 != 0 }?.1
    }
}
