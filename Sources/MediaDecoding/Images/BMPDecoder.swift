/// The header of a Windows bitmap (core, info and V2–V5 headers).
struct BMPHeader {
    var width = 0
    var height = 0
    var topDown = false
    var bitsPerPixel = 0
    var compression = 0
    var dataOffset = 0
    var masks: (r: Int, g: Int, b: Int) = (0, 0, 0)
    var alphaMask = 0
    /// BGR palette entries.
    var palette: [(UInt8, UInt8, UInt8)] = []

    init(_ r: ByteReader) throws(DecodeError) {
        let short = DecodeError.truncated(detail: "the BMP header ends early")
        guard let offset = r.u32le(10), let dib = r.u32le(14) else { throw short }
        dataOffset = offset
        var paletteStart = 14 + dib
        var entrySize = 4
        if dib == 12 {
            guard let w = r.u16le(18), let h = r.u16le(20), let bpp = r.u16le(24) else { throw short }
            width = w; height = h; bitsPerPixel = bpp
            entrySize = 3
        } else {
            guard dib >= 40, let w = r.i32le(18), let h = r.i32le(22), let bpp = r.u16le(28),
                  let comp = r.u32le(30), let used = r.u32le(46) else { throw short }
            guard w > 0, h != 0, h != Int(Int32.min) else { throw .corrupt(detail: "BMP size \(w)x\(h)") }
            width = w; height = abs(h); topDown = h < 0; bitsPerPixel = bpp; compression = comp
            if comp == 3 || comp == 6 {
                let maskAt = 54
                guard let rm = r.u32le(maskAt), let gm = r.u32le(maskAt + 4), let bm = r.u32le(maskAt + 8) else { throw short }
                masks = (rm, gm, bm)
                if dib >= 56 || comp == 6 { alphaMask = r.u32le(maskAt + 12) ?? 0 }
                if dib == 40 { paletteStart += comp == 6 ? 16 : 12 }
            } else if bpp == 16 {
                masks = (0x7C00, 0x03E0, 0x001F)
            } else if bpp == 32 {
                masks = (0xFF0000, 0x00FF00, 0x0000FF)
            }
            if bpp <= 8 {
                let n = used == 0 || used > (1 << bpp) ? 1 << bpp : used
                palette.reserveCapacity(n)
                for i in 0..<n {
                    guard let b = r.u8(paletteStart + i * entrySize), let g = r.u8(paletteStart + i * entrySize + 1),
                          let rr = r.u8(paletteStart + i * entrySize + 2) else { break }
                    palette.append((UInt8(rr), UInt8(g), UInt8(b)))
                }
                return
            }
        }
        if dib == 12 && bitsPerPixel <= 8 {
            for i in 0..<(1 << bitsPerPixel) {
                guard let b = r.u8(paletteStart + i * 3), let g = r.u8(paletteStart + i * 3 + 1),
                      let rr = r.u8(paletteStart + i * 3 + 2) else { break }
                palette.append((UInt8(rr), UInt8(g), UInt8(b)))
            }
        }
    }
}

