import TerminalUI

/// Shortens text in the middle to a display width (`IMG_2024…0042.jpg`), so both the start
/// and the extension stay visible. Counts terminal columns, so wide characters fit.
public enum MiddleTruncation {
    /// `text` if it fits in `width` columns, else its start and end around an ellipsis.
    public static func truncate(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        let total = DisplayWidth.of(text)
        if total <= width { return text }
        let ellipsisWidth = DisplayWidth.of(ellipsis)
        guard width > ellipsisWidth else { return String(repeating: ".", count: width) }
        let room = width - ellipsisWidth
        let tailRoom = room / 2
        let headRoom = room - tailRoom
        // An escape (`\xc3`, `SafeText.units`) is kept or cut whole: `caf\xc3\xa9-plage.png`
        // read `caf\xc…e.png`, an escape of no byte.
        return TextFitting.start(of: text, width: headRoom) + ellipsis + TextFitting.end(of: text, width: tailRoom)
    }

    /// A file name in `width` columns, for a tile's caption: whole when it fits; else without
    /// its extension, shortened in the middle, so that the end of its stem (a camera's
    /// counter, the `12` of `clip_12.mp4`) stays in sight. Keeping the extension left
    /// `clip….mp4` on every clip of a folder, beside a video's `▶ 0:36` (9 columns for the
    /// name), and `IMG_2024…456.jpg` on photos; the tile shows the kind, and the line above
    /// the keys the whole name of the focused one.
    public static func truncateFileName(_ name: String, toWidth width: Int, ellipsis: String = "…") -> String {
        guard DisplayWidth.of(name) > width, let dot = name.lastIndex(of: "."), dot != name.startIndex else {
            return truncate(name, toWidth: width, ellipsis: ellipsis)
        }
        return truncate(String(name[..<dot]), toWidth: width, ellipsis: ellipsis)
    }
}
