import Foundation
import XCTest

/// `--export` with a picture that cannot be decoded, through the real binary in tmux (tester
/// report §3: Ctrl-A took the `⚠ broken` tile of a GIF that is only its signature, and after
/// Enter the export failed on it, exit 2, and took back the copies of the good ones).
final class MediapickExportRefusalTests: PickerTerminalCase {
    func testABrokenPictureIsSkippedBySelectAllAndTheRestIsExported() throws {
        let a = try files.picture("a.ppm")
        let bad = String(decoding: try files.write(name: Array("bad.gif".utf8), bytes: Array("GIF89a".utf8)), as: UTF8.self)
        let err = tmux.directory.appendingPathComponent("err").path
        let destination = tmux.directory.appendingPathComponent("exported").path
        let q = MediapickFixtures.quoted
        let run = try tmux.run("printf '%s\\n' \(q(bad)) \(q(a)) | \(q(binary)) -m --no-cache --export \(q(destination)) > \(q(out)) 2> \(q(err))")
        try tmux.waitUntil(describe: "a.ppm, and bad.gif's tile broken") { $0.contains("a.ppm") && $0.contains("broken") }
        try tmux.send("C-a")
        try tmux.waitFor("Skipped 1 broken file (bad.gif: corrupt image")
        try tmux.send("Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(try MediapickFixtures.read(err), [])
        let copies = String(decoding: try MediapickFixtures.read(out), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(copies.count, 1, "a.ppm's copy")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: destination).count, 1)
    }
}
