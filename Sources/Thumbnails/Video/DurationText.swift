/// Formats a video's duration as a tile shows it: `0:42`, `12:05`, `1:02:03`.
public enum DurationText {
    /// The duration in `m:ss` or `h:mm:ss`, rounded to the nearest second as players show it
    /// (2.6 s is `0:03`; truncating made it `0:02`, the JSON saying 2.6). A clip shorter than
    /// half a second is `0:01`: `0:00` would read as an empty or unknown length.
    public static func format(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < Double(Int.max / 2) else { return "?:??" }
        let total = seconds > 0 ? max(1, Int(seconds.rounded(.toNearestOrAwayFromZero))) : 0
        let h = total / 3600, m = (total / 60) % 60, s = total % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }
}
