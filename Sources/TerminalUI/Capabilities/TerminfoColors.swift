/// What a terminfo entry says about colour, as curses reads it after `start_color`.
public struct TerminfoColors: Hashable, Sendable {
    /// `colors` (`COLORS`); 0 or less when the entry has none.
    public var colors: Int
    /// The entry says colour numbers are RGB values: the `RGB` flag, or tmux's `Tc`.
    public var hasRGBFlag: Bool

    /// The two answers.
    public init(colors: Int, hasRGBFlag: Bool) {
        self.colors = colors
        self.hasRGBFlag = hasRGBFlag
    }
}
