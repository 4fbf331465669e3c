import CellArt
import ColorModel

/// The tile drawn for a video with no poster frame: a strip of film with a play mark and the duration.
public enum FilmStrip {
    /// A strip of `options.columns` x `options.rows` cells.
    public static func placeholder(options: ArtOptions, duration: Double?) -> CellImage {
        var image = CellImage(columns: options.columns, rows: options.rows)
        guard options.columns > 0, options.rows > 0 else { return image }
        let ascii = options.symbols == .ascii
        let sprocket: Unicode.Scalar = ascii ? "o" : "▪"
        let edge: Unicode.Scalar = ascii ? "=" : "█"
        let grey: TerminalColor = options.colors == .none ? .default : .indexed(240)
        for column in 0..<options.columns {
            let hole = column % 2 == 1
            image[column, 0] = ArtCell(glyph: hole ? sprocket : edge, foreground: grey)
            if options.rows > 1 { image[column, options.rows - 1] = ArtCell(glyph: hole ? sprocket : edge, foreground: grey) }
        }
        let label = (ascii ? ">" : "▶") + (duration.map { " " + DurationText.format($0) } ?? "")
        let scalars = Array(label.unicodeScalars.prefix(options.columns))
        let row = options.rows / 2
        let start = (options.columns - scalars.count) / 2
        for (i, scalar) in scalars.enumerated() { image[start + i, row] = ArtCell(glyph: scalar) }
        return image
    }
}
