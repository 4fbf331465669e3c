/// xterm's bracketed paste (mode 2004), which fzf turns on too: the terminal wraps pasted
/// text in `ESC [ 200 ~` … `ESC [ 201 ~`, so that it reaches the picker as text to type
/// (`Key.paste`) rather than as keys. Without it a paste was typed key by key: `che`, newline,
/// `q` pasted into the search kept the filter at the newline and cancelled the picker at the
/// `q` (a Space selected, an Enter picked). Terminals without the mode ignore it and paste as
/// before.
enum BracketedPaste {
    /// Turns the mode on (at start, and again on resume from Ctrl-Z).
    static let on = Array("\u{1B}[?2004h".utf8)
    /// Turns it off (before the terminal is given back: exit, Ctrl-Z; the crash guard's
    /// `leaveScreen` has it too), so the shell is not sent the markers.
    static let off = Array("\u{1B}[?2004l".utf8)
    /// The bytes after ESC that start a paste.
    static let startTail: [UInt32] = "[200~".unicodeScalars.map(\.value)
    /// What ends a paste, ESC included.
    static let end: [UInt32] = "\u{1B}[201~".unicodeScalars.map(\.value)
    /// The most characters a paste keeps (a search query; the rest is read and dropped).
    static let longest = 4096

    /// The text of a paste's characters (without its end marker): each control character
    /// (newline, carriage return, tab, ESC…) a space, so none can act as a key.
    static func text(_ codes: [UInt32]) -> String {
        var text = String.UnicodeScalarView()
        for code in codes.prefix(longest) {
            guard let scalar = Unicode.Scalar(code) else { continue }
            let isControl = code < 0x20 || code == 0x7F || (0x80..<0xA0).contains(code)
            text.append(isControl ? " " : scalar)
        }
        return String(text)
    }

    /// True when `codes` end with the paste's end marker.
    static func isEnded(_ codes: [UInt32]) -> Bool {
        codes.count >= end.count && Array(codes.suffix(end.count)) == end
    }
}
