import CellArt
import ColorModel
import CursesBackend
import TerminalUI

/// `--symbols` and `--colors` resolved to what is drawn with. Pure: the environment comes in
/// as a value.
public enum DisplaySettings {
    /// The symbol set: the one asked for, or for `auto` blocks where the screen shows more than
    /// ASCII (`screen`: `SafeText.screenCharset`, which `mediapick`'s main sets once from the
    /// C library's answer, `LocaleCodeset`) and ASCII otherwise. One rule for names and
    /// symbols: a UTF-8 locale that is named but not installed (`LANG=xx_YY.UTF-8`) is the C
    /// locale to curses, and drew blocks beside names shown as `\xHH`.
    public static func symbols(_ choice: SymbolChoice, screen: SafeText.Charset) -> SymbolSet {
        if case .fixed(let set) = choice { return set }
        return SymbolSet.automatic(utf8Locale: screen == .unicode)
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
