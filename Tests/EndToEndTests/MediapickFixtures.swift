import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Scratch folders of small media files for the end-to-end tests. Pictures are binary PPM
/// (P6), which the picker recognises by content and which needs no encoder; PNGs come from
/// ImageMagick when it is installed.
final class MediapickFixtures {
    /// The folder (removed on deinit).
    let directory: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("mp-e2e-files-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// A `width`x`height` PPM of one colour.
    static func ppm(width: Int = 24, height: Int = 16, rgb: (UInt8, UInt8, UInt8)) -> [UInt8] {
        Array("P6\n\(width) \(height)\n255\n".utf8) + Array(repeating: [rgb.0, rgb.1, rgb.2], count: width * height).flatMap { $0 }
    }

    /// Writes `bytes` to the file named by the exact bytes `name` in the folder; returns the full path's bytes.
    @discardableResult
    func write(name: [UInt8], bytes: [UInt8]) throws -> [UInt8] {
        let path = Array(directory.utf8) + [UInt8(ascii: "/")] + name
        let fd = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        guard fd >= 0 else { throw TmuxError.failed("cannot create \(String(decoding: path, as: UTF8.self))") }
        defer { close(fd) }
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        return path
    }

    /// Writes a PPM picture named `name`; returns its path.
    @discardableResult
    func picture(_ name: String, rgb: (UInt8, UInt8, UInt8) = (200, 80, 40)) throws -> String {
        String(decoding: try write(name: Array(name.utf8), bytes: Self.ppm(rgb: rgb)), as: UTF8.self)
    }

    /// Makes a PNG with ImageMagick; skips the test when it is not installed.
    @discardableResult
    func png(_ name: String, color: String) throws -> String {
        guard let convert = ["/usr/bin/convert", "/usr/local/bin/convert"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("ImageMagick (convert) is not installed")
        }
        let path = directory + "/" + name
        let scratch = directory + "/.convert-out"
        let status = try ChildProcess.run([convert, "-size", "24x16", "xc:\(color)", path], stdout: scratch, stderr: scratch, timeout: 30)
        try? FileManager.default.removeItem(atPath: scratch)
        guard status == 0 else { throw TmuxError.failed("convert failed for \(name)") }
        return path
    }

    /// A broken HEIC whose decoder prints on stderr by itself (libde265, under libheif, says
    /// `SPS error: …` with a plain fprintf): ImageMagick's picture encoded by heif-enc, then one or
    /// two bytes of its decoder configuration (the `hvcC` box) flipped from a fixed seed until
    /// `mediapick thumb` (`binary`) shows a line on stderr that is not its own. Returns the file
    /// and that line; skips the test when ImageMagick or heif-enc is not installed.
    func noisyHEIC(_ name: String, binary: String) throws -> (path: String, message: String) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-enc") else { throw XCTSkip("heif-enc is not installed") }
        let source = try png(".noisy-source.png", color: "orange")
        let encoded = directory + "/.noisy-source.heic", scratch = directory + "/.noisy-out"
        defer { [source, encoded, scratch].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        guard try ChildProcess.run(["/usr/bin/heif-enc", "-q", "50", source, "-o", encoded], stdout: scratch, stderr: scratch, timeout: 30) == 0 else {
            throw TmuxError.failed("heif-enc failed")
        }
        let clean = try Self.read(encoded)
        guard let box = (0..<(clean.count - 4)).first(where: { clean[$0..<$0 + 4].elementsEqual("hvcC".utf8) }) else {
            throw TmuxError.failed("no hvcC box in heif-enc's output")
        }
        let path = directory + "/" + name
        var seed: UInt64 = 0x5EED
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        for _ in 0..<2000 {
            var broken = clean
            for _ in 0..<(1 + next() % 2) { broken[min(box + next() % 120, broken.count - 1)] ^= UInt8(1 + next() % 255) }
            try write(name: Array(name.utf8), bytes: broken)
            _ = try ChildProcess.run([binary, "thumb", "--no-cache", "--size", "4x2", path], stdout: "/dev/null", stderr: scratch, timeout: 30)
            let said = String(decoding: try Self.read(scratch), as: UTF8.self).split(separator: "\n")
            if let line = said.first(where: { !$0.hasPrefix("mediapick:") }) { return (path, String(line)) }
        }
        throw TmuxError.failed("no flip of the hvcC box made the decoder print")
    }

    /// The bytes of a file.
    static func read(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Single-quoted for sh.
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
