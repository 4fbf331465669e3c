/// Writes an image of palette indices as sixel bands: for each band of six rows, each colour
/// used in it gets one pass (`#i`, its sixels run-length encoded, `$`), and `-` starts the
/// next band. A colour's bits are gathered in one row of `planes` per palette entry, so a
/// band is read once and only the colours it uses are written.
struct SixelBandWriter {
    /// The index that marks a pixel left undrawn, in images that have such pixels (their
    /// palette stops at 255 colours).
    static let none: UInt8 = 255

    private let width: Int
    private let height: Int
    /// `none` when the image has undrawn pixels; otherwise -1, and all 256 entries are colours.
    private let undrawn: Int
    /// One row of sixel bits (0...63) per palette entry, `width` long.
    private var planes: [UInt8]
    /// Whether each palette entry occurs in the current band.
    private var used: [Bool]
    /// The entries that occur in the current band, in order of first occurrence.
    private var usedList: [Int] = []

    /// A writer for `width` x `height` pixels with `paletteCount` colours; `none` marks undrawn
    /// pixels when `transparent`.
    init(width: Int, height: Int, paletteCount: Int, transparent: Bool) {
        self.width = width
        self.height = height
        undrawn = transparent ? Int(Self.none) : -1
        planes = [UInt8](repeating: 0, count: max(paletteCount, 1) * width)
        used = [Bool](repeating: false, count: max(paletteCount, 1))
        usedList.reserveCapacity(max(paletteCount, 1))
    }

    /// Writes every band into `out`; `rowIndices(y, row)` fills `row` with the palette entries
    /// of row `y` (`none` for undrawn pixels, when the writer was told there are some). Band rows past the image's height are never
    /// asked for: their bits stay 0, undrawn.
    mutating func write(into out: inout SixelBytes, rowIndices: (_ y: Int, _ row: UnsafeMutableBufferPointer<UInt8>) -> Void) {
        var row = [UInt8](repeating: Self.none, count: width)
        let width = self.width, undrawn = self.undrawn
        for top in stride(from: 0, to: height, by: 6) {
            planes.withUnsafeMutableBufferPointer { planes in
                used.withUnsafeMutableBufferPointer { used in
                    row.withUnsafeMutableBufferPointer { row in
                        for dy in 0..<min(6, height - top) {
                            rowIndices(top + dy, row)
                            let bit = UInt8(1) << dy
                            for x in 0..<width {
                                let c = Int(row[x])
                                if c == undrawn { continue }
                                if !used[c] { used[c] = true; usedList.append(c) }
                                planes[c * width + x] |= bit
                            }
                        }
                        for (k, c) in usedList.enumerated() {
                            if k > 0 { out.append(UInt8(ascii: "$")) }
                            out.append(UInt8(ascii: "#"))
                            out.append(decimal: c)
                            Self.writeRun(planes.baseAddress! + c * width, width: width, into: &out)
                            used[c] = false
                        }
                    }
                }
            }
            usedList.removeAll(keepingCapacity: true)
            if top + 6 < height { out.append(UInt8(ascii: "-")) }
        }
    }

    /// Writes one colour's row of sixels run-length encoded and clears it; trailing blanks are
    /// left out (the next pass starts again at the left edge anyway).
    @inline(__always)
    private static func writeRun(_ bits: UnsafeMutablePointer<UInt8>, width: Int, into out: inout SixelBytes) {
        var x = 0, value: UInt8 = 0, count = 0
        while x < width {
            // Blank stretches are common (a colour covers part of a band): skip them 8 at a time.
            if value == 0, x + 8 <= width, UnsafeRawPointer(bits + x).loadUnaligned(as: UInt64.self) == 0 {
                count += 8
                x += 8
                continue
            }
            let v = bits[x]
            bits[x] = 0
            if v == value {
                count += 1
            } else {
                if count > 0 { out.append(run: 63 + value, count: count) }
                value = v
                count = 1
            }
            x += 1
        }
        if value != 0 { out.append(run: 63 + value, count: count) }
    }
}
