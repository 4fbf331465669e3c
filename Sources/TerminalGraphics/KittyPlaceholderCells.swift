import ColorModel

/// The text that shows a kitty image through its virtual placement (`KittyGraphics.virtualPlacement`):
/// every cell is U+10EEEE followed by the diacritic of its row and the diacritic of its column
/// (`KittyDiacritics`), written in a foreground colour that is the image id. Ordinary text to
/// curses and tmux: the picture moves with the text, scrolls with it and is gone when the text
/// is overwritten, with no command to send.
public struct KittyPlaceholderCells: Hashable, Sendable {
    /// The placeholder character (a private-use code point of plane 16).
    public static let placeholder: Unicode.Scalar = "\u{10EEEE}"
    /// How many rows or columns the diacritics can number.
    public static let maximumSpan = KittyDiacritics.scalars.count

    /// The image shown.
    public let imageID: UInt32
    /// One grapheme (a `String` of one `Character`) per cell, row by row.
    public let rows: [[String]]
    /// The colour every cell is written in: the id's low 24 bits as RGB in true colour, its low 8
    /// bits as a palette index in 256 colours.
    public let foreground: TerminalColor

    /// The `columns` x `rows` cells of image `imageID` for a terminal drawing `colors`. The id's
    /// high byte, when not zero, rides as a third diacritic. Precondition: `canShow(imageID:colors:)`
    /// and both sizes in 1...`maximumSpan`.
    public init(imageID: UInt32, columns: Int, rows: Int, colors: ColorDepth) {
        precondition(Self.canShow(imageID: imageID, colors: colors), "image id \(imageID) cannot be written in \(colors) colours")
        precondition((1...Self.maximumSpan).contains(columns) && (1...Self.maximumSpan).contains(rows),
                     "placeholders span 1...\(Self.maximumSpan) cells, not \(columns)x\(rows)")
        self.imageID = imageID
        foreground = colors == .trueColor ? .rgb(RGB(hex: imageID & 0xFF_FFFF)) : .indexed(UInt8(imageID & 0xFF))
        let high = imageID >> 24
        let columnMarks = (0..<columns).map { KittyDiacritics.diacritic($0) }
        self.rows = (0..<rows).map { row in
            let rowMark = KittyDiacritics.diacritic(row)
            return columnMarks.map { columnMark in
                var cell = String.UnicodeScalarView([Self.placeholder, rowMark, columnMark])
                if high != 0 { cell.append(KittyDiacritics.diacritic(Int(high))) }
                return String(cell)
            }
        }
    }

    /// True when a terminal drawing `colors` can carry `imageID` in placeholder text: any id but 0
    /// in true colour; in 256 colours only ids whose bits 8–23 are zero (in practice 1...255).
    public static func canShow(imageID: UInt32, colors: ColorDepth) -> Bool {
        switch colors {
        case .trueColor: return imageID != 0
        case .ansi256: return imageID != 0 && imageID & 0xFF_FF00 == 0
        default: return false
        }
    }
}
