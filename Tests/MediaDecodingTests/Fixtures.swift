import Foundation
import MediaDecoding
import XCTest
import Platform

/// Test images drawn in code, and the tools that encode them at test time.
enum Fixtures {
    /// A picture with smooth gradients and an asymmetric block, so orientation mistakes show.
    static func picture(width: Int = 96, height: Int = 64, alpha: Bool = false) -> PixelImage {
        PixelImage(width: width, height: height) { x, y in
            let inBlock = x < width / 3 && y < height / 3
            let r = UInt8(x * 255 / max(1, width - 1))
            let g = UInt8(y * 255 / max(1, height - 1))
            let b: UInt8 = inBlock ? 255 : 40
            let a: UInt8 = alpha ? UInt8(255 - (x * 200 / max(1, width - 1))) : 255
            return (r, g, b, a)
        }
    }

    /// A fresh temporary directory, removed by the test case's teardown block.
    static func directory(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mediadecoding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// The full path of `tool` on PATH, or nil.
    static func which(_ tool: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for p in paths + ["/usr/bin", "/usr/local/bin"] {
            let candidate = "\(p)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `tool` with `arguments`; skips the test when the tool is missing, fails when it fails.
    static func run(_ tool: String, _ arguments: [String]) throws {
        guard let path = which(tool) else { throw XCTSkip("\(tool) is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw XCTSkip("\(tool) \(arguments.joined(separator: " ")) failed with \(process.terminationStatus)")
        }
    }

    /// Writes `image` as a lossless PNG with the project's encoder, for tools to convert.
    static func writePNG(_ image: PixelImage, to url: URL) throws {
        try Data(PNGEncoder.encode(image)).write(to: url)
    }

    /// Reads a file's bytes.
    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    /// Largest per-channel difference between two images of the same size (alpha-weighted
    /// colours, so fully transparent pixels compare equal whatever their colour).
    static func maxDifference(_ a: PixelImage, _ b: PixelImage, border: Int = 0) -> Int {
        precondition(a.width == b.width && a.height == b.height, "sizes \(a.width)x\(a.height) vs \(b.width)x\(b.height)")
        var worst = 0
        for y in border..<(a.height - border) {
            for x in border..<(a.width - border) {
                let p = a[x, y], q = b[x, y]
                let da = abs(Int(p.a) - Int(q.a))
                worst = max(worst, da)
                if p.a > 16 && q.a > 16 {
                    worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                }
            }
        }
        return worst
    }

    /// Mean absolute per-channel difference (RGB) of two images of the same size.
    static func meanDifference(_ a: PixelImage, _ b: PixelImage) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var total = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            for k in 0..<3 { total += abs(Int(a.pixels[i + k]) - Int(b.pixels[i + k])) }
        }
        return Double(total) / Double(a.width * a.height * 3)
    }
}

extension RawPath {
    /// The path of a file URL.
    init(_ url: URL) { self.init(url.path) }
}
