extension TextFitting {
    /// `text` in lines of at most `width` columns, broken at spaces; a word longer than a line
    /// is broken between its characters (never inside one, nor inside an escape such as `\xc3`:
    /// `SafeText.units`). Spaces at a break are dropped.
    public static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = "", used = 0
        func end() {
            if !line.isEmpty { lines.append(line) }
            line = ""
            used = 0
        }
        for word in text.split(separator: " ") {
            let w = DisplayWidth.of(word)
            if used > 0 && used + 1 + w <= width {
                line += " " + word
                used += 1 + w
                continue
            }
            end()
            for unit in SafeText.units(String(word)) {
                let cw = DisplayWidth.of(unit)
                if used + cw > width { end() }
                line += unit
                used += cw
            }
        }
        end()
        return lines
    }
}
