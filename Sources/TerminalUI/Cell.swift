/// One screen cell: a grapheme cluster, its display width, and its style.
///
/// A character two columns wide occupies its cell and a *continuation* cell to its
/// right (`width == 0`, empty text) that backends skip.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster shown (a single space for a blank cell).
    public var text: String
    /// Display width: 1, 2 for wide characters, 0 for the continuation of a wide one.
    public var width: Int
    /// Colours and attributes.
    public var style: Style

    /// Creates a cell; the width is computed from the text.
    public init(_ text: Character, style: Style = .plain) {
        self.text = String(text)
        self.width = max(1, DisplayWidth.of(text))
        self.style = style
    }

    /// Creates a cell with an explicit width (no check).
    public init(text: String, width: Int, style: Style = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }

    /// A blank cell in the terminal's default style.
    public static let blank = Cell(text: " ", width: 1)

    /// A blank cell with a style (used to paint backgrounds).
    public static func blank(_ style: Style) -> Cell { Cell(text: " ", width: 1, style: style) }

    /// The right half of a wide character.
    public static func continuation(_ style: Style) -> Cell { Cell(text: "", width: 0, style: style) }

    /// True for the right half of a wide character.
    public var isContinuation: Bool { width == 0 }
}
