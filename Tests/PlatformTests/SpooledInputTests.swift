#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Platform
import XCTest

/// A stream copied into memory: the copy reads back as written, at any offset and from
/// another process, and a stream past the limit is refused.
final class SpooledInputTests: XCTestCase {
    /// A pipe whose write end is fed `bytes` by another thread and then closed; returns the read end.
    private func pipe(feeding bytes: [UInt8]) -> Int32 {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(Glibc.pipe(&ends), 0)
        let writer = ends[1]
        DispatchQueue.global().async {
            var done = 0
            while done < bytes.count {
                let n = bytes[done...].withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                done += n
            }
            close(writer)
        }
        return ends[0]
    }

    func testTheCopyReadsBackAtAnyOffset() throws {
        // More than a pipe holds at once (64 KB) and more than one chunk of the copy.
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 251) }
        let source = pipe(feeding: bytes)
        defer { close(source) }
        let spool = try SpooledInput(reading: source, name: "stdin")
        XCTAssertEqual(spool.byteSize, bytes.count)
        let file = try FileIO.OpenFile(spool.path)
        XCTAssertEqual(file.size, bytes.count)
        XCTAssertEqual(try file.read(at: 123_457, count: 10), Array(bytes[123_457..<123_467]))
        XCTAssertEqual(try file.readAll(), bytes)
    }

    /// Another process opens the copy by its path (as ffmpeg does for a video's poster frame).
    func testAnotherProcessReadsTheCopyByItsPath() throws {
        let source = pipe(feeding: Array("a picture, say\n".utf8))
        defer { close(source) }
        let spool = try SpooledInput(reading: source, name: "stdin")
        let output = Subprocess.run(try XCTUnwrap(Subprocess.find("cat")), arguments: [spool.path.bytes], timeLimit: .seconds(30))
        XCTAssertEqual(output.map { String(decoding: $0, as: UTF8.self) }, "a picture, say\n")
    }

    /// A descriptor someone left non-blocking is waited on, not refused with EAGAIN.
    func testANonBlockingStreamIsWaitedFor() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(Glibc.pipe(&ends), 0)
        defer { close(ends[0]) }
        XCTAssertEqual(fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK), 0)
        let writer = ends[1]
        // The copy usually reads the pipe before this thread has written (EAGAIN without the
        // wait: the test failed in each run so); if not, it must still end with the bytes.
        DispatchQueue.global().async {
            _ = "late bytes".withCString { write(writer, $0, 10) }
            close(writer)
        }
        let spool = try SpooledInput(reading: ends[0], name: "stdin")
        XCTAssertEqual(String(decoding: try FileIO.OpenFile(spool.path).readAll(), as: UTF8.self), "late bytes")
    }

    func testAStreamPastTheLimitIsRefused() throws {
        let source = pipe(feeding: [UInt8](repeating: 1, count: 5000))
        defer { close(source) }
        XCTAssertThrowsError(try SpooledInput(reading: source, name: "stdin", limit: 4096)) { error in
            XCTAssertEqual((error as? SystemError)?.code, EFBIG)
            XCTAssertEqual((error as? SystemError)?.path, "stdin")
        }
    }
}
