import Foundation
import XCTest

/// File names as the real binary draws them in a real terminal (tmux): combining marks, wide
/// characters, flags and emoji sequences whole; format characters escaped.
final class MediapickNameDrawingTests: PickerTerminalCase {
    func testNamesWithCombiningMarksAndWideCharactersAreDrawnWhole() throws {
        // The curses backend copies each cell's scalars into one buffer: a base with its
        // combining mark stays one cell, and a wide character takes its two columns.
        try files.picture("cafe\u{301}.ppm")
        try files.picture("\u{65E5}\u{672C}.ppm")
        let run = try start("\(MediapickFixtures.quoted(files.directory)) -l 2")
        let screen = try tmux.waitUntil(describe: "both names") { $0.contains("\u{65E5}\u{672C}.ppm") && $0.contains(".ppm") }
        XCTAssertTrue(screen.contains("cafe\u{301}.ppm") || screen.contains("caf\u{E9}.ppm"), screen)
        try tmux.send("Escape")
        XCTAssertEqual(try run.waitForExit(), 1)
    }

    /// Flags and emoji ZWJ sequences were cut by curses, which keeps one spacing character a cell
    /// (tester's finding 8): `flag_🇯🇵_family_👨‍👩‍👧.jpg` was drawn `flag_🇯 _family_👨` and a lone
    /// joiner, which tmux joined to the next character. Format characters were sent as they are:
    /// `rtl_<U+202E>gpj.ppm` read `rtl_gpj.ppm`. Now the clusters are drawn whole, one unit
    /// two columns wide, and the format characters as escapes.
    func testEmojiSequencesAreDrawnWholeAndFormatCharactersEscaped() throws {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let flag = "\u{1F1EF}\u{1F1F5}"
        try files.picture("flag_\(flag)_family_\(family).ppm")
        try files.picture("rtl_\u{202E}gpj.ppm")
        try files.picture("zw\u{200B}j.ppm")
        let run = try start("\(MediapickFixtures.quoted(files.directory)) --sort name --tile 24x4")
        let screen = try tmux.waitUntil(describe: "the three names") { $0.contains("zw\\u{200b}j.ppm") && $0.contains("rtl_\\u{202e}gpj.ppm") }
        XCTAssertTrue(screen.contains("flag_\(flag)_family_\(family).ppm"), "the caption whole:\n\(screen)")
        // The status line names the focused (first) file: whole, and no joiner after it.
        let status = try XCTUnwrap(screen.split(separator: "\n").first { $0.hasPrefix(" flag_") }, screen)
        XCTAssertTrue(status.hasPrefix(" flag_\(flag)_family_\(family).ppm · "), String(status))
        XCTAssertFalse(screen.unicodeScalars.contains("\u{202E}") || screen.unicodeScalars.contains("\u{200B}"), screen)
        for (index, scalar) in screen.unicodeScalars.enumerated() where scalar == "\u{200D}" {
            let next = screen.unicodeScalars[screen.unicodeScalars.index(screen.unicodeScalars.startIndex, offsetBy: index + 1)]
            XCTAssertTrue(next == "\u{1F469}" || next == "\u{1F467}", "a joiner inside the family only, not before \(next)")
        }
        try tmux.send("Escape")
        XCTAssertEqual(try run.waitForExit(), 1)
    }

    /// A cluster written directly stayed on record when a wide character covered it from the
    /// column to its left, and was written again at its old cell whenever its row changed
    /// (tester2's finding 1): after Right, the status line read " 한국어_ 🇬🇧🇫🇷ppm", the flags
    /// of the name before it in the middle of this one.
    func testAClusterCoveredByAWideCharacterIsNotWrittenAgain() throws {
        try files.picture("flags_\u{1F1FA}\u{1F1F8}\u{1F1EC}\u{1F1E7}\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}.ppm")
        try files.picture("\u{D55C}\u{AD6D}\u{C5B4}_\u{C0AC}\u{C9C4}.ppm")
        let run = try start("--sort name --graphics symbols \(MediapickFixtures.quoted(files.directory))")
        try tmux.waitUntil(describe: "the status line on the flags") { $0.contains("\n flags_") }
        try tmux.send("Right")
        let screen = try tmux.waitUntil(describe: "the status line on the second name") { $0.contains("\n \u{D55C}") }
        let status = try XCTUnwrap(screen.split(separator: "\n").first { $0.hasPrefix(" \u{D55C}") }, screen)
        XCTAssertTrue(status.hasPrefix(" \u{D55C}\u{AD6D}\u{C5B4}_\u{C0AC}\u{C9C4}.ppm · "), "the name whole: \(status)")
        XCTAssertFalse(status.unicodeScalars.contains { (0x1F1E6...0x1F1FF).contains($0.value) }, "no flag in it: \(status)")
        try tmux.send("Escape")
        XCTAssertEqual(try run.waitForExit(), 1)
    }

