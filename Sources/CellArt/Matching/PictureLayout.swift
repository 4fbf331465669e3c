/// Where a picture goes in the cell grid and which part of the image fills it, for a fit mode.
struct PictureLayout: Equatable, Sendable {
    /// First column of the picture.
    let column: Int
    /// First row of the picture.
    let row: Int
    /// Width of the picture in cells.
    let columns: Int
    /// Height of the picture in cells.
    let rows: Int
    /// The part of the image shown, in image pixels: x, y, width, height.
    let source: (x: Double, y: Double, width: Double, height: Double)

    static func == (lhs: PictureLayout, rhs: PictureLayout) -> Bool {
        lhs.column == rhs.column && lhs.row == rhs.row && lhs.columns == rhs.columns && lhs.rows == rhs.rows
            && lhs.source == rhs.source
    }

    /// Lays out an `imageWidth` x `imageHeight` picture in `options`' grid: `fit` centres it
    /// on whole cells with blank margins, `fill` crops the image's centre, `stretch` uses it all.
    init(imageWidth: Int, imageHeight: Int, options: ArtOptions) {
        let gridColumns = max(options.columns, 0), gridRows = max(options.rows, 0)
        let iw = Double(max(imageWidth, 1)), ih = Double(max(imageHeight, 1))
        let aspect = options.cellAspect > 0 ? options.cellAspect : 2
        // The grid in units of cell widths, so that both axes share one scale.
        let gw = Double(gridColumns), gh = Double(gridRows) * aspect
        var source = (x: 0.0, y: 0.0, width: iw, height: ih)
        var columns = gridColumns, rows = gridRows
        switch options.fit {
        case .stretch:
            break
        case .fit:
            (columns, rows) = FittedCells.of(imageWidth: imageWidth, imageHeight: imageHeight, columns: gridColumns,
                                             rows: gridRows, cellAspect: options.cellAspect)
        case .fill:
            let scale = max(gw / iw, gh / ih)
            let w = min(iw, gw / scale), h = min(ih, gh / scale)
            source = ((iw - w) / 2, (ih - h) / 2, w, h)
        }
        if gridColumns == 0 || gridRows == 0 { columns = 0; rows = 0 }
        self.columns = columns
        self.rows = rows
        column = (gridColumns - columns) / 2
        row = (gridRows - rows) / 2
        self.source = source
    }
}
