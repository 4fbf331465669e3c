import Foundation
import XCTest

/// The terminal's replies to the probe's queries that come after the probe stopped waiting (a
/// terminal still starting, a slow SSH link) reach the picker as input. They used to be read as
/// Esc (the ESC of `ESC P` and `ESC _`) and cancelled the picker before anyone pressed a key.
final class MediapickLateReplyTests: XCTestCase {
    func testLateRepliesAreNotKeys() throws {
        let binary = try Products.path("mediapick")
        let tmux = try TmuxSession(width: 100, height: 30)
        let files = try MediapickFixtures()
        try files.picture("a.ppm")
        try files.picture("b.ppm", rgb: (20, 200, 60))
        let out = tmux.directory.appendingPathComponent("out").path
        let run = try tmux.run("\(MediapickFixtures.quoted(binary)) \(MediapickFixtures.quoted(files.directory)) --sort name "
                               + "> \(MediapickFixtures.quoted(out))")
        try tmux.waitUntil(describe: "the picker on a.ppm") { $0.contains("a.ppm ·") }
        // kitty 0.26's replies (cell size, XTVERSION, the graphics query, device attributes)
        // and an OSC colour reply ended by BEL, as one late write.
        try tmux.type("\u{1B}[6;19;10t\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}_Gi=31;OK\u{1B}\\\u{1B}]11;rgb:0000/0000/0000\u{07}\u{1B}[?62;c")
        try tmux.send("Right")
        let screen = try tmux.waitUntil(describe: "the picker on b.ppm") { $0.contains("b.ppm ·") }
        XCTAssertFalse(screen.contains("kitty"), "no reply typed into the search field:\n\(screen)")
        try tmux.send("Escape")
        XCTAssertEqual(try run.waitForExit(), 1, "Esc, pressed, still cancels")
    }
}
