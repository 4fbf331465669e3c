import Dispatch
import Foundation
import MediaDecoding
import XCTest

/// The decoders keep no shared state: decoding on many threads at once gives the same pixels.
final class ConcurrencyTests: XCTestCase {
    func testParallelDecodesMatchSerialOnes() throws {
        let picture = Fixtures.picture(width: 200, height: 150, alpha: true)
        var inputs = [try JPEGEncoder.encode(picture), try PNGEncoder.encode(picture)]
        let dir = try Fixtures.directory(self)
        let source = dir.appendingPathComponent("s.png")
        try Fixtures.writePNG(picture, to: source)
        for (tool, args, name) in [("heif-enc", ["-q", "60"], "p.heic"), ("cwebp", ["-quiet"], "p.webp"), ("convert", [], "p.gif")]
        where Fixtures.which(tool) != nil {
            let out = dir.appendingPathComponent(name)
            try Fixtures.run(tool, tool == "convert" ? [source.path, out.path] : args + [source.path, "-o", out.path])
            inputs.append(try Fixtures.bytes(out))
        }
        let options = DecodeOptions(targetWidth: 50, targetHeight: 50)
        let files = inputs
        let serial = try files.map { try ImageDecoder.decode(data: $0, options: options) }
        let rounds = 6
        let results = ParallelResults(count: files.count * rounds)
        DispatchQueue.concurrentPerform(iterations: files.count * rounds) { i in
            results.set(i, try? ImageDecoder.decode(data: files[i % files.count], options: options))
        }
        for i in 0..<(files.count * rounds) {
            XCTAssertEqual(results.get(i), serial[i % files.count], "input \(i % files.count)")
        }
    }
}

/// Results written from many threads, one slot each, read after they have all finished.
/// `@unchecked`: `slots`, its only mutable field, is private and touched only inside `lock.withLock`.
final class ParallelResults: @unchecked Sendable {
    private var slots: [PixelImage?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ image: PixelImage?) { lock.withLock { slots[i] = image } }
    func get(_ i: Int) -> PixelImage? { lock.withLock { slots[i] } }
}
