import Foundation
import XCTest

/// Test pictures drawn in code, each different in colour and layout (a gradient between two
/// hues, a disc, dark bars, fine stripes), kept clear of black and white so a terminal's background never
/// passes for part of one; written as PNG by ImageMagick for the programs under test.
final class RealTerminalPictures {
    /// The folder (removed on deinit).
    let directory: String
    private var drawn: [String: RealTerminalImage] = [:]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("mp-realterm-pics-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// Picture number `index`, `width`x`height`.
    static func picture(_ index: Int, width: Int = 160, height: Int = 120) -> RealTerminalImage {
        let palette: [(Double, Double, Double)] = [(210, 60, 50), (60, 170, 70), (50, 80, 200), (215, 190, 50), (170, 60, 190), (50, 180, 190)]
        let a = palette[index % 6], b = palette[(index + 2) % 6], disc = palette[(index + 4) % 6]
        let cx = Double(width) * (0.2 + 0.6 * Double((index * 37) % 100) / 100)
        let cy = Double(height) * (0.25 + 0.5 * Double((index * 23) % 60) / 60)
        let radius = Double(min(width, height)) * 0.22
        return RealTerminalImage(width: width, height: height) { x, y in
            let dx = Double(x) - cx, dy = Double(y) - cy
            if dx * dx + dy * dy < radius * radius {
                return (UInt8(min(215, disc.0 + 20)), UInt8(min(215, disc.1 + 20)), UInt8(min(215, disc.2 + 20)))
            }
            if y > height * 2 / 3 && (x + index * 5) % (width / 6) < width / 24 { return (40, 40, 60) }
            // Fine stripes (4 px apart): detail cell art cannot draw and a picture can.
            if y < height / 3 && x < width / 2 && (y / 2) % 2 == 0 { return (60, 50, 70) }
            let t = Double(x) / Double(width - 1)
            return (UInt8(a.0 + (b.0 - a.0) * t), UInt8(a.1 + (b.1 - a.1) * t), UInt8(a.2 + (b.2 - a.2) * t))
        }
    }

    /// Writes picture `index` as `name` (PNG); returns its path.
    @discardableResult
    func write(_ index: Int, as name: String, width: Int = 160, height: Int = 120) throws -> String {
        guard let convert = RealTerminalDisplay.tool("convert") else { throw XCTSkip("ImageMagick (convert) is not installed") }
        let image = Self.picture(index, width: width, height: height)
        let ppm = directory + "/.draw-\(UUID().uuidString.prefix(8)).ppm", path = directory + "/" + name
        try Data(image.ppm).write(to: URL(fileURLWithPath: ppm))
        defer { try? FileManager.default.removeItem(atPath: ppm) }
        let (status, output) = try RealTerminalProcess.run([convert, ppm, path], environment: [:], in: directory)
        guard status == 0 else { throw RealTerminalError.failed("convert \(name): \(output)") }
        drawn[name] = image
        return path
    }

    /// The picture written as `name`.
    func source(_ name: String) -> RealTerminalImage? { drawn[name] }
}
