import MediaDecoding

/// Parses a sixel image (DCS `q` … ST) back into RGBA pixels, to check what the encoder wrote:
/// raster attributes, colour registers (RGB in percent), `!` repeats, `$` and `-`.
/// Undrawn pixels come back with alpha 0.
struct SixelDecoder {
    /// What a sixel image says.
    struct Decoded {
        /// The size the raster attributes declare.
        var width: Int
        var height: Int
        /// The pixels, `width` x `height`.
        var image: PixelImage
        /// Colour registers defined.
        var registers: Int
        /// Whether a sixel bit fell outside the declared size.
        var drewOutside: Bool
    }

    /// A malformed image.
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// Decodes `bytes`, which must start with `ESC P` and end with `ESC \`.
    static func decode(_ bytes: [UInt8]) throws(Malformed) -> Decoded {
        var i = 0
        func number() -> Int {
            var value = 0
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 { value = value * 10 + Int(bytes[i] - 48); i += 1 }
            return value
        }
        func numbers() -> [Int] {
            var values = [number()]
            while i < bytes.count, bytes[i] == UInt8(ascii: ";") { i += 1; values.append(number()) }
            return values
        }
        guard bytes.count >= 4, bytes[0] == 0x1B, bytes[1] == UInt8(ascii: "P") else { throw Malformed(description: "no DCS") }
        i = 2
        _ = numbers()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "q") else { throw Malformed(description: "no q") }
        i += 1
        var width = 0, height = 0
        var pixels: [UInt8] = []
        var registers: [Int: (UInt8, UInt8, UInt8)] = [:]
        var current = 0, x = 0, band = 0, drewOutside = false
        func draw(_ sixel: UInt8, times: Int) {
            let bits = Int(sixel) - 63
            let colour = registers[current] ?? (0, 0, 0)
            for _ in 0..<times {
                for bit in 0..<6 where bits & (1 << bit) != 0 {
                    let y = band * 6 + bit
                    guard x < width, y < height else { drewOutside = true; continue }
                    let k = (y * width + x) * 4
                    pixels[k] = colour.0; pixels[k + 1] = colour.1; pixels[k + 2] = colour.2; pixels[k + 3] = 255
                }
                x += 1
            }
        }
        while i < bytes.count {
            let byte = bytes[i]
            i += 1
            switch byte {
            case UInt8(ascii: "\""):
                let values = numbers()
                guard values.count == 4 else { throw Malformed(description: "raster attributes \(values)") }
                width = values[2]
                height = values[3]
                pixels = [UInt8](repeating: 0, count: width * height * 4)
            case UInt8(ascii: "#"):
                let values = numbers()
                current = values[0]
                if values.count == 5 {
                    guard values[1] == 2 else { throw Malformed(description: "colour space \(values[1])") }
                    func channel(_ percent: Int) -> UInt8 { UInt8((percent * 255 + 50) / 100) }
                    registers[current] = (channel(values[2]), channel(values[3]), channel(values[4]))
                } else if values.count != 1 {
                    throw Malformed(description: "colour \(values)")
                }
            case UInt8(ascii: "!"):
                let count = number()
                guard i < bytes.count, (63...126).contains(bytes[i]) else { throw Malformed(description: "repeat of nothing") }
                draw(bytes[i], times: count)
                i += 1
            case UInt8(ascii: "$"):
                x = 0
            case UInt8(ascii: "-"):
                x = 0
                band += 1
            case 63...126:
                draw(byte, times: 1)
            case 0x1B:
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\\"), i == bytes.count - 1 else {
                    throw Malformed(description: "ESC not at the end")
                }
                return Decoded(width: width, height: height, image: PixelImage(width: width, height: height, pixels: pixels),
                               registers: registers.count, drewOutside: drewOutside)
            default:
                throw Malformed(description: "byte \(byte) at \(i - 1)")
            }
        }
        throw Malformed(description: "no ST")
    }
}
