import Foundation

/// An RGB picture in memory: a screenshot, a crop of one, or a source picture drawn in code.
struct RealTerminalImage {
    let width: Int
    let height: Int
    /// Row-major RGB bytes.
    var rgb: [UInt8]

    init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(rgb.count == width * height * 3)
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// Draws a picture by calling `color` for every pixel.
    init(width: Int, height: Int, color: (Int, Int) -> (UInt8, UInt8, UInt8)) {
        var bytes = [UInt8]()
        bytes.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                bytes += [c.0, c.1, c.2]
            }
        }
        self.init(width: width, height: height, rgb: bytes)
    }

    /// Reads a binary PPM (P6, maxval 255), as ImageMagick's `import … ppm:` writes it.
    init(ppmAt path: String) throws {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var fields: [Int] = []
        var index = 2
        guard data.count > 2, data[0] == UInt8(ascii: "P"), data[1] == UInt8(ascii: "6") else {
            throw RealTerminalError.failed("\(path) is not a binary PPM")
        }
        while fields.count < 3 && index < data.count {
            let byte = data[index]
            if byte == UInt8(ascii: "#") {
                while index < data.count && data[index] != 10 { index += 1 }
            } else if byte >= 48 && byte <= 57 {
                var value = 0
                while index < data.count, data[index] >= 48, data[index] <= 57 { value = value * 10 + Int(data[index] - 48); index += 1 }
                fields.append(value)
                continue
            }
            index += 1
        }
        // One whitespace byte separates the header from the pixels.
        index += 1
        guard fields.count == 3, fields[2] == 255, data.count - index == fields[0] * fields[1] * 3 else {
            throw RealTerminalError.failed("\(path): unexpected PPM header \(fields)")
        }
        self.init(width: fields[0], height: fields[1], rgb: Array(data[index...]))
    }

    /// The bytes of a binary PPM of this picture.
    var ppm: [UInt8] { Array("P6\n\(width) \(height)\n255\n".utf8) + rgb }

    /// The pixel at x, y.
    func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 3
        return (rgb[i], rgb[i + 1], rgb[i + 2])
    }

    /// The part inside `rect` (clipped to the picture).
    func cropped(to rect: RealTerminalRect) -> RealTerminalImage {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(width, rect.x + rect.width), y1 = min(height, rect.y + rect.height)
        guard x1 > x0, y1 > y0 else { return RealTerminalImage(width: 0, height: 0, rgb: []) }
        var bytes = [UInt8]()
        bytes.reserveCapacity((x1 - x0) * (y1 - y0) * 3)
        for y in y0..<y1 { bytes += rgb[((y * width + x0) * 3)..<((y * width + x1) * 3)] }
        return RealTerminalImage(width: x1 - x0, height: y1 - y0, rgb: bytes)
    }

    /// The smallest rectangle holding every pixel that differs from `background` by more than
    /// `tolerance` in some channel; nil when there is none (nothing drawn there).
    func contentBounds(background: (UInt8, UInt8, UInt8), tolerance: Int = 24) -> RealTerminalRect? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x, y)
                let d = max(abs(Int(p.0) - Int(background.0)), abs(Int(p.1) - Int(background.1)), abs(Int(p.2) - Int(background.2)))
                if d > tolerance {
                    minX = min(minX, x); maxX = max(maxX, x)
                    minY = min(minY, y); maxY = max(maxY, y)
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return RealTerminalRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// How many pixels differ from `background` by more than `tolerance`.
    func countDiffering(from background: (UInt8, UInt8, UInt8), tolerance: Int = 24) -> Int {
        var count = 0
        for i in stride(from: 0, to: rgb.count, by: 3) {
            let d = max(abs(Int(rgb[i]) - Int(background.0)), abs(Int(rgb[i + 1]) - Int(background.1)),
                        abs(Int(rgb[i + 2]) - Int(background.2)))
            if d > tolerance { count += 1 }
        }
        return count
    }

    /// Scaled to `newWidth`x`newHeight` by averaging the source area under each new pixel
    /// (what a terminal picture scaled down from the source looks like).
    func resized(width newWidth: Int, height newHeight: Int) -> RealTerminalImage {
        var bytes = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
        let sx = Double(width) / Double(newWidth), sy = Double(height) / Double(newHeight)
        for ny in 0..<newHeight {
            let y0 = Double(ny) * sy, y1 = y0 + sy
            for nx in 0..<newWidth {
                let x0 = Double(nx) * sx, x1 = x0 + sx
                var sum = (0.0, 0.0, 0.0), weight = 0.0
                for y in Int(y0)..<min(height, Int(y1.rounded(.up))) {
                    let wy = min(y1, Double(y + 1)) - max(y0, Double(y))
                    for x in Int(x0)..<min(width, Int(x1.rounded(.up))) {
                        let w = wy * (min(x1, Double(x + 1)) - max(x0, Double(x)))
                        guard w > 0 else { continue }
                        let p = pixel(x, y)
                        sum.0 += w * Double(p.0); sum.1 += w * Double(p.1); sum.2 += w * Double(p.2)
                        weight += w
                    }
                }
                let i = (ny * newWidth + nx) * 3
                bytes[i] = UInt8((sum.0 / weight).rounded())
                bytes[i + 1] = UInt8((sum.1 / weight).rounded())
                bytes[i + 2] = UInt8((sum.2 / weight).rounded())
            }
        }
        return RealTerminalImage(width: newWidth, height: newHeight, rgb: bytes)
    }

    /// One channel as numbers: 0, 1, 2 for R, G, B; nil for luma (BT.601).
    func plane(_ channel: Int?) -> [Double] {
        var values = [Double](repeating: 0, count: width * height)
        for i in 0..<(width * height) {
            let r = Double(rgb[i * 3]), g = Double(rgb[i * 3 + 1]), b = Double(rgb[i * 3 + 2])
            switch channel {
            case 0?: values[i] = r
            case 1?: values[i] = g
            case 2?: values[i] = b
            default: values[i] = 0.299 * r + 0.587 * g + 0.114 * b
            }
        }
        return values
    }
}
