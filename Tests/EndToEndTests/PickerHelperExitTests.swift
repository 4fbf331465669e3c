import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The picker leaves no helper behind: a tile's ffmpeg, still making a video's poster when the
/// picker exits (Esc, or a signal to the picker alone), is ended with it. It used to run on
/// under init until it finished its frame, for ever when its input stalls: the decode workers
/// are not waited for at exit.
final class PickerHelperExitTests: XCTestCase {
    func testNoPosterHelperOutlivesThePicker() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        let tmux = try TmuxSession(width: 100, height: 30)
        let fake = try FakeHelper("ffmpeg", in: tmux.directory.path)
        _ = try files.write(name: Array("clip.mp4".utf8), bytes: FakeHelper.videoBytes)
        let command = "/usr/bin/env PATH=\(MediapickFixtures.quoted(fake.tools)) \(MediapickFixtures.quoted(binary)) --no-cache \(MediapickFixtures.quoted(files.directory))"
        for (ending, status) in [("Esc", Int32(1)), ("SIGTERM", Int32(143))] {
            var run: TmuxSession.RunningCommand?
            let helper = try fake.run { run = try tmux.run(command) }
            try tmux.waitFor("clip.mp4")
            if ending == "Esc" { try tmux.send("Escape") } else { try tmux.signalProgram(SIGTERM) }
            XCTAssertEqual(try run?.waitForExit(), status, ending)
            if FakeHelper.isAlive(helper) {
                XCTFail("\(ending): the helper \(helper) is still running")
                kill(helper, SIGKILL)
            }
        }
    }
}
