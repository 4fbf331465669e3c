import Synchronization

/// Makes untrusted text (file names above all) safe to put on a terminal.
public enum SafeText {
    /// What the terminal's locale can show of a name.
    public enum Charset: UInt8, Sendable {
        /// A UTF-8 locale: every character the screen does not escape is drawn as it is.
        case unicode
        /// Any other locale (the C/POSIX locale, Latin-1…): ASCII alone. Curses' wide-character
        /// path cannot encode the rest there (é left as the Latin-1 byte 0xE9, which a UTF-8
        /// terminal does not show; a byte that is not UTF-8 left as a space), and a terminal
        /// reading ASCII would not show it either.
        case ascii
    }

    private static let screenCharsetValue = Atomic<UInt8>(Charset.unicode.rawValue)

    /// The charset of the screen names are shown on, for the whole process: set once at start
    /// from the locale (`mediapick`'s main), read by `visible` and what shows a name on the
    /// screen, in messages and in results printed onto a terminal. `.unicode` until set.
    /// Process-wide on purpose, the one setting that is: it mirrors the C library's locale,
    /// itself process-wide, in which curses encodes every cell; written once, before any screen
    /// or worker exists, and atomic, so that any thread may read it.
    public static var screenCharset: Charset {
        get { Charset(rawValue: screenCharsetValue.load(ordering: .relaxed)) ?? .unicode }
        set { screenCharsetValue.store(newValue.rawValue, ordering: .relaxed) }
    }

    /// `text` (a name, or other text from outside: an argument, a search) as the screen shows
    /// it, made visible exactly once, where it becomes text. Every control character and every
    /// invisible format character is escaped, one rule for all: the C escapes where C has one
    /// (`\a \b \t \n \v \f \r`, and `\e` for ESC), `\xHH` for any other C0 or C1 control
    /// and DEL, `\u{HHHH}` for a format character (Unicode's Cf: bidi controls such as U+202E,
    /// zero-width spaces and joiners, the BOM…) and for the line and paragraph separators; and a
    /// backslash is `\\`, as `ls -b` shows it, so that every backslash on the screen starts an
    /// escape (`a\\xc3b.png` is the name spelt with a backslash, `a\xc3b.png` the one with the
    /// byte 0xC3) and truncation can keep an escape whole (`units`). Nothing a terminal would
    /// interpret survives, no two names that differ read the same (`rtl_\u{202e}gpj.exe` is
    /// not `rtl_gpj.exe`), and no text is reordered. Kept: the joiners and tags inside an emoji
    /// sequence (👨‍👩‍👧, a subdivision flag), which are what draws it.
    ///
    /// With the `.ascii` charset (a locale that is not UTF-8) only ASCII is kept: every byte of
    /// a character outside ASCII is shown as `\xHH` (`café` as `caf\xc3\xa9`), as the bytes
    /// that are not text already are (`visible(bytes:)`). Bytes, not `\u{e9}`: the name's own
    /// spelling, one notation for text and for bytes that are not, so that no two names that
    /// differ read the same, and what a program in that locale sees in the name. ASCII controls
    /// keep their C escapes.
    ///
    /// Not idempotent (each backslash doubles): text already made visible, or the program's
    /// own, goes through `terminalSafe`, which leaves backslashes alone.
    public static func visible(_ text: String, charset: Charset = screenCharset) -> String {
        shown(text, charset: charset, escapingBackslash: true)
    }

    /// The bytes of a name (a path's) as `visible` shows them: with `.unicode` as the text they
    /// decode to, a byte that is not UTF-8 as U+FFFD (`bad\u{fffd}.jpg` drawn as `bad�.jpg`);
    /// with `.ascii` each byte outside ASCII as `\xHH` (`bad\xff.jpg`), the byte itself.
    public static func visible(bytes: [UInt8], charset: Charset = screenCharset) -> String {
        charset == .ascii ? asciiVisible(bytes, escapingBackslash: true) : visible(String(decoding: bytes, as: UTF8.self), charset: .unicode)
    }

    /// `text` made safe for the terminal without making it visible again: what `visible`
    /// escapes, but a backslash kept. The screen's safety net (`ScreenBuffer.write`, the
    /// controls, messages on stderr), given text that holds names already made visible or the
    /// program's own words; idempotent, and `terminalSafe(visible(name))` is `visible(name)`,
    /// so a name is escaped once.
    public static func terminalSafe(_ text: String, charset: Charset = screenCharset) -> String {
        shown(text, charset: charset, escapingBackslash: false)
    }

