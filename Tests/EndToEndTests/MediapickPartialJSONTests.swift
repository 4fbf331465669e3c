import Foundation
import MediaDecoding
import TestFixtures
import XCTest

/// `--format json` said nothing of a picture cut short (a download in progress), which the
/// picker draws as far as it goes and marks `⚠ cut`: a script reading the output took it for
/// the picture. Now its object ends with `"partial":true`; a whole file's has no such key.
extension MediapickPickTests {
    func testJSONSaysPartialOfACutPicture() throws {
        let bytes = try PNGEncoder.encode(Drawn.noise(width: 96, height: 64))
        let path = { (name: String, bytes: [UInt8]) in String(decoding: try self.files.write(name: Array(name.utf8), bytes: bytes), as: UTF8.self) }
        let (whole, cut) = (try path("a-whole.png", bytes), try path("b-dl.png", Array(bytes.prefix(bytes.count * 6 / 10))))
        let run = try start("\(MediapickFixtures.quoted(files.directory)) -m --sort name --format json")
        try tmux.waitUntil(describe: "both pictures") { $0.contains("a-whole.png") && $0.contains("dl.png") }
        try tmux.send("C-a")
        try tmux.waitFor("[ Add 2 ]")
        try tmux.send("Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        let objects = try lines(out).map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        XCTAssertEqual(objects.map { $0["path"] as? String }, [whole, cut])
        XCTAssertNil(objects[0]["partial"], "a whole picture's object is as before")
        XCTAssertEqual(objects[1]["partial"] as? Bool, true)
        XCTAssertEqual(objects[1]["width"] as? Int, 96, "the picture's size, from its header")
    }
}
