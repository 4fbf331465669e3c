import Foundation
import XCTest

/// The picker ended by a click, on a terminal the test plays (`PtyChild`): what it leaves in
/// the terminal's input for the shell.
final class MediapickClickReleaseTests: XCTestCase {
    private static let esc = "\u{1B}"

    /// A quick click sends its press and its release together; the press ended the picker, and
    /// the release was left in the input: the shell printed "0;6;5m" at its prompt and ran it
    /// as part of the next command (tester2's finding 4: "0;462;7m" in kitty, "0;248;15m" in
    /// tmux). Now the picker turns mouse reporting off, asks for the device attributes, and
    /// reads and drops everything up to the reply, the release with it.
    func testTheReleaseOfTheClickThatEndsThePickerDoesNotReachTheShell() throws {
        let files = try MediapickFixtures()
        let picture = try files.picture("a.ppm")
        let run = try PtyChild([try Products.path("mediapick"), "--sort", "name", "--tile", "16x4", "--no-cache", files.directory],
                               stdout: files.directory + "/.out", stderr: files.directory + "/.err")
        let query = Array("\(Self.esc)[c".utf8)
        XCTAssertNotNil(run.read { $0.suffix(3).elementsEqual(query) }, "the probe's queries")
        run.type("\(Self.esc)[?62;c")
        XCTAssertNotNil(run.read { String(decoding: $0, as: UTF8.self).contains("a.ppm") }, "the grid")
        // A left click on the first tile (0-based column 5, row 4). The press ends the picker;
        // the release comes once it has stopped reading, before the terminal has taken in
        // the mouse reporting turned off: as an X server's release reaches a terminal a few
        // milliseconds after the press.
        run.type("\(Self.esc)[<0;6;5M")
        let leaving = try XCTUnwrap(run.read { String(decoding: $0, as: UTF8.self).contains("\(Self.esc)[?1006l") },
                                    "mouse reporting turned off")
        let after = String(decoding: leaving, as: UTF8.self).components(separatedBy: "\(Self.esc)[?1006l").last ?? ""
        // The device attributes asked for after it are answered after the release, in order.
        run.type("\(Self.esc)[<0;6;5m" + (after.contains("\(Self.esc)[c") ? "\(Self.esc)[?62;c" : ""))
        let (status, _) = run.waitForExit()
        let stderr = String(decoding: try MediapickFixtures.read(files.directory + "/.err"), as: UTF8.self)
        XCTAssertEqual(status, 0, stderr)
        XCTAssertEqual(String(decoding: try MediapickFixtures.read(files.directory + "/.out"), as: UTF8.self), picture + "\n",
                       "the tile clicked")
        XCTAssertEqual(String(decoding: run.pendingInput(), as: UTF8.self).debugDescription, "\"\"",
                       "nothing left in the input for the shell")
    }
}