    /// `visible`, or with `escapingBackslash` false `terminalSafe`.
    private static func shown(_ text: String, charset: Charset, escapingBackslash: Bool) -> String {
        if charset == .ascii {
            guard !text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && ($0 != backslash || !escapingBackslash) }) else { return text }
            return asciiVisible(Array(text.utf8), escapingBackslash: escapingBackslash)
        }
        let doubled = escapingBackslash ? "\\\\" : "\\"
        guard text.unicodeScalars.contains(where: { ($0 == "\\" && escapingBackslash) || isControl($0) || isInvisible($0) }) else {
            return text
        }
        return rewrite(text, kept: { $0 == "\\" ? doubled : String($0) },
                       escaped: { isControl($0) ? escape($0.value) : unicodeEscape($0.value) })
    }

    private static let backslash = UInt8(ascii: "\\")

    /// `bytes` in ASCII: printable ASCII kept (a backslash as `\\` when `escapingBackslash`),
    /// controls as `escape` gives them, every other byte as `\xHH`.
    private static func asciiVisible(_ bytes: [UInt8], escapingBackslash: Bool) -> String {
        var out = ""
        out.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte == backslash && escapingBackslash {
                out += "\\\\"
            } else if byte >= 0x20 && byte < 0x7F {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += escape(UInt32(byte))
            }
        }
        return out
    }

    /// `text` in the pieces that are kept or cut whole when it is shortened (`TextFitting`,
    /// `MiddleTruncation`): each escape `visible` writes (`\\`, `\e`, `\xc3`, `\u{202e}`) one
    /// piece, every other character one. `caf\xc3\xa9` cut to fit was `caf\xc3\x…`, a byte
    /// that is not in the name. A backslash that starts no escape (the program's own text) is a
    /// piece alone. Pieces end on characters' boundaries (a mark after an escape stays with it).
    public static func units(_ text: String) -> [Substring] {
        var units: [Substring] = []
        var index = text.startIndex
        while index < text.endIndex {
            let end = escapeEnd(in: text, from: index) ?? text.index(after: index)
            units.append(text[index..<end])
            index = end
        }
        return units
    }

    /// Where the escape that starts at `start` ends, nil when none starts there.
    private static func escapeEnd(in text: String, from start: String.Index) -> String.Index? {
        guard text[start] == "\\" else { return nil }
        var index = text.index(after: start)
        // The first scalar of the next character: a mark after it stays in the same character.
        func next() -> Unicode.Scalar? {
            guard index < text.endIndex else { return nil }
            defer { index = text.index(after: index) }
            return text[index].unicodeScalars.first
        }
        func isHex(_ scalar: Unicode.Scalar?) -> Bool { scalar?.properties.isASCIIHexDigit ?? false }
        switch next() {
        case "\\", "a", "b", "t", "n", "v", "f", "r", "e":
            return index
        case "x":
            return isHex(next()) && isHex(next()) ? index : nil
        case "u":
            guard next() == "{", isHex(next()) else { return nil }
            while let scalar = next() {
                if scalar == "}" { return index }
                if !isHex(scalar) { return nil }
            }
            return nil
        default:
            return nil
        }
    }

    /// `text` scalar by scalar, `escaped` giving each scalar that `visible` escapes and `kept`
    /// each one it keeps: the one choice of what is escaped, for another notation of the
    /// escapes (JSON's `\u001b` for a name printed as JSON on a terminal).
    public static func rewrite(_ text: String, kept: (Unicode.Scalar) -> String,
                               escaped: (Unicode.Scalar) -> String) -> String {
        var out = ""
        for character in text {
            let scalars = Array(character.unicodeScalars)
            for (index, scalar) in scalars.enumerated() {
                let hidden = isControl(scalar) || (isInvisible(scalar) && !drawsEmoji(scalars, at: index))
                out += hidden ? escaped(scalar) : kept(scalar)
            }
        }
        return out
    }

    /// The escape of one control character (or of a byte that is not text): its C escape,
    /// else `\xHH` up to 0xFF, else `unicodeEscape`.
    public static func escape(_ value: UInt32) -> String {
        switch value {
        case 0x07: return "\\a"
        case 0x08: return "\\b"
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0B: return "\\v"
        case 0x0C: return "\\f"
        case 0x0D: return "\\r"
        case 0x1B: return "\\e"
        case 0...0xFF:
            let hex = String(value, radix: 16)
            return "\\x" + (hex.count < 2 ? "0" + hex : hex)
        default:
            return unicodeEscape(value)
        }
    }

    /// `\u{HHHH}` (at least four digits, in lower case as `\x9b`): how a format character is
    /// shown, U+00AD too, told apart from a byte 0xAD that is not text (`\xad`).
    public static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u{" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "}"
    }

    /// True for C0 controls, DEL and C1 controls.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }

    /// True for what a terminal draws as nothing, or uses to reorder or break the line: format
    /// characters (Cf) and the line and paragraph separators (U+2028, U+2029).
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// True when the format character at `index` of a grapheme cluster is part of an emoji
    /// sequence: a zero-width joiner between two pictographs (ZWJ sequences), or a tag after a
    /// pictograph (a subdivision flag). A joiner anywhere else joins nothing visible.
    private static func drawsEmoji(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard let first = scalars.first, isPictograph(first), index > 0 else { return false }
        let value = scalars[index].value
        if value == 0x200D { return index + 1 < scalars.count && isPictograph(scalars[index + 1]) }
        return (0xE0020...0xE007F).contains(value)
    }

    /// Emoji outside ASCII (whose digits, `#` and `*` are emoji too, as keycaps' bases).
    private static func isPictograph(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 && scalar.properties.isEmoji
    }
}
