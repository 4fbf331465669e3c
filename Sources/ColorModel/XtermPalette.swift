/// The xterm 256-colour palette: what `.indexed(n)` looks like on a typical terminal.
public enum XtermPalette {
    /// RGB of each of the 256 entries. Entries 0–15 use xterm's defaults.
    public static let colors: [RGB] = {
        var table: [RGB] = [
            RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
            RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
            RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
            RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
        ]
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        for r in levels {
            for g in levels {
                for b in levels { table.append(RGB(r, g, b)) }
            }
        }
        for step in 0..<24 {
            let v = UInt8(8 + step * 10)
            table.append(RGB(v, v, v))
        }
        return table
    }()

    /// The entries a terminal of the given depth can show, as palette indices.
    public static func indices(for depth: ColorDepth) -> Range<Int> {
        switch depth {
        case .none: return 0..<0
        case .ansi8: return 0..<8
        case .ansi16: return 0..<16
        case .ansi256, .trueColor: return 0..<256
        }
    }
}
