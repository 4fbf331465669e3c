/// Orders names as people expect: runs of digits compare by value (`img2` before `img10`),
/// letters case-insensitively, then byte-wise as a tie break. Works on bytes, so names that
/// are not UTF-8 sort too.
public enum NaturalSort {
    /// True when `lhs` comes before `rhs`.
    public static func areInIncreasingOrder(_ lhs: some Collection<UInt8>, _ rhs: some Collection<UInt8>) -> Bool {
        compare(Array(lhs), Array(rhs)) < 0
    }

    /// Negative, zero or positive, like `strcmp`.
    public static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                // Skip leading zeros, then the longer run is the larger number.
                var si = i, sj = j
                while si < a.count && a[si] == 0x30 { si += 1 }
                while sj < b.count && b[sj] == 0x30 { sj += 1 }
                var ei = si, ej = sj
                while ei < a.count && isDigit(a[ei]) { ei += 1 }
                while ej < b.count && isDigit(b[ej]) { ej += 1 }
                if ei - si != ej - sj { return (ei - si) - (ej - sj) }
                for k in 0..<(ei - si) where a[si + k] != b[sj + k] { return Int(a[si + k]) - Int(b[sj + k]) }
                i = ei; j = ej
                continue
            }
            let x = fold(a[i]), y = fold(b[j])
            if x != y { return Int(x) - Int(y) }
            i += 1; j += 1
        }
        if (a.count - i) != (b.count - j) { return (a.count - i) - (b.count - j) }
        // Equal under folding: fall back to bytes so the order is total.
        return a.lexicographicallyPrecedes(b) ? -1 : (a == b ? 0 : 1)
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    private static func fold(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 32 : c }
}
