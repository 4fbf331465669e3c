/// Numbers as fixed text without `String(format:)` (which needs Foundation, and Foundation
/// costs every `mediapick` process milliseconds of start-up).
public enum NumberText {
    /// `n` with leading zeros to at least `width` digits: `padded(7, 2)` is `07`.
    public static func padded(_ n: Int, _ width: Int) -> String {
        let digits = String(n.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count))
        return (n < 0 ? "-" : "") + zeros + digits
    }

    /// `value` rounded to `places` decimals (at most 6), with that many always shown:
    /// `fixed(2.5, places: 2)` is `2.50`.
    public static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        let places = min(max(places, 0), 6)
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value.magnitude * Double(scale)).rounded())
        let whole = scaled / scale, fraction = scaled % scale
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return places == 0 ? sign + "\(whole)" : sign + "\(whole)." + padded(fraction, places)
    }
}
