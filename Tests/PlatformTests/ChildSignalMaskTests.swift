#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import Platform

/// A helper program (ffmpeg) starts with no signal blocked, whatever the mask of the thread
/// that starts it: Swift's executor threads block nearly all of them, and a child inherits it.
final class ChildSignalMaskTests: XCTestCase {
    /// Runs `body` on this thread with SIGINT, SIGTERM and SIGHUP blocked, as they are on the
    /// executor threads the camera starts ffmpeg from.
    private func withStopSignalsBlocked<T>(_ body: () throws -> T) rethrows -> T {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for signo in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signo) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// grep itself, not a shell: dash clears the mask it was given, which would hide the bug.
    func testTheChildBlocksNoSignal() throws {
        let process = try XCTUnwrap(withStopSignalsBlocked {
            StreamingProcess.start(RawPath("/bin/grep"), arguments: [Array("^SigBlk".utf8), Array("/proc/self/status".utf8)])
        })
        let output = String(decoding: process.readToEnd(), as: UTF8.self)
        process.stop()
        XCTAssertEqual(output, "SigBlk:\t0000000000000000\n")
    }

    func testSIGTERMEndsTheChild() throws {
        let process = try XCTUnwrap(withStopSignalsBlocked {
            StreamingProcess.start(RawPath("/bin/sleep"), arguments: [Array("60".utf8)])
        })
        defer { process.stop() }
        kill(process.pid, SIGTERM)
        XCTAssertTrue(process.waitForExit(timeLimit: .seconds(30)), "SIGTERM ignored: still running")
        XCTAssertEqual((process.exitStatus ?? 0) & 0x7f, SIGTERM)
    }
}
