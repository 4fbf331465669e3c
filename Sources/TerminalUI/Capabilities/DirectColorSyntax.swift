/// How a terminal wrote a direct colour back when asked (DECRQSS of SGR after `38;2;1;2;3`):
/// the form it speaks itself. Curses sends direct colour in the form of its terminfo entry
/// (ncurses' `xterm-direct` writes `38:2::R:G:B`), so the entry is only used for a terminal that
/// answered in that form.
public enum DirectColorSyntax: Hashable, Sendable {
    /// `38;2;R;G;B`: parameters separated by semicolons (the common, older form).
    case semicolons
    /// `38:2:R:G:B`: sub-parameters, without the colour-space field (kitty's answer).
    case colons
    /// `38:2::R:G:B`: ITU T.416 sub-parameters with the colour-space field (empty in xterm's answer).
    case colonsWithColorSpace
}
