/// The few non-ASCII marks the chrome uses, with ASCII stand-ins for terminals whose locale
/// is not UTF-8 (the same switch that makes thumbnails ASCII: `--symbols ascii`).
struct ChromeGlyphs: Hashable, Sendable {
    var play: String
    var warning: String
    var ellipsis: String
    var focusSide: String
    var separator: String
    var times: String
    var arrows: String
    /// Up and Down alone, for the keys that move while the search is typed.
    var upDown: String
    var dash: String

    static let unicode = ChromeGlyphs(play: "▶", warning: "⚠", ellipsis: "…", focusSide: "│", separator: " · ",
                                      times: "×", arrows: "←↓↑→", upDown: "↑↓", dash: "—")
    static let ascii = ChromeGlyphs(play: ">", warning: "!", ellipsis: "~", focusSide: "|", separator: " | ",
                                    times: "x", arrows: "hjkl", upDown: "^P^N", dash: "-")
}
