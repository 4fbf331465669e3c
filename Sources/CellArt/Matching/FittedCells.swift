/// The whole cells a picture fitted into a grid takes: the one rule for every output, so that
/// a picture takes the same rows (and at most the same columns) in symbols, kitty, iTerm2 and
/// sixel.
public enum FittedCells {
    /// The cells an `imageWidth` x `imageHeight` picture takes when fitted (`FitMode.fit`,
    /// aspect ratio kept, enlarged if smaller) into `columns` x `rows` cells `cellAspect` times
    /// as tall as wide: the side that limits takes the whole grid; the other is rounded to the
    /// nearest cell, at least one and never more than the grid. Nearest, not up: a cell drawn
    /// with glyphs is stretched or squeezed by at most half a cell, and a pixel protocol, which
    /// fits its pixels inside these cells, shows no almost empty row under the picture.
    /// 0 x 0 for an empty grid; a `cellAspect` that is not positive counts as 2.
    public static func of(imageWidth: Int, imageHeight: Int, columns: Int, rows: Int,
                          cellAspect: Double) -> (columns: Int, rows: Int) {
        let gridColumns = max(columns, 0), gridRows = max(rows, 0)
        guard gridColumns > 0, gridRows > 0 else { return (0, 0) }
        let iw = Double(max(imageWidth, 1)), ih = Double(max(imageHeight, 1))
        let aspect = cellAspect > 0 ? cellAspect : 2
        // The grid in units of cell widths, so that both axes share one scale.
        let scale = min(Double(gridColumns) / iw, Double(gridRows) * aspect / ih)
        return (min(gridColumns, max(1, Int((iw * scale).rounded()))),
                min(gridRows, max(1, Int((ih * scale / aspect).rounded()))))
    }
}
