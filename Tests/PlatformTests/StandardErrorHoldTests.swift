#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Platform
import XCTest

/// stderr held while a UI owns the terminal: here fd 2 is pointed at a pseudo-terminal of the
/// test's own, and what reaches its other side is read back.
final class StandardErrorHoldTests: XCTestCase {
    /// The pseudo-terminal's two ends, and fd 2 as it was (put back by `restore`).
    private struct Pty {
        let master: Int32
        let original: Int32

        init() throws {
            let pair = try PseudoTerminal.open()
            master = pair.master
            let slave = open(pair.slavePath, O_RDWR | O_NOCTTY)
            guard slave >= 0 else { throw XCTSkip("cannot open \(pair.slavePath)") }
            var raw = termios()
            tcgetattr(slave, &raw)
            cfmakeraw(&raw)  // no newline translation: the bytes come back as written
            tcsetattr(slave, TCSANOW, &raw)
            original = dup(2)
            dup2(slave, 2)
            close(slave)
        }

        func restore() {
            dup2(original, 2)
            close(original)
            close(master)
        }

        /// What has reached the terminal so far (without waiting for more).
        func available() -> String {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 0) > 0 else { break }
                let n = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                guard n > 0 else { break }
                bytes += chunk[0..<n]
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    private static func say(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    func testWhatIsWrittenWhileHeldReachesTheTerminalOnlyOnRelease() throws {
        let pty = try Pty()
        defer { pty.restore() }
        let hold = try XCTUnwrap(StandardErrorHold.start(), "stderr is a terminal: held")
        Self.say("SPS error: CB alignment\n")
        // Writers on other threads (decoders) are held alike.
        DispatchQueue.concurrentPerform(iterations: 4) { i in Self.say("worker \(i)\n") }
        XCTAssertEqual(pty.available(), "", "nothing reaches the terminal while held")
        hold.release()
        let shown = pty.available()
        XCTAssertTrue(shown.hasPrefix("SPS error: CB alignment\n"), shown)
        for i in 0..<4 { XCTAssertTrue(shown.contains("worker \(i)\n"), shown) }
        hold.release()  // a second release changes nothing
        Self.say("after\n")
        XCTAssertEqual(pty.available(), "after\n", "fd 2 is the terminal again")
    }

    func testPastTheLimitOnlyACountIsKept() throws {
        let pty = try Pty()
        defer { pty.restore() }
        let hold = try XCTUnwrap(StandardErrorHold.start())
        Self.say(String(repeating: "x", count: StandardErrorHold.limit + 10))
        // More than a pseudo-terminal buffers: released on another thread while this one reads.
        let released = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { hold.release(); released.signal() }
        let end = "mediapick: 10 more bytes of messages left out\n"
        var shown = ""
        while !shown.hasSuffix(end) {
            var poller = pollfd(fd: pty.master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 10_000) > 0 else { break }
            shown += pty.available()
        }
        released.wait()
        XCTAssertTrue(shown.hasPrefix(String(repeating: "x", count: StandardErrorHold.limit)))
        XCTAssertEqual(shown.count, StandardErrorHold.limit + end.count, String(shown.suffix(80)))
        XCTAssertTrue(shown.hasSuffix(end), String(shown.suffix(80)))
    }

    func testNothingIsHeldWhenStderrIsNotATerminal() throws {
        let original = dup(2)
        let null = open("/dev/null", O_WRONLY)
        dup2(null, 2)
        close(null)
        defer { dup2(original, 2); close(original) }
        XCTAssertNil(StandardErrorHold.start())
    }
}
