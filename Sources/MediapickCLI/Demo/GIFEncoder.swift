import MediaDecoding

/// A minimal GIF writer for the demo library (the project's codecs decode GIF but do not
/// encode it): one frame, a fixed 6x6x6 colour cube, and LZW codes kept at 9 bits by
/// clearing the table often — larger files than a real encoder makes, but valid everywhere.
enum GIFEncoder {
    /// The GIF file for `image` (alpha ignored).
    static func encode(_ image: PixelImage) -> [UInt8] {
        var out = Array("GIF89a".utf8)
        out += littleEndian16(image.width) + littleEndian16(image.height)
        out += [0xF7, 0, 0]  // global table of 256 entries, 8-bit colour resolution
        for index in 0..<256 {
            let i = min(index, 215)
            out += [UInt8(i / 36 * 51), UInt8(i / 6 % 6 * 51), UInt8(i % 6 * 51)]
        }
        out += [0x2C, 0, 0, 0, 0] + littleEndian16(image.width) + littleEndian16(image.height) + [0]
        out.append(8)  // LZW minimum code size
        let data = lzw(indices(image))
        var start = 0
        while start < data.count {
            let end = min(start + 255, data.count)
            out.append(UInt8(end - start))
            out += data[start..<end]
            start = end
        }
        out += [0, 0x3B]
        return out
    }

    /// Each pixel's nearest entry of the colour cube.
    static func indices(_ image: PixelImage) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: image.width * image.height)
        for i in result.indices {
            let p = i * 4
            func level(_ v: UInt8) -> Int { (Int(v) + 25) / 51 }
            result[i] = UInt8(level(image.pixels[p]) * 36 + level(image.pixels[p + 1]) * 6 + level(image.pixels[p + 2]))
        }
        return result
    }

    /// Literal codes only, 9 bits wide, with a clear code before the table would need a 10th bit.
    static func lzw(_ symbols: [UInt8]) -> [UInt8] {
        let clear = 256, end = 257
        var bytes: [UInt8] = []
        var accumulator = 0, bits = 0
        func put(_ code: Int) {
            accumulator |= code << bits
            bits += 9
            while bits >= 8 {
                bytes.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                bits -= 8
            }
        }
        put(clear)
        for (n, symbol) in symbols.enumerated() {
            if n > 0 && n % 250 == 0 { put(clear) }
            put(Int(symbol))
        }
        put(end)
        if bits > 0 { bytes.append(UInt8(accumulator & 0xFF)) }
        return bytes
    }

    private static func littleEndian16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
}
