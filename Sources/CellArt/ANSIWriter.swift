import ColorModel

/// Writes a `CellImage` as text with ANSI SGR colour sequences, for printing to a terminal.
///
/// Only what changes from one cell to the next is sent (a space needs no foreground, a full
/// block no background), every line that set a colour ends with a reset, and an image whose
/// cells all use the default colours comes out as plain text with no escape sequences.
public enum ANSIWriter {
    /// The image as lines of text, each ending in a newline.
    public static func text(_ image: CellImage) -> String {
        var out = ""
        out.reserveCapacity(image.columns * image.rows * 8)
        for row in 0..<image.rows {
            var fg = TerminalColor.default, bg = TerminalColor.default
            for column in 0..<image.columns {
                let cell = image[column, row]
                var codes: [String] = []
                if cell.glyph != " ", cell.foreground != fg {
                    codes.append(sgr(cell.foreground, background: false))
                    fg = cell.foreground
                }
                if cell.glyph != "\u{2588}", cell.background != bg {
                    codes.append(sgr(cell.background, background: true))
                    bg = cell.background
                }
                if !codes.isEmpty { out += "\u{1B}[" + codes.joined(separator: ";") + "m" }
                out.unicodeScalars.append(cell.glyph)
            }
            if fg != .default || bg != .default { out += "\u{1B}[0m" }
            out += "\n"
        }
        return out
    }

    /// The SGR parameters selecting `color` as foreground or background: `39`/`49` for the
    /// default, `30–37`/`90–97` (`40–47`/`100–107`) for the 16 ANSI colours, `38;5;n` for the
    /// rest of the palette, `38;2;r;g;b` for direct colour.
    public static func sgr(_ color: TerminalColor, background: Bool) -> String {
        switch color {
        case .default:
            return background ? "49" : "39"
        case .indexed(let n) where n < 8:
            return String((background ? 40 : 30) + Int(n))
        case .indexed(let n) where n < 16:
            return String((background ? 100 : 90) + Int(n) - 8)
        case .indexed(let n):
            return (background ? "48;5;" : "38;5;") + String(n)
        case .rgb(let c):
            return (background ? "48;2;" : "38;2;") + "\(c.r);\(c.g);\(c.b)"
        }
    }
}
