import Foundation
import MediaDecoding
import Platform
import XCTest

/// Files cut short for the tests of partial pictures (PartialJPEGTests, PartialPNGTests).
enum CutFile {
    /// The first `length` bytes of `bytes` in a file of their own, named `name-length.ext`.
    static func write(_ bytes: [UInt8], at length: Int, _ name: String, _ ext: String, for test: XCTestCase) throws -> RawPath {
        let url = try Fixtures.directory(test).appendingPathComponent("\(name)-\(length).\(ext)")
        try Data(bytes.prefix(length)).write(to: url)
        return RawPath(url)
    }

    /// The truncated error a decode of `path` throws, from the file and from memory: its detail
    /// and its partial picture, the same both ways; nil with a failure when a decode throws
    /// another error or none.
    static func truncation(_ path: RawPath, options: DecodeOptions = DecodeOptions(), file: StaticString = #filePath,
                           line: UInt = #line) throws -> (detail: String, partial: PixelImage?)? {
        var found: [(detail: String, partial: PixelImage?)] = []
        for fromFile in [true, false] {
            let source = fromFile ? "file" : "memory"
            do {
                _ = fromFile ? try ImageDecoder.decode(path: path, options: options)
                             : try ImageDecoder.decode(data: Fixtures.bytes(URL(fileURLWithPath: path.string)), options: options)
                XCTFail("\(path.lastComponent.string) from \(source): decoded as whole", file: file, line: line)
                return nil
            } catch let error as DecodeError {
                guard case .truncated(let detail, let partial) = error else {
                    XCTFail("\(path.lastComponent.string) from \(source): \(error)", file: file, line: line)
                    return nil
                }
                found.append((detail, partial))
            }
        }
        XCTAssertEqual(found[0].detail, found[1].detail, "from a file as from memory", file: file, line: line)
        XCTAssertEqual(found[0].partial, found[1].partial, "from a file as from memory", file: file, line: line)
        return found[0]
    }

    /// The first row of `image` that differs from `whole`'s (its height when none does).
    static func firstDifferingRow(_ image: PixelImage, _ whole: PixelImage) -> Int {
        let stride = whole.width * 4
        return (0..<whole.height).first { (y: Int) -> Bool in
            let row: Range<Int> = y * stride..<(y + 1) * stride
            return image.pixels[row] != whole.pixels[row]
        } ?? whole.height
    }
}