/// Windows bitmaps (1/4/8-bit palette, RLE8 and RLE4, 16/24/32-bit, bottom-up or top-down)
/// in Swift, row by row into the reduction.
enum BMPDecoder {
    static func decode(_ data: [UInt8], options: DecodeOptions) throws(DecodeError) -> PixelImage {
        let r = ByteReader(data)
        let h = try BMPHeader(r)
        let rle = (h.compression == 1 && h.bitsPerPixel == 8) || (h.compression == 2 && h.bitsPerPixel == 4)
        guard [1, 4, 8, 16, 24, 32].contains(h.bitsPerPixel), [0, 3, 6].contains(h.compression) || rle else {
            throw .unsupported(detail: "BMP with \(h.bitsPerPixel) bits per pixel, compression \(h.compression)")
        }
        try options.checkLimit(width: h.width, height: h.height)
        if h.bitsPerPixel <= 8 && h.palette.isEmpty { throw .corrupt(detail: "BMP without a palette") }
        if rle { return try decodeRLE(r, h, options: options) }
        let stride = (h.width * h.bitsPerPixel + 31) / 32 * 4
        let (total, overflow) = stride.multipliedReportingOverflow(by: h.height)
        guard !overflow, h.dataOffset >= 0, let pixels = r.sub(h.dataOffset, total) else {
            throw .truncated(detail: "the BMP pixel data ends early")
        }
        let bytes = pixels.bytes
        let base = pixels.range.lowerBound
        let shifts = [h.masks.r, h.masks.g, h.masks.b, h.alphaMask].map(MaskChannel.init)
        return try Reduction.reduce(width: h.width, height: h.height, options: options) { y, row in
            let fileRow = h.topDown ? y : h.height - 1 - y
            let start = base + fileRow * stride
            for x in 0..<h.width {
                let o = x * 4
                switch h.bitsPerPixel {
                case 1, 4, 8:
                    let bit = x * h.bitsPerPixel
                    let byte = Int(bytes[start + bit / 8])
                    let index = (byte >> (8 - h.bitsPerPixel - bit % 8)) & ((1 << h.bitsPerPixel) - 1)
                    let c = index < h.palette.count ? h.palette[index] : (0, 0, 0)
                    row[o] = c.0; row[o + 1] = c.1; row[o + 2] = c.2; row[o + 3] = 255
                case 24:
                    let p = start + x * 3
                    row[o] = bytes[p + 2]; row[o + 1] = bytes[p + 1]; row[o + 2] = bytes[p]; row[o + 3] = 255
                default:
                    let size = h.bitsPerPixel / 8
                    let p = start + x * size
                    var v = Int(bytes[p]) | Int(bytes[p + 1]) << 8
                    if size == 4 { v |= Int(bytes[p + 2]) << 16 | Int(bytes[p + 3]) << 24 }
                    row[o] = shifts[0].value(v); row[o + 1] = shifts[1].value(v); row[o + 2] = shifts[2].value(v)
                    row[o + 3] = h.alphaMask == 0 ? 255 : shifts[3].value(v)
                }
            }
        }
    }

    /// Run-length encoded 8- or 4-bit indices (always stored bottom-up). Pixels the stream
    /// skips (end of line, deltas, an early end) are left transparent, as browsers draw them.
    static func decodeRLE(_ r: ByteReader, _ h: BMPHeader, options: DecodeOptions) throws(DecodeError) -> PixelImage {
        let unset: UInt16 = 0x100
        var indices = [UInt16](repeating: unset, count: h.width * h.height)
        let four = h.bitsPerPixel == 4
        var o = h.dataOffset, x = 0, y = 0  // y counts from the bottom row
        func put(_ index: Int) {
            if x < h.width && y < h.height { indices[(h.height - 1 - y) * h.width + x] = UInt16(index) }
            x += 1
        }
        decoding: while y < h.height {
            guard let count = r.u8(o), let value = r.u8(o + 1) else {
                throw .truncated(detail: "the BMP run-length data ends early")
            }
            o += 2
            if count > 0 {
                for i in 0..<count { put(four ? (i % 2 == 0 ? value >> 4 : value & 15) : value) }
                continue
            }
            switch value {
            case 0: x = 0; y += 1
            case 1: break decoding
            case 2:
                guard let dx = r.u8(o), let dy = r.u8(o + 1) else { throw .truncated(detail: "the BMP run-length data ends early") }
                o += 2; x += dx; y += dy
            default:
                // Absolute mode: `value` literal pixels, padded to a 16-bit boundary.
                let bytes = four ? (value + 1) / 2 : value
                guard let literal = r.sub(o, bytes) else { throw .truncated(detail: "the BMP run-length data ends early") }
                for i in 0..<value {
                    let byte = literal.u8(four ? i / 2 : i) ?? 0
                    put(four ? (i % 2 == 0 ? byte >> 4 : byte & 15) : byte)
                }
                o += bytes + (bytes & 1)
            }
        }
        return try Reduction.reduce(width: h.width, height: h.height, options: options) { y, row in
            for x in 0..<h.width {
                let index = Int(indices[y * h.width + x]), o = x * 4
                guard index != Int(unset) else { row[o] = 0; row[o + 1] = 0; row[o + 2] = 0; row[o + 3] = 0; continue }
                let c = index < h.palette.count ? h.palette[index] : (0, 0, 0)
                row[o] = c.0; row[o + 1] = c.1; row[o + 2] = c.2; row[o + 3] = 255
            }
        }
    }

    /// One channel of a bit-field pixel, scaled to 8 bits.
    struct MaskChannel {
        let mask: Int
        let shift: Int
        let maxValue: Int

        init(_ mask: Int) {
            self.mask = mask
            shift = mask == 0 ? 0 : mask.trailingZeroBitCount
            maxValue = mask == 0 ? 0 : mask >> shift
        }

        func value(_ pixel: Int) -> UInt8 {
            guard maxValue > 0 else { return 0 }
            return UInt8(((pixel & mask) >> shift) * 255 / maxValue)
        }
    }
}
