import TerminalUI

/// The soak's keys: seeded, random, and never one that would end the picker (Enter outside
/// the search, Escape without a query, `q`). What the picker shows decides what may come next.
struct SoakKeys {
    /// What the picker shows, read before each key.
    struct State {
        var editingSearch: Bool
        var hasQuery: Bool
    }

    /// One step: a key, or a new terminal size.
    enum Step {
        case key(Key)
        case resize(width: Int, height: Int)
    }

    private var state: UInt64

    init(seed: UInt64) { state = seed }

    private mutating func below(_ n: Int) -> Int { SoakRandom.below(n, &state) }

    /// The next step.
    mutating func next(_ picker: State) -> Step {
        if picker.editingSearch {
            let r = below(100)
            if r < 55 { return .key(.character(Array("0123456789_IMGjpn")[below(17)])) }
            if r < 70 { return .key(.backspace) }
            if r < 80 { return .key(.enter) }  // ends the search, keeps the query
            if r < 92 { return .key(.escape) }  // clears it
            return .key([Key.down, .up, .left, .right][below(4)])
        }
        let r = below(1000)
        switch r {
        case 0..<440: return .key([Key.down, .up, .left, .right][below(4)])
        case 440..<560: return .key(below(2) == 0 ? .pageDown : .pageUp)
        case 560..<590: return .key(below(2) == 0 ? .home : .end)
        case 590..<650: return .key(.character("/"))
        case 650..<700: return .key(picker.hasQuery ? .escape : .character("/"))
        case 700..<760: return .key(below(4) == 0 ? .backTab : .tab)
        case 760..<830: return .key(.character("p"))  // opens the preview; the next key closes it
        case 830..<940: return .key(.character(" "))
        case 940..<965: return .key(.control("r"))
        case 965..<975: return .key(.control("a"))
        default:
            return .resize(width: 60 + below(141), height: 20 + below(41))
        }
    }
}

/// Key latencies in a fixed histogram (10 µs buckets up to 1 s, then one overflow bucket),
/// so that a long run's record takes no more memory at the end than at the start.
struct LatencyHistogram {
    private var buckets = [Int](repeating: 0, count: 100_001)
    private(set) var count = 0

    mutating func add(_ d: Duration) {
        let micros = Int(d.components.seconds) * 1_000_000 + Int(d.components.attoseconds / 1_000_000_000_000)
        buckets[max(0, min(micros / 10, buckets.count - 1))] += 1
        count += 1
    }

    /// The latency (ms, the bucket's upper edge) below which `fraction` of the keys were.
    func quantile(_ fraction: Double) -> Double {
        guard count > 0 else { return .nan }
        let wanted = max(1, Int((Double(count) * fraction).rounded(.up)))
        var seen = 0
        for (i, n) in buckets.enumerated() {
            seen += n
            if seen >= wanted { return Double(i + 1) * 0.01 }
        }
        return .infinity
    }

    /// Keys over `ms` milliseconds.
    func over(_ ms: Double) -> Int { buckets[Int(ms * 100)...].reduce(0, +) }
}
