import ColorModel

/// Which glyphs a thumbnail may use.
public enum SymbolSet: String, Hashable, Sendable, CaseIterable {
    /// Printable ASCII only: works in every terminal and font.
    case ascii
    /// Half blocks (▀ ▄ ▌ ▐ █): each cell split in two, top and bottom or left and right.
    case blocks
    /// Quadrant blocks (▖ ▗ ▘ ▝ …): 2x2 pixels per cell.
    case quadrants
    /// Sextants (U+1FB00–1FB3B): 2x3 pixels per cell.
    case sextants
    /// Braille patterns (U+2800–28FF): 2x4 dots per cell.
    case braille

    /// `blocks` in a UTF-8 locale, `ascii` otherwise (what `--symbols auto` means).
    public static func automatic(utf8Locale: Bool) -> SymbolSet { utf8Locale ? .blocks : .ascii }
}

/// How the picture is fitted into the cell grid.
public enum FitMode: String, Hashable, Sendable, CaseIterable {
    /// Keep the aspect ratio and letterbox (the default).
    case fit
    /// Keep the aspect ratio and crop the centre to fill the grid.
    case fill
    /// Fill the grid, distorting the aspect ratio.
    case stretch
}

/// How much work a picture is worth.
public enum RenderEffort: Hashable, Sendable {
    /// The best the renderer does: pictures that stay on screen (thumbnails, a taken photo).
    case full
    /// A frame of a live stream, replaced a fraction of a second later (a camera's
    /// viewfinder): at 256 colours, ink and paper are snapped to the nearest palette entries
    /// by distance in the working space instead of the CIEDE2000 search, which cost most of
    /// a 200x60 preview's render (`RenderTuning.live`).
    case live
}

/// Everything the renderer needs to know besides the pixels.
public struct ArtOptions: Hashable, Sendable {
    /// Width of the output in cells.
    public var columns: Int
    /// Height of the output in cells.
    public var rows: Int
    /// The glyphs allowed.
    public var symbols: SymbolSet
    /// The colours allowed: `.none` draws glyphs only, in the terminal's own colours.
    public var colors: ColorDepth
    /// How the picture is fitted.
    public var fit: FitMode
    /// Cell height divided by cell width (about 2 on most terminals).
    public var cellAspect: Double
    /// With `colors == .none`: true when the terminal draws dark text on a light background.
    public var lightBackground: Bool
    /// The colour samples at least half opaque are composited over (the terminal background, as
    /// well as it is known); less opaque ones are left to the terminal's own background
    /// (`TransparentCells`).
    public var background: RGB
    /// `.live` for frames of a stream, `.full` otherwise.
    public var effort: RenderEffort

    /// Creates options with the common defaults.
    public init(columns: Int, rows: Int, symbols: SymbolSet = .blocks, colors: ColorDepth = .trueColor,
                fit: FitMode = .fit, cellAspect: Double = 2.0, lightBackground: Bool = false,
                background: RGB = RGB(0, 0, 0), effort: RenderEffort = .full) {
        self.columns = columns
        self.rows = rows
        self.symbols = symbols
        self.colors = colors
        self.fit = fit
        self.cellAspect = cellAspect
        self.lightBackground = lightBackground
        self.background = background
        self.effort = effort
    }

    /// `cellAspect` for cells of `width` x `height` pixels (what the terminal reports, or
    /// `--cell-size`), held to 0.5...4 (a typo such as 1x1000 would squash the picture into a
    /// line); 2 when either side is not positive.
    public static func cellAspect(pixelWidth width: Int, pixelHeight height: Int) -> Double {
        guard width > 0, height > 0 else { return 2 }
        return min(max(Double(height) / Double(width), 0.5), 4)
    }
}
