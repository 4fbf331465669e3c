import Foundation
import XCTest

/// `--export` with a picture that cannot be decoded, through the real binary in tmux (tester
/// report §3: Ctrl-A took the `⚠ broken` tile of a GIF that is only its signature, and after
/// Enter the export failed on it, exit 2, and took back the copies of the good ones).
final class MediapickExportRefusalTests: PickerTerminalCase {
    func testABrokenPictureIsSkippedBySelectAllAndTheRestIsExported() throws {
        let bad = String(decoding: try files.write(name: Array("bad.gif".utf8), bytes: Array("GIF89a".utf8)), as: UTF8.self)
        try selectAllAndExport(bad, waitingFor: "broken", skipped: "Skipped 1 broken file (bad.gif: corrupt image")
    }

    /// A picture the export cannot write for its size (the tester's PNG whose header said
    /// 100000x100000: its tile said "too large", Ctrl-A took it, and the export failed on it,
    /// exit 2, taking back the other copy) is skipped by Ctrl-A, saying why.
    func testAPictureTooLargeToExportIsSkippedBySelectAllAndTheRestIsExported() throws {
        // A PNG's signature, an IHDR saying 100000x100000, and IEND: all the header there is.
        let be32 = { (v: Int) in [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        let header = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(100_000) + be32(100_000)
            + [8, 2, 0, 0, 0, 0, 0, 0, 0] + be32(0) + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        let bomb = String(decoding: try files.write(name: Array("bomb.png".utf8), bytes: header), as: UTF8.self)
        // (The status line's middle is cut at this width: the start says enough.)
        try selectAllAndExport(bomb, waitingFor: "⚠", skipped: "Skipped 1 oversized file (bomb.png: 100000x100000")
    }

    /// `refused` and a.ppm on stdin to `-m --export`; once a.ppm shows and the screen holds
    /// `tile` (refused's tile finished), Ctrl-A says `skipped`, and Enter exports a.ppm alone, exit 0.
    private func selectAllAndExport(_ refused: String, waitingFor tile: String, skipped: String) throws {
        let a = try files.picture("a.ppm")
        let err = tmux.directory.appendingPathComponent("err").path
        let destination = tmux.directory.appendingPathComponent("exported").path
        let q = MediapickFixtures.quoted
        let run = try tmux.run("printf '%s\\n' \(q(refused)) \(q(a)) | \(q(binary)) -m --no-cache --export \(q(destination)) > \(q(out)) 2> \(q(err))")
        try tmux.waitUntil(describe: "a.ppm, and \(tile) on the refused one's tile") { $0.contains("a.ppm") && $0.contains(tile) }
        try tmux.send("C-a")
        try tmux.waitFor(skipped)
        try tmux.send("Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(try MediapickFixtures.read(err), [])
        let copies = String(decoding: try MediapickFixtures.read(out), as: UTF8.self).split(separator: "\n")
        XCTAssertEqual(copies.count, 1, "a.ppm's copy")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: destination).count, 1)
    }
}
