/// The size of `mediapick thumb`'s pictures when `--size` is not given.
public enum ThumbSize {
    /// The fallback when nothing says how big: 40x20.
    public static let fallback = CellSize(columns: 40, rows: 20)

    /// `--size` if given; else fzf's preview window (`FZF_PREVIEW_COLUMNS` x
    /// `FZF_PREVIEW_LINES`, both set); else the terminal's size when stdout is one (one row
    /// less, so the prompt does not scroll the top off); else 40x20. Each picture gets this
    /// size; with several files each also has a caption line.
    public static func resolve(requested: CellSize?, environment: [String: String], terminal: CellSize?) -> CellSize {
        if let requested { return requested }
        if let columns = environment["FZF_PREVIEW_COLUMNS"].flatMap(Int.init),
           let lines = environment["FZF_PREVIEW_LINES"].flatMap(Int.init), columns > 0, lines > 0 {
            return CellSize(columns: columns, rows: lines)
        }
        if let terminal, terminal.columns > 0, terminal.rows > 1 {
            return CellSize(columns: terminal.columns, rows: terminal.rows - 1)
        }
        return fallback
    }
}
