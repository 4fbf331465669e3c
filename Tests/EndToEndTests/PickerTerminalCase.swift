import Foundation
import XCTest

/// The base of the tests that run the real binary's picker in a tmux of 100x30: the session,
/// a folder of fixtures, and the results file its commands write.
class PickerTerminalCase: XCTestCase {
    var tmux: TmuxSession!
    var files: MediapickFixtures!
    var binary = ""

    override func setUpWithError() throws {
        binary = try Products.path("mediapick")
        tmux = try TmuxSession(width: 100, height: 30)
        files = try MediapickFixtures()
    }

    override func tearDownWithError() throws {
        tmux = nil
        files = nil
    }

    /// Where `start` sends stdout.
    var out: String { tmux.directory.appendingPathComponent("out").path }

    /// Runs `mediapick ARGS > out` and waits until the picker shows `ready`.
    func start(_ arguments: String, ready: String = "Space") throws -> TmuxSession.RunningCommand {
        let running = try tmux.run("\(MediapickFixtures.quoted(binary)) \(arguments) > \(MediapickFixtures.quoted(out))")
        try tmux.waitFor(ready)
        return running
    }

    /// The lines of the file at `path`.
    func lines(_ path: String) throws -> [String] {
        String(decoding: try MediapickFixtures.read(path), as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
