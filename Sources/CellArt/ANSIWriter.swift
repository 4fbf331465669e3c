import ColorModel

/// Writes a `CellImage` as text with ANSI SGR colour sequences, for printing to a terminal.
///
/// Only what changes from one cell to the next is sent (a space needs no foreground, a full
/// block no background), every line that set a colour ends with a reset, and an image whose
/// cells all use the default colours comes out as plain text with no escape sequences.
public enum ANSIWriter {
    /// The image as lines of text, each ending in a newline.
    public static func text(_ image: CellImage) -> String {
        String(decoding: bytes(image), as: UTF8.self)
    }

    /// The same text as UTF-8 bytes, built without intermediate strings (this runs in every
    /// `mediapick thumb`).
    public static func bytes(_ image: CellImage) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(image.columns * image.rows * 12 + image.rows * 5)
        for row in 0..<image.rows {
            var fg = TerminalColor.default, bg = TerminalColor.default
            for column in 0..<image.columns {
                let cell = image[column, row]
                let setInk = cell.glyph != " " && cell.foreground != fg
                let setPaper = cell.glyph != "\u{2588}" && cell.background != bg
                if setInk || setPaper {
                    out += [0x1B, 0x5B]  // ESC [
                    if setInk {
                        appendSGR(cell.foreground, background: false, to: &out)
                        fg = cell.foreground
                    }
                    if setPaper {
                        if setInk { out.append(0x3B) }  // ;
                        appendSGR(cell.background, background: true, to: &out)
                        bg = cell.background
                    }
                    out.append(0x6D)  // m
                }
                out += UTF8.encode(cell.glyph)!
            }
            if fg != .default || bg != .default { out += [0x1B, 0x5B, 0x30, 0x6D] }  // ESC [ 0 m
            out.append(0x0A)
        }
        return out
    }

    /// The SGR parameters selecting `color` as foreground or background: `39`/`49` for the
    /// default, `30–37`/`90–97` (`40–47`/`100–107`) for the 16 ANSI colours, `38;5;n` for the
    /// rest of the palette, `38;2;r;g;b` for direct colour.
    public static func sgr(_ color: TerminalColor, background: Bool) -> String {
        var bytes: [UInt8] = []
        appendSGR(color, background: background, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendSGR(_ color: TerminalColor, background: Bool, to out: inout [UInt8]) {
        switch color {
        case .default:
            appendNumber(background ? 49 : 39, to: &out)
        case .indexed(let n) where n < 8:
            appendNumber((background ? 40 : 30) + Int(n), to: &out)
        case .indexed(let n) where n < 16:
            appendNumber((background ? 100 : 90) + Int(n) - 8, to: &out)
        case .indexed(let n):
            out += background ? [0x34, 0x38, 0x3B, 0x35, 0x3B] : [0x33, 0x38, 0x3B, 0x35, 0x3B]  // 48;5; or 38;5;
            appendNumber(Int(n), to: &out)
        case .rgb(let c):
            out += background ? [0x34, 0x38, 0x3B, 0x32, 0x3B] : [0x33, 0x38, 0x3B, 0x32, 0x3B]  // 48;2; or 38;2;
            appendNumber(Int(c.r), to: &out)
            out.append(0x3B)
            appendNumber(Int(c.g), to: &out)
            out.append(0x3B)
            appendNumber(Int(c.b), to: &out)
        }
    }

    /// A non-negative number below 1000 in decimal.
    @inline(__always)
    private static func appendNumber(_ n: Int, to out: inout [UInt8]) {
        if n >= 100 { out.append(UInt8(0x30 + n / 100)) }
        if n >= 10 { out.append(UInt8(0x30 + n / 10 % 10)) }
        out.append(UInt8(0x30 + n % 10))
    }
}
