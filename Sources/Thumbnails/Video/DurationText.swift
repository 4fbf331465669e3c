/// Formats a video's duration as a tile shows it: `0:42`, `12:05`, `1:02:03`.
public enum DurationText {
    /// The duration in `m:ss` or `h:mm:ss`, rounded down to the second.
    public static func format(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "?:??" }
        let total = Int(seconds)
        let h = total / 3600, m = (total / 60) % 60, s = total % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }
}
