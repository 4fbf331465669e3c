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

    /// The bytes of a file.
    static func read(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Single-quoted for sh.
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
