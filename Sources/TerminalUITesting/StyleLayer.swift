import TerminalUI

/// A text picture of a screen's styles, for snapshots that must show colour and attributes:
/// one letter per cell naming its style, then a legend. Letters are given in order of first
/// appearance, so the picture is stable.
public enum StyleLayer {
    /// The style picture and legend of `buffer`.
    public static func render(_ buffer: ScreenBuffer) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var names: [Style: Character] = [:]
        var legend: [String] = []
        var rows: [String] = []
        for y in 0..<buffer.size.height {
            var row = ""
            for x in 0..<buffer.size.width {
                let style = buffer[x, y].style
                if names[style] == nil {
                    let letter = names.count < letters.count ? letters[names.count] : "?"
                    names[style] = letter
                    legend.append("\(letter): \(describe(style))")
                }
                row.append(names[style]!)
            }
            rows.append(row)
        }
        return (rows + ["--"] + legend).joined(separator: "\n") + "\n"
    }

    /// `fg=… bg=… [attributes]`.
    public static func describe(_ style: Style) -> String {
        var attributes: [String] = []
        let names: [(TextAttributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "italic"),
                                                 (.underline, "underline"), (.reverse, "reverse")]
        for (attribute, name) in names where style.attributes.contains(attribute) { attributes.append(name) }
        return "fg=\(describe(style.foreground)) bg=\(describe(style.background)) [\(attributes.joined(separator: ","))]"
    }

    private static func describe(_ color: TerminalColor) -> String {
        switch color {
        case .default: return "default"
        case .indexed(let index): return "\(index)"
        case .rgb(let rgb): return rgb.description
        }
    }
}
