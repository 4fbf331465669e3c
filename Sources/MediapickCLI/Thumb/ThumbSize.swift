/// The size of `mediapick thumb`'s pictures when `--size` is not given.
public enum ThumbSize {
    /// The fallback when nothing says how big: 40x20.
    public static let fallback = CellSize(columns: 40, rows: 20)

    /// What `--size` expects, for its error message.
    public static let expected = "WxH, W or xH, each \(CellSize.bounds.lowerBound) to \(CellSize.bounds.upperBound), e.g. 40x20 or 40"

    /// `--size` as chafa takes it: `WxH`, or one side alone (`40`, `40x`, `x20`), the other
    /// then as large as the picture's shape asks (the bound's upper end, of which the picture
    /// takes only what it needs). `keepsShape` is true for one side alone.
    public static func parse(_ text: String) -> (size: CellSize, keepsShape: Bool)? {
        let most = CellSize.bounds.upperBound
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let w = parts[0], h = parts.count == 2 ? parts[1] : ""
        switch (w.isEmpty, h.isEmpty) {
        case (false, true): return CellSize.side(w).map { (CellSize(columns: $0, rows: most), true) }
        case (true, false): return CellSize.side(h).map { (CellSize(columns: most, rows: $0), true) }
        default: return CellSize(argument: text).map { ($0, false) }
        }
    }

    /// `--size` if given; else fzf's preview window (`FZF_PREVIEW_COLUMNS` x
    /// `FZF_PREVIEW_LINES`, both set); else the terminal's size (`terminal`: stdout's, else
    /// stderr's or the controlling terminal's, so `thumb x.jpg | cat` draws as large as
    /// without the pipe, as chafa does), one row less, so the prompt does not scroll the top
    /// off (a one-row terminal gets its row); else, without any terminal, 40x20. Sizes from the environment or the terminal are held to `--size`'s bounds
    /// (1 to 1000 a side): `FZF_PREVIEW_COLUMNS=5000` drew 5000 columns. Each picture gets
    /// this size; with several files each also has a caption line.
    public static func resolve(requested: CellSize?, environment: [String: String], terminal: CellSize?) -> CellSize {
        if let requested { return requested }
        let bounds = CellSize.bounds
        func bounded(_ columns: Int, _ rows: Int) -> CellSize {
            CellSize(columns: min(max(columns, bounds.lowerBound), bounds.upperBound),
                     rows: min(max(rows, bounds.lowerBound), bounds.upperBound))
        }
        if let columns = environment["FZF_PREVIEW_COLUMNS"].flatMap(Int.init),
           let lines = environment["FZF_PREVIEW_LINES"].flatMap(Int.init), columns > 0, lines > 0 {
            return bounded(columns, lines)
        }
        if let terminal, terminal.columns > 0, terminal.rows > 0 {
            return bounded(terminal.columns, terminal.rows - 1)
        }
        return fallback
    }
}
