import CellArt
import ColorModel
import CursesBackend
import TerminalUI

/// `--symbols` and `--colors` resolved to what is drawn with. Pure: the environment comes in
/// as a value.
public enum DisplaySettings {
    /// The symbol set: the one asked for, or for `auto` blocks in a UTF-8 locale (the first
    /// of `LC_ALL`, `LC_CTYPE`, `LANG` that is set decides) and ASCII otherwise.
    public static func symbols(_ choice: SymbolChoice, environment: [String: String]) -> SymbolSet {
        if case .fixed(let set) = choice { return set }
        return SymbolSet.automatic(utf8Locale: isUTF8Locale(environment))
    }

    /// True when the locale's character set is UTF-8.
    public static func isUTF8Locale(_ environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        // On the bytes: String.contains built a substring searcher, 2.4 % of a small `thumb` run.
        let lower = locale.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        return contains(lower, Array("utf-8".utf8)) || contains(lower, Array("utf8".utf8))
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// The warning for a `MEDIAPICK_GRAPHICS` that names no protocol, where it is read (no
    /// `--graphics`): detection ignores it, as `ls` ignores a bad `LS_COLORS`, but a typo went
    /// unnoticed where `--graphics bogus` is an error. Nil when unset, empty or valid.
    public static func graphicsVariableWarning(_ graphics: GraphicsChoice, environment: [String: String]) -> String? {
        let name = TerminalCapabilities.graphicsVariable
        guard graphics == .auto, let value = environment[name], !value.isEmpty, GraphicsChoice(argument: value) == nil else { return nil }
        return "invalid value '\(value)' for \(name), ignored: expected one of " + GraphicsChoice.names.joined(separator: ", ")
    }

    /// What detection decides from, for every mode: the requests, the environment and, unless
    /// they already decide, the terminal's replies through /dev/tty (`TerminalProbe`; at most
    /// 200 ms, once, before curses starts; `lateReplyGrace` longer for a terminal that answers
    /// late, see `TerminalProbe.lateReplyGrace`).
    public static func terminalFacts(colors: ColorChoice, graphics: GraphicsChoice, cellPixelSize: Size,
                                     environment: [String: String], lateReplyGrace: Duration = .zero) -> TerminalFacts {
        var facts = TerminalProbe.facts(environment: environment, requestedColorDepth: colors.requestedDepth,
                                        requestedGraphics: graphics.requested, lateReplyGrace: lateReplyGrace)
        facts.fallbackCellPixelSize = cellPixelSize
        return facts
    }
}
