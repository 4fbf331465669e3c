import Foundation
import XCTest

/// `--sort input` through the real binary: a list on stdin keeps its order (tester report §13:
/// `ls -t | mediapick` was sorted again, newest first by the files' own times).
final class MediapickSortInputTests: PickerTerminalCase {
    func testAListOnStdinKeepsItsOrder() throws {
        // Written c, a, b: by date (the default) b would come first.
        let c = try files.picture("c.ppm"), a = try files.picture("a.ppm"), b = try files.picture("b.ppm")
        let q = MediapickFixtures.quoted
        for (options, expected) in [("--sort input", [c, a, b]), ("--sort input --reverse", [b, a, c])] {
            let run = try tmux.run("printf '%s\\n' \(q(c)) \(q(a)) \(q(b)) | \(q(binary)) -m \(options) > \(q(out))")
            // (The command line names them too: the tabs say the picker has them.)
            try tmux.waitFor("All 3")
            // Ctrl-A selects in the grid's order, and the picks are printed in selection order.
            try tmux.send("C-a", "Enter")
            XCTAssertEqual(try run.waitForExit(), 0)
            XCTAssertEqual(try lines(out), expected, options)
        }
    }
}
