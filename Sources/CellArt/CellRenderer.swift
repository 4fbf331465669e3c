import ColorModel
import MediaDecoding

/// Turns pixels into cells: fits the picture into the grid, samples each cell, and picks each
/// cell's glyph and colours by matching the samples against the glyphs' coverage masks.
public enum CellRenderer {
    /// The pixel size worth decoding to for a picture of `imageWidth`x`imageHeight` drawn
    /// with `options`: enough for one image pixel per mask sample, never more than the image.
    /// The image's aspect ratio is kept; decoders may return anything at least this large.
    public static func preferredPixelSize(imageWidth: Int, imageHeight: Int, options: ArtOptions) -> (width: Int, height: Int) {
        guard imageWidth > 0, imageHeight > 0 else { return (0, 0) }
        let layout = PictureLayout(imageWidth: imageWidth, imageHeight: imageHeight, options: options)
        let grid = RenderTuning().grid(for: options.symbols)
        let needX = Double(layout.columns * grid.columns) / layout.source.width
        let needY = Double(layout.rows * grid.rows) / layout.source.height
        let scale = min(1, max(needX, needY))
        return (max(1, Int((Double(imageWidth) * scale).rounded(.up))), max(1, Int((Double(imageHeight) * scale).rounded(.up))))
    }

    /// Renders `image` into `options.columns` x `options.rows` cells. With `fit`, cells
    /// outside the picture are `ArtCell.blank`.
    public static func render(_ image: PixelImage, options: ArtOptions) -> CellImage {
        render(image, options: options, tuning: options.effort == .live ? .live : RenderTuning())
    }

    /// Renders with explicit algorithm settings (for quality experiments).
    @_spi(Tuning) public static func render(_ image: PixelImage, options: ArtOptions, tuning: RenderTuning) -> CellImage {
        var result = CellImage(columns: max(options.columns, 0), rows: max(options.rows, 0))
        let layout = PictureLayout(imageWidth: image.width, imageHeight: image.height, options: options)
        result.pictureArea = CellArea(column: layout.column, row: layout.row, columns: layout.columns, rows: layout.rows)
        guard layout.columns > 0, layout.rows > 0 else { return result }

        let twoColor = options.colors != .none
        let table = GlyphTable.table(options.symbols, twoColor: twoColor, tuning: tuning)
        // Snapping by colour difference forgives more than least squares: it takes a little
        // more sharpening to keep the same edges (measured with scripts/quality).
        let sharpen = twoColor && ColorCellMatcher.snapsPerceptually(table: table, depth: options.colors, tuning: tuning)
            ? tuning.perceptualSharpen : tuning.sharpen
        // Ramps only where colours are drawn exactly: at palette depths and without colour they
        // changed no win on the tuning half and cost time.
        let picture = SampledPicture(image, source: layout.source,
                                     width: layout.columns * table.columns, height: layout.rows * table.rows,
                                     background: options.background, linear: tuning.linearAveraging,
                                     slopes: tuning.slopedReduction && options.colors == .trueColor).sharpened(sharpen)
        let cellSamples = gatherCells(picture, layout: layout, table: table)
        // Transparent parts are left to the terminal's background; an opaque picture has no
        // opacity samples and takes none of this.
        let transparency = picture.opacity.map { opacity in
            (opacity, TransparentCells(symbols: options.symbols, depth: options.colors, tuning: tuning))
        }
        func transparentCell(column: Int, row: Int) -> ArtCell? {
            guard let (opacity, cells) = transparency else { return nil }
            var grid = [SIMD4<Float>]()
            grid.reserveCapacity(table.columns * table.rows)
            for sy in 0..<table.rows {
                let base = (row * table.rows + sy) * picture.width + column * table.columns
                grid.append(contentsOf: opacity[base..<(base + table.columns)])
            }
            return cells.cell(grid[...])
        }

        if twoColor {
            let matcher = ColorCellMatcher(table: table, depth: options.colors, tuning: tuning)
            let space = matcher.space
            let working = cellSamples.map { space.from(srgb: $0) }
            let n = table.samplesPerCell
            let neighbours = matcher.usesNeighbours
            var errors = [Float](repeating: 0, count: neighbours ? layout.columns * layout.rows : 0)
            working.withUnsafeBufferPointer { all in
                for row in 0..<layout.rows {
                    for column in 0..<layout.columns {
                        let cell = row * layout.columns + column
                        if let drawn = transparentCell(column: column, row: row) {
                            result[layout.column + column, layout.row + row] = drawn
                            continue
                        }
                        let cellSamples = UnsafeBufferPointer(rebasing: all[(cell * n)..<((cell + 1) * n)])
                        let choice: ColorCellMatcher.Choice
                        if neighbours {
                            let m = matcher.match(cellSamples, left: column > 0 ? errors[cell - 1] : nil,
                                                  up: row > 0 ? errors[cell - layout.columns] : nil)
                            errors[cell] = m.lumaError
                            choice = m.choice
                        } else {
                            choice = matcher.match(cellSamples)
                        }
                        result[layout.column + column, layout.row + row] =
                            ArtCell(glyph: choice.glyph, foreground: choice.ink, background: choice.paper)
                    }
                }
            }
        } else {
            let lightness = cellSamples.map { 0.2126 * $0.x + 0.7152 * $0.y + 0.0722 * $0.z }
            let matcher = MonoCellMatcher(table: table, iterations: tuning.monoIterations)
            let glyphs = matcher.match(lightness: lightness, cellCount: layout.columns * layout.rows,
                                       inkIsDark: options.lightBackground)
            for (cell, g) in glyphs.enumerated() {
                let column = cell % layout.columns, row = cell / layout.columns
                result[layout.column + column, layout.row + row] = transparentCell(column: column, row: row) ?? ArtCell(glyph: table.glyphs[g])
            }
        }
        return result
    }

    /// The picture's samples reordered cell after cell, row-major within each cell.
    private static func gatherCells(_ picture: SampledPicture, layout: PictureLayout, table: GlyphTable) -> [SIMD4<Float>] {
        var out = [SIMD4<Float>]()
        out.reserveCapacity(layout.columns * layout.rows * table.samplesPerCell)
        for row in 0..<layout.rows {
            for column in 0..<layout.columns {
                let cellStart = out.count
                for sy in 0..<table.rows {
                    let base = (row * table.rows + sy) * picture.width + column * table.columns
                    out.append(contentsOf: picture.colors[base..<(base + table.columns)])
                }
                guard !table.coarseLevel.isEmpty else { continue }
                let grid = Array(out[cellStart...])  // a copy: appending while a slice of `out` lives would copy `out`
                GlyphTable.appendCoarse(of: grid[...], level: table.coarseLevel, to: &out)
            }
        }
        return out
    }
}
