/// The tty's size as the kernel keeps it (`TIOCGWINSZ`): cells always, pixels when the
/// terminal fills them in (many leave them 0).
public struct TerminalWindowSize: Hashable, Sendable {
    /// Columns and rows.
    public var cells: Size
    /// Width and height in pixels; nil when the terminal left them 0.
    public var pixels: Size?

    /// A size.
    public init(cells: Size, pixels: Size?) {
        self.cells = cells
        self.pixels = pixels
    }

    /// Pixels per cell, when both are known.
    public var cellPixelSize: Size? {
        guard let pixels else { return nil }
        return Size.perCell(pixels: pixels, cells: cells)
    }
}

extension Size {
    /// `pixels` divided among `cells`; nil when either is empty or a cell would be under 1 px.
    static func perCell(pixels: Size, cells: Size) -> Size? {
        guard cells.width > 0, cells.height > 0, pixels.width >= cells.width, pixels.height >= cells.height else { return nil }
        return Size(width: pixels.width / cells.width, height: pixels.height / cells.height)
    }
}
