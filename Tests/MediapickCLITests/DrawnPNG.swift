import Platform

/// PNG files written byte by byte from samples drawn in code, so that a test can have any
/// colour type, depth, palette, tRNS chunk and Adam7 interlacing the project's own encoder
/// does not write.
struct DrawnPNG: Sendable {
    /// Colour type as in the IHDR: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA.
    var color: UInt8
    /// Bits per sample (per palette index for type 3): 1, 2, 4, 8 or 16.
    var depth: UInt8
    var width: Int
    var height: Int
    /// The samples of pixel (x, y), one per channel, each below 2^depth.
    var sample: @Sendable (_ x: Int, _ y: Int) -> [Int]
    /// PLTE entries (RGB), for colour type 3.
    var palette: [(UInt8, UInt8, UInt8)] = []
    /// The tRNS chunk's data as it is stored, when there is one.
    var transparency: [UInt8]?
    /// Adam7: the rows written in seven passes.
    var interlaced = false
    /// Whole chunks (e.g. an eXIf) written just before the image data.
    var chunksBeforeImageData: [UInt8] = []

    /// The file's bytes; the image data unfiltered (filter type None), zlib level 6.
    var bytes: [UInt8] {
        var raw: [UInt8] = []
        // Adam7's passes as (x0, y0, dx, dy); one pass of every pixel when not interlaced.
        let passes = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        for (x0, y0, dx, dy) in passes where x0 < width && y0 < height {
            for y in stride(from: y0, to: height, by: dy) {
                raw.append(0)
                raw += packed(stride(from: x0, to: width, by: dx).flatMap { sample($0, y) })
            }
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += Self.chunk("IHDR", Self.be32(width) + Self.be32(height) + [depth, color, 0, 0, interlaced ? 1 : 0])
        if !palette.isEmpty { file += Self.chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
        if let transparency { file += Self.chunk("tRNS", transparency) }
        file += chunksBeforeImageData
        file += Self.chunk("IDAT", Zlib.compress(raw)) + Self.chunk("IEND", [])
        return file
    }

    /// Samples packed into bytes: below 8 bits several to a byte, from the high bits; 16 bits big-endian.
    private func packed(_ samples: [Int]) -> [UInt8] {
        if depth == 16 { return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        if depth == 8 { return samples.map { UInt8($0) } }
        let perByte = 8 / Int(depth)
        return stride(from: 0, to: samples.count, by: perByte).map { start in
            var byte = 0
            for i in 0..<perByte {
                let value = start + i < samples.count ? samples[start + i] : 0
                byte |= value << (8 - Int(depth) * (i + 1))
            }
            return UInt8(byte)
        }
    }

    static func be32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(Digest.crc32(body)))
    }
}
