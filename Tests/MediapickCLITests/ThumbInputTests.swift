#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Platform
import XCTest
@testable import MediapickCLI

/// Which of `mediapick thumb`'s operands are copied into memory first, and what is said when
/// one cannot be read.
final class ThumbInputTests: XCTestCase {
    func testStandardInputOnATerminalIsRefusedWithAHint() throws {
        let inputs = ThumbInput.resolve([RawPath("-")], standardInputIsTerminal: true)
        XCTAssertEqual(inputs.map(\.name), ["stdin"])
        guard case .failure(let error) = inputs[0].source else { return XCTFail("read from a terminal") }
        XCTAssertEqual(error.description, "stdin: is a terminal; pipe a picture into it (… | mediapick thumb -)")
    }

    func testAFileIsReadWhereItLiesAndAFifoIsCopied() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumb-input-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/a.ppm", fifo = folder + "/pipe"
        let picture = "P6\n1 1\n255\n\u{1}\u{2}\u{3}"
        try Data(picture.utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // The writer opens the FIFO when `resolve` opens it for reading, writes and closes.
        let written = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let fd = open(fifo, O_WRONLY)
            _ = picture.withCString { write(fd, $0, 14) }
            close(fd)
            written.signal()
        }
        let inputs = ThumbInput.resolve([RawPath(file), RawPath(fifo)], standardInputIsTerminal: true)
        written.wait()
        XCTAssertEqual(inputs.map(\.name), [file, fifo])
        XCTAssertEqual(try inputs[0].source.get(), RawPath(file))
        XCTAssertTrue(inputs[0].isCacheable)
        XCTAssertFalse(inputs[1].isCacheable, "a stream has no lasting name to cache it by")
        let copy = try FileIO.OpenFile(try inputs[1].source.get())
        XCTAssertEqual(String(decoding: try copy.readAll(), as: UTF8.self), picture, "the bytes looked at first, and the rest")
    }
}