    /// A cluster's cells go back to blanks with the rest of the row unchanged: curses holds the
    /// spaces of its placeholder there and would send nothing, so the row is written again
    /// whole, and the cluster is gone.
    func testAClusterReplacedByBlanksIsGone() throws {
        let padding = String(repeating: " ", count: 40)
        try files.picture("a\(padding)\u{1F1EF}\u{1F1F5}1\u{FE0F}\u{20E3}\(padding)z.ppm")
        try files.picture("b\(padding)    \(padding)z.ppm")
        let run = try start("--sort name --graphics symbols \(MediapickFixtures.quoted(files.directory))")
        try tmux.waitUntil(describe: "the status line on the flag") { $0.contains("\n a ") && $0.contains("\u{1F1EF}\u{1F1F5}1\u{FE0F}\u{20E3}") }
        try tmux.send("Right")
        let screen = try tmux.waitUntil(describe: "the status line on b") { $0.contains("\n b ") }
        let status = try XCTUnwrap(screen.split(separator: "\n").first { $0.hasPrefix(" b ") }, screen)
        XCTAssertFalse(status.unicodeScalars.contains { (0x1F1E6...0x1F1FF).contains($0.value) || $0 == "\u{20E3}" },
                       "no flag or keycap left: \(status)")
        try tmux.send("Escape")
        XCTAssertEqual(try run.waitForExit(), 1)
    }

    /// In the C locale (LANG unset over SSH) curses sent `café.png` as the Latin-1 byte
    /// `caf\xe9.png`, which tmux does not show: the caption read `caf.png`, the status line
    /// `caf .png`, the same as the real `caf .png`; `bad\xff.jpg` was drawn `bad .jpg`, and
    /// `写真` sent as UTF-8 the locale does not have. Names are now shown in ASCII, each byte
    /// outside it as `\xHH`; the file written is still the exact name.
    func testACLocaleShowsNamesInASCII() throws {
        try files.picture("caf\u{E9}.ppm")
        try files.picture("caf .ppm")
        try files.picture("\u{5199}\u{771F}.ppm")
        _ = try files.write(name: Array("bad".utf8) + [0xFF] + Array(".ppm".utf8), bytes: MediapickFixtures.ppm(rgb: (1, 2, 3)))
        let command = "env LC_ALL=C LANG=C \(MediapickFixtures.quoted(binary)) --sort name --tile 24x4 -l 1 "
            + "\(MediapickFixtures.quoted(files.directory)) > \(MediapickFixtures.quoted(out))"
        let run = try tmux.run(command)
        let screen = try tmux.waitUntil(describe: "the four names in ASCII") {
            $0.contains("caf\\xc3\\xa9.ppm") && $0.contains("bad\\xff.ppm") && $0.contains("\\xe5\\x86\\x99\\xe7\\x9c\\x9f")
        }
        XCTAssertTrue(screen.contains("caf .ppm"), screen)  // 写真's caption without its extension: 28 columns in 24
        XCTAssertTrue(screen.unicodeScalars.allSatisfy { $0.isASCII }, "nothing outside ASCII drawn:\n\(screen)")
        // Sorted by bytes: bad, "caf ", café, 写真. The status line names the focused file.
        try tmux.send("Right")
        try tmux.waitFor("\n caf .ppm | ")
        try tmux.send("Right")
        try tmux.waitFor("\n caf\\xc3\\xa9.ppm | ")
        try tmux.send("Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(try lines(out).map { URL(fileURLWithPath: $0).lastPathComponent }, ["caf\u{E9}.ppm"], "into a file, the exact name")
    }
}
