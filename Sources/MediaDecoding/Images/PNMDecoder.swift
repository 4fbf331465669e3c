/// The header of a binary Netpbm image (P5 grey, P6 colour).
struct PNMHeader {
    var channels = 1
    var width = 0
    var height = 0
    var maxValue = 255
    var dataOffset = 0

    init(_ r: ByteReader) throws(DecodeError) {
        guard r.u8(0) == 0x50, let kind = r.u8(1), kind == 0x35 || kind == 0x36 else {
            throw .unsupported(detail: "only binary PNM (P5, P6) is supported")
        }
        channels = kind == 0x36 ? 3 : 1
        var o = 2
        var values: [Int] = []
        while values.count < 3 {
            while let c = r.u8(o), FormatSniffer.isPNMSpace(c) {
                if c == 0x23 { while let d = r.u8(o), d != 0x0A && d != 0x0D { o += 1 } } else { o += 1 }
            }
            var value = 0
            var digits = 0
            while let c = r.u8(o), c >= 0x30 && c <= 0x39, digits < 9 { value = value * 10 + c - 0x30; digits += 1; o += 1 }
            guard digits > 0 else {
                throw r.u8(o) == nil ? .truncated(detail: "the PNM header ends early") : .corrupt(detail: "bad PNM header")
            }
            values.append(value)
        }
        width = values[0]; height = values[1]; maxValue = values[2]
        guard width > 0, height > 0, maxValue > 0, maxValue <= 65535 else {
            throw .corrupt(detail: "PNM \(width)x\(height) with maximum \(maxValue)")
        }
        dataOffset = o + 1  // exactly one whitespace byte ends the header
    }
}

/// Binary Netpbm images in Swift, row by row into the reduction.
enum PNMDecoder {
    static func decode(_ data: [UInt8], options: DecodeOptions) throws(DecodeError) -> PixelImage {
        let r = ByteReader(data)
        let h = try PNMHeader(r)
        try options.checkLimit(width: h.width, height: h.height)
        let sampleSize = h.maxValue > 255 ? 2 : 1
        let stride = h.width * h.channels * sampleSize
        let (total, overflow) = stride.multipliedReportingOverflow(by: h.height)
        guard !overflow, let pixels = r.sub(h.dataOffset, total) else {
            throw .truncated(detail: "the PNM pixel data ends early")
        }
        let bytes = pixels.bytes
        let base = pixels.range.lowerBound
        let maxValue = h.maxValue
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
}
