/// The header of a Netpbm image: P4 bitmap, P5 grey, P6 colour, and their plain (ASCII)
/// forms P1, P2, P3.
struct PNMHeader {
    /// The digit after the P: 1 to 6.
    var kind = 5
    var channels = 1
    var width = 0
    var height = 0
    var maxValue = 255
    var dataOffset = 0

    /// P1, P2 and P3 write their samples as decimal numbers.
    var isPlain: Bool { kind <= 3 }
    /// P1 and P4 are bitmaps: 1 is black, and the header has no maximum.
    var isBitmap: Bool { kind == 1 || kind == 4 }

    init(_ r: ByteReader) throws(DecodeError) {
        guard r.u8(0) == 0x50, let digit = r.u8(1), digit >= 0x31 && digit <= 0x36 else {
            throw .unsupported(detail: "only PNM P1 to P6 is supported")
        }
        kind = digit - 0x30
        channels = kind == 3 || kind == 6 ? 3 : 1
        var o = 2
        var values: [Int] = []
        while values.count < (isBitmap ? 2 : 3) {
            o = Self.skipSpace(r, from: o)
            var value = 0
            var digits = 0
            while let c = r.u8(o), c >= 0x30 && c <= 0x39, digits < 9 { value = value * 10 + c - 0x30; digits += 1; o += 1 }
            guard digits > 0 else {
                throw r.u8(o) == nil ? .truncated(detail: "the PNM header ends early") : .corrupt(detail: "bad PNM header")
            }
            values.append(value)
        }
        width = values[0]; height = values[1]; maxValue = isBitmap ? 1 : values[2]
        guard width > 0, height > 0, maxValue > 0, maxValue <= 65535 else {
            throw .corrupt(detail: "PNM \(width)x\(height) with maximum \(maxValue)")
        }
        dataOffset = o + 1  // exactly one whitespace byte ends the header
    }

    /// The offset of the first byte from `o` on that is neither white space nor in a comment.
    static func skipSpace(_ r: ByteReader, from start: Int) -> Int {
        var o = start
        while let c = r.u8(o), FormatSniffer.isPNMSpace(c) {
            if c == 0x23 { while let d = r.u8(o), d != 0x0A && d != 0x0D { o += 1 } } else { o += 1 }
        }
        return o
    }
}

/// Netpbm images in Swift, row by row into the reduction.
enum PNMDecoder {
    static func decode(_ data: [UInt8], options: DecodeOptions) throws(DecodeError) -> PixelImage {
        let r = ByteReader(data)
        let h = try PNMHeader(r)
        try options.checkLimit(width: h.width, height: h.height)
        if h.isPlain { return try plain(r, h, options) }
        let sampleSize = h.maxValue > 255 ? 2 : 1
        let stride = h.kind == 4 ? (h.width + 7) / 8 : h.width * h.channels * sampleSize
        let (total, overflow) = stride.multipliedReportingOverflow(by: h.height)
        guard !overflow, let pixels = r.sub(h.dataOffset, total) else {
            throw .truncated(detail: "the PNM pixel data ends early")
        }
        let bytes = pixels.bytes
        let base = pixels.range.lowerBound
        let maxValue = h.maxValue
        if h.kind == 4 {
            // Eight pixels a byte, the first in the high bit; each row starts on a byte.
            return try Reduction.reduce(width: h.width, height: h.height, options: options) { y, row in
                let p = base + y * stride
                for x in 0..<h.width {
                    let v: UInt8 = bytes[p + (x >> 3)] & (0x80 >> UInt8(x & 7)) != 0 ? 0 : 255
                    row[x * 4] = v; row[x * 4 + 1] = v; row[x * 4 + 2] = v; row[x * 4 + 3] = 255
                }
            }
        }
        return try Reduction.reduce(width: h.width, height: h.height, options: options) { y, row in
            var p = base + y * stride
            for x in 0..<h.width {
                var c: (Int, Int, Int) = (0, 0, 0)
                for k in 0..<h.channels {
                    var v = Int(bytes[p])
                    if sampleSize == 2 { v = v << 8 | Int(bytes[p + 1]) }
                    p += sampleSize
                    let s = min(255, (v * 255 + maxValue / 2) / maxValue)
                    if k == 0 { c = (s, s, s) } else if k == 1 { c.1 = s } else { c.2 = s }
                }
                row[x * 4] = UInt8(c.0); row[x * 4 + 1] = UInt8(c.1); row[x * 4 + 2] = UInt8(c.2); row[x * 4 + 3] = 255
            }
        }
    }

    /// P1, P2, P3: samples as decimal numbers between white space (a P1 bitmap's digits may
    /// touch), read in order as the rows are asked for.
    private static func plain(_ r: ByteReader, _ h: PNMHeader, _ options: DecodeOptions) throws(DecodeError) -> PixelImage {
        var o = h.dataOffset
        var failure: DecodeError?
        let maxValue = h.maxValue
        func sample() -> Int {
            o = PNMHeader.skipSpace(r, from: o)
            var value = 0
            var digits = 0
            while let c = r.u8(o), c >= 0x30 && c <= 0x39 {
                value = min(value * 10 + c - 0x30, 1 << 20)
                digits += 1
                o += 1
                if h.isBitmap { break }
            }
            if digits == 0, failure == nil {
                failure = r.u8(o) == nil ? .truncated(detail: "the PNM pixel data ends early") : .corrupt(detail: "bad PNM sample")
            }
            return value
        }
        let image = try Reduction.reduce(width: h.width, height: h.height, options: options) { _, row in
            for x in 0..<h.width {
                guard failure == nil else { return }
                var c: (Int, Int, Int) = (0, 0, 0)
                for k in 0..<h.channels {
                    let v = h.isBitmap ? (sample() == 0 ? 255 : 0) : min(255, (min(sample(), maxValue) * 255 + maxValue / 2) / maxValue)
                    if k == 0 { c = (v, v, v) } else if k == 1 { c.1 = v } else { c.2 = v }
                }
                row[x * 4] = UInt8(c.0); row[x * 4 + 1] = UInt8(c.1); row[x * 4 + 2] = UInt8(c.2); row[x * 4 + 3] = 255
            }
        }
        if let failure { throw failure }
        return image
    }
}
