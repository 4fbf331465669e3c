import TerminalUI

/// The chrome's styles. Everything that must stand out does so by attributes (reverse,
/// bold, brackets), so it still reads with `--colors none`; colour only adds to it.
struct SheetTheme {
    var colors: ColorDepth
    var glyphs: ChromeGlyphs = .unicode

    private var accent: TerminalColor { colors >= .ansi8 ? .indexed(4) : .default }
    private var muted: TerminalColor { colors >= .ansi16 ? .indexed(8) : .default }

    var header: Style { Style(attributes: .bold) }
    var button: Style { Style(attributes: [.reverse]) }
    var activeTab: Style { Style(foreground: accent, attributes: [.reverse, .bold]) }
    var tab: Style { .plain }
    var hint: Style { Style(foreground: muted, attributes: .dim) }
    var caption: Style { .plain }
    var focusedCaption: Style { Style(attributes: [.reverse, .bold]) }
    var focusMark: Style { Style(foreground: accent, attributes: .bold) }
    var selectedCaption: Style { Style(foreground: accent, attributes: [.bold, .underline]) }
    var badge: Style { Style(foreground: accent, attributes: [.reverse, .bold]) }
    var placeholder: Style { Style(foreground: muted, attributes: .dim) }
    var warning: Style { Style(attributes: [.bold]) }
    var message: Style { Style(attributes: [.reverse, .bold]) }
    var footer: Style { Style(attributes: .dim) }
    var counter: Style { Style(attributes: .bold) }
}
