import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A signal sent to `mediapick thumb` alone while a video's poster helper runs: the helper is
/// ended and reaped, and the command exits with 128 + N. It used to stay under init until it
/// was done (for ever when its input stalls): thumb had no handler, so the signal's default
/// action ended mediapick alone.
final class ThumbSignalTests: XCTestCase {
    func testASignalWhileFFmpegRunsLeavesNoFFmpeg() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        let fake = try FakeHelper("ffmpeg", in: files.directory)
        let video = try files.write(name: Array("clip.mp4".utf8), bytes: FakeHelper.videoBytes)
        let err = files.directory + "/.err"
        for signal in [SIGTERM, SIGINT] {
            var pid: pid_t = 0
            let helper = try fake.run {
                pid = try ChildProcess.start(["/usr/bin/env", "PATH=\(fake.tools)", binary, "thumb", "--graphics", "symbols", "--no-cache",
                                              String(decoding: video, as: UTF8.self)], stdout: "/dev/null", stderr: err)
            }
            kill(pid, signal)
            let status = try ChildProcess.wait(pid, timeout: 30)
            if FakeHelper.isAlive(helper) {
                XCTFail("signal \(signal): the helper \(helper) is still running")
                kill(helper, SIGKILL)
            }
            let message = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
            XCTAssertEqual(status, 128 + signal, message)
            XCTAssertEqual(message, "", "the status says it; no \"cancelled\" line")
        }
    }
}
