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
        // The helper: an "ffmpeg" first on PATH that says its process id, then never ends.
        let tools = files.directory + "/tools"
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        let said = files.directory + "/helper-pid"
        XCTAssertEqual(mkfifo(said, 0o600), 0)
        let script = "#!/bin/sh\necho $$ > \(MediapickFixtures.quoted(said))\nexec /bin/sleep 1000\n"
        try script.write(toFile: tools + "/ffmpeg", atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(tools + "/ffmpeg", 0o755), 0)
        // An MP4 by its header, so a poster is asked of ffmpeg.
        let video = try files.write(name: Array("clip.mp4".utf8),
                                    bytes: [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8) + [UInt8](repeating: 7, count: 4000))
        let err = files.directory + "/.err"
        for signal in [SIGTERM, SIGINT] {
            // Opened before the helper writes, so its `echo` does not wait for a reader.
            let reader = open(said, O_RDONLY | O_NONBLOCK)
            defer { close(reader) }
            let pid = try ChildProcess.start(["/usr/bin/env", "PATH=\(tools)", binary, "thumb", "--graphics", "symbols", "--no-cache",
                                              String(decoding: video, as: UTF8.self)], stdout: "/dev/null", stderr: err)
            var poller = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            XCTAssertEqual(poll(&poller, 1, 30_000), 1, "the helper never started")
            var bytes = [UInt8](repeating: 0, count: 32)
            let count = read(reader, &bytes, bytes.count)
            let text = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
            let helper = try XCTUnwrap(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)),
                                       "the helper said \(text.debugDescription) (read \(count), events \(poller.revents))")
            kill(pid, signal)
            let status = try ChildProcess.wait(pid, timeout: 30)
            if kill(helper, 0) == 0 {
                XCTFail("signal \(signal): the helper \(helper) is still running")
                kill(helper, SIGKILL)
            }
            let message = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
            XCTAssertEqual(status, 128 + signal, message)
            XCTAssertEqual(message, "", "the status says it; no \"cancelled\" line")
        }
    }
}
