/// Fitting text into a number of columns.
public enum TextFitting {
    /// `text` cut to at most `width` columns, ending in "…" when something was cut.
    /// Wide characters are never split.
    /// An escape (`\xc3`, `SafeText.units`) is kept or cut whole, as a wide character is.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard DisplayWidth.of(text) > width else { return text }
        return start(of: text, width: width - 1) + "…"
    }

    /// The start of `text` in at most `width` columns: its first `SafeText.units`, so that an
    /// escape is kept or cut whole and a wide character is never split.
    public static func start(of text: some StringProtocol, width: Int) -> String {
        let units = SafeText.units(String(text))
        return units.prefix(fitting(units, in: width)).joined()
    }

    /// The end of `text` in at most `width` columns, the cut at its start made as `start(of:)`
    /// makes it at its end: an escape kept or cut whole (a query's `\\` or `\u{202e}` cut one
    /// character at a time from the front lost its first half, showing `\ day` or `02e}`).
    public static func end(of text: some StringProtocol, width: Int) -> String {
        let units = SafeText.units(String(text))
        return units.suffix(fitting(units.reversed(), in: width)).joined()
    }

    /// How many of `units`, taken in turn, fit together in `width` columns.
    private static func fitting(_ units: some Sequence<Substring>, in width: Int) -> Int {
        var count = 0, used = 0
        for unit in units {
            used += DisplayWidth.of(unit)
            if used > width { break }
            count += 1
        }
        return count
    }
}
