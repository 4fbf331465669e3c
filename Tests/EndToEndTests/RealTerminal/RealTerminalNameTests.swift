import Foundation
import XCTest

/// Names with flags and keycaps in kitty 0.26, which draws a lone regional indicator and a
/// keycap two columns wide where glibc, and so curses, counts its first character one column.
final class RealTerminalNameTests: XCTestCase {
    /// curses was given a flag's first regional indicator and a blank, three columns in kitty
    /// for two counted (tester2's finding 2): the caption read "a_🇯🇵🇯🇵🇯🇵🇯 .ppm" with a stray
    /// letter, "e_1️⃣ 2️⃣ 3️⃣ .ppm" with gaps, and what followed on each row was out of place.
    func testFlagsAndKeycapsKeepTheirRowsInPlaceInKitty() throws {
        let flags = String(repeating: "\u{1F1EF}\u{1F1F5}", count: 3)
        let keycaps = "1\u{FE0F}\u{20E3}2\u{FE0F}\u{20E3}3\u{FE0F}\u{20E3}"
        let files = try MediapickFixtures()
        for name in ["a_\(flags).ppm", "b.ppm", "c.ppm", "e_\(keycaps).ppm"] { try files.picture(name) }
        let display = try RealTerminalDisplay()
        let terminal = try RealTerminal(.kitty, on: display, columns: 100, rows: 20, command:
            "\(try RealTerminalMediapick.binary()) --sort name --graphics symbols --tile 16x4 \(MediapickFixtures.quoted(files.directory)) > /dev/null")
        let first = try screen(of: terminal, showing: " a_")
        XCTAssertTrue(first.contains { $0.hasPrefix(" a_\(flags).ppm · PNM") }, "the status line whole:\n\(first.joined(separator: "\n"))")
        let captions = try XCTUnwrap(first.first { $0.contains("b.ppm") }, first.joined(separator: "\n"))
        XCTAssertTrue(captions.contains("[a_\(flags).ppm") && captions.contains("e_\(keycaps).ppm"), "the captions whole: \(captions)")
        // Each caption one tile (18 columns) after the one before, counting a flag and a keycap
        // two columns, as kitty draws them.
        let columns = Array(captions.replacingOccurrences(of: "\u{1F1EF}\u{1F1F5}", with: "FF")
            .replacingOccurrences(of: "\u{FE0F}\u{20E3}", with: "K"))
        let starts = ["a_", "b.", "c.", "e_"].compactMap { name in
            columns.indices.first { columns[$0...].starts(with: Array(name)) }
        }
        XCTAssertEqual(starts.count, 4, captions)
        XCTAssertEqual(zip(starts.dropFirst(), starts).map { $0 - $1 }, [18, 18, 18], "the captions in place: \(captions)")
        try terminal.press("End")
        let last = try screen(of: terminal, showing: " e_")
        XCTAssertTrue(last.contains { $0.hasPrefix(" e_\(keycaps).ppm · PNM") }, "the status line whole:\n\(last.joined(separator: "\n"))")
    }

    /// kitty's text once a row starts with `prefix` (the status line names the file in focus).
    private func screen(of terminal: RealTerminal, showing prefix: String) throws -> [String] {
        let deadline = Date().addingTimeInterval(20)
        while true {
            let text = try terminal.screenText()
            if text.contains(where: { $0.hasPrefix(prefix) }) { return text }
            if Date() > deadline { throw RealTerminalError.timeout("a row starting \"\(prefix)\" in kitty:\n\(text.joined(separator: "\n"))") }
        }
    }
}
