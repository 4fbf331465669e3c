/// Baseline JPEG files written byte by byte, each 8x8 block one flat colour (a DC coefficient
/// and an end-of-block), so that a test can have what neither the project's encoder nor
/// ImageMagick 6 writes: restart markers every few blocks, a scan for each component, and any size in the frame header
/// whatever the data holds.
struct DrawnJPEG: Sendable {
    /// Size in pixels as the frame header (SOF0) says it.
    var width: Int
    var height: Int
    /// 1 (grey) or 3 (YCbCr, JFIF), every component at full resolution (one block an MCU each).
    var components: Int
    /// The level (0–255) of block (column, row) in each component.
    var level: @Sendable (_ column: Int, _ row: Int) -> [Int]
    /// MCUs between two restart markers (a DRI segment), 0 for none.
    var restartInterval = 0
    /// The blocks across and down that the entropy-coded data holds (by default those of the
    /// header's size): set apart from `width`/`height`, a header that lies about the data.
    var dataSize: (columns: Int, rows: Int)?
    /// False: a scan for each component in turn (sequential, not progressive), rather than one
    /// scan of them all.
    var interleaved = true

    /// The file's bytes.
    var bytes: [UInt8] {
        let columns = dataSize?.columns ?? (width + 7) / 8, rows = dataSize?.rows ?? (height + 7) / 8
        var file: [UInt8] = [0xFF, 0xD8]
        file += Self.segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))  // every quantizer 1
        var frame: [UInt8] = [8] + Self.be16(height) + Self.be16(width) + [UInt8(components)]
        for c in 0..<components { frame += [UInt8(c + 1), 0x11, 0] }
        file += Self.segment(0xC0, frame)
        // DC: the twelve sizes 0–11, four-bit codes 0000–1011; AC: end-of-block alone, code 0.
        file += Self.segment(0xC4, [0x00] + [0, 0, 0, 12] + [UInt8](repeating: 0, count: 12) + (0..<12).map { UInt8($0) })
        file += Self.segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
        if restartInterval > 0 { file += Self.segment(0xDD, Self.be16(restartInterval)) }
        // Interleaved, one scan of every component; otherwise a scan per component, which
        // libjpeg can only read by keeping the whole picture's coefficients.
        let scans = interleaved ? [Array(0..<components)] : (0..<components).map { [$0] }
        for (index, scan) in scans.enumerated() {
            file += Self.segment(0xDA, [UInt8(scan.count)] + scan.flatMap { [UInt8($0 + 1), 0x00] } + [0, 63, 0])
            var bits = BitWriter()
            var previous = [Int](repeating: 0, count: components)
            for mcu in 0..<(columns * rows) {
                if restartInterval > 0 && mcu > 0 && mcu % restartInterval == 0 {
                    bits.padAndAppend(marker: 0xD0 + UInt8((mcu / restartInterval - 1) % 8))
                    previous = [Int](repeating: 0, count: components)
                }
                let levels = level(mcu % columns, mcu / columns)
                for c in scan {
                    // A flat block's DC coefficient is 8 times its level less 128 (quantizer 1).
                    let dc = 8 * (levels[c] - 128)
                    bits.appendDC(dc - previous[c])
                    bits.append(0, count: 1)  // end of block
                    previous[c] = dc
                }
            }
            bits.pad()
            file += bits.bytes
            if index == scans.count - 1 { file += [0xFF, 0xD9] }
        }
        return file
    }

    static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    static func segment(_ marker: UInt8, _ data: [UInt8]) -> [UInt8] { [0xFF, marker] + be16(data.count + 2) + data }

    /// Entropy-coded bits, most significant first, with a zero stuffed after every 0xFF.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var current = 0
        var used = 0

        mutating func append(_ value: Int, count: Int) {
            for i in stride(from: count - 1, through: 0, by: -1) {
                current = current << 1 | (value >> i & 1)
                used += 1
                if used == 8 {
                    bytes.append(UInt8(current))
                    if current == 0xFF { bytes.append(0) }
                    current = 0
                    used = 0
                }
            }
        }

        /// A DC difference: its size category's code (four bits), then its bits (ones' complement when negative).
        mutating func appendDC(_ difference: Int) {
            var size = 0
            while abs(difference) >> size != 0 { size += 1 }
            append(size, count: 4)
            if size > 0 { append(difference >= 0 ? difference : difference + (1 << size) - 1, count: size) }
        }

        /// Pads the last byte with ones, as the standard asks.
        mutating func pad() {
            if used > 0 { append((1 << (8 - used)) - 1, count: 8 - used) }
        }

        /// Pads, then appends a marker.
        mutating func padAndAppend(marker: UInt8) {
            pad()
            bytes += [0xFF, marker]
        }
    }
}
