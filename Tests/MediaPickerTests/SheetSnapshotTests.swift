#if canImport(Glibc)
import Glibc
#endif
import CellArt
import MediaDecoding
@testable import MediaPicker
import TerminalUI
import TerminalUITesting
import XCTest

/// The sheet with real thumbnails of images drawn in code, decoded and rendered by the
/// project's own decoders and renderer, compared with golden screens.
@MainActor
final class SheetSnapshotTests: XCTestCase {
    override func setUp() {
        // Dates on screen are local time: pin the zone so goldens match everywhere.
        setenv("TZ", "UTC", 1)
        tzset()
    }

    private func harness(size: Size, configure: (inout PickerConfiguration) -> Void = { _ in }) async -> PickerHarness {
        let names = ["Beach.ppm", "LadyBird.ppm", "img2.ppm", "img10.ppm", "日本の夏.ppm", "evil\u{1B}[2Jname.ppm", "notes.txt"]
        return await PickerHarness(names: [], configure: { configuration in
            configuration.selectionLimit = 3
            configuration.symbols = .blocks
            configuration.colors = .ansi256
            configure(&configuration)
        }, size: size, work: nil, classifier: FileInspector.classify, prepare: { folder in
            for (i, name) in names.enumerated() {
                let bytes = name.hasSuffix(".txt") ? Array("just text".utf8) : Drawn.ppm(Drawn.scene(width: 120 + i * 8, height: 90, seed: i))
                folder.write(name, bytes: bytes, mtime: 1_700_000_000 + Int64(i) * 3600)
            }
        })
    }

    func testSheetAt80x24() async {
        let h = await harness(size: Size(width: 80, height: 24))
        h.press(.right, .character(" "), .right, .right, .character(" "))
        let screen = await h.settle()
        assertSnapshot(screen, named: "sheet-80x24", includeStyles: true)
        XCTAssertFalse(screen.text.contains("notes.txt"), "non-media left out")
    }

    func testSheetAt160x48() async {
        let h = await harness(size: Size(width: 160, height: 48)) { $0.sort = .name }
        h.press(.character(" "), .down)
        assertSnapshot(await h.settle(), named: "sheet-160x48")
    }

    func testPreview() async {
        let h = await harness(size: Size(width: 80, height: 24)) { $0.sort = .name }
        h.press(.right, .character("p"))
        assertSnapshot(await h.settle(), named: "preview-80x24")
    }

    /// At the narrowest sheet (20 columns) the Add button keeps its brackets and drops the
    /// count, which the footer's right end still shows; from 22 columns both fit. It read
    /// `[ Cancel ] [ Add 0/3`, cut short of its `]`.
    func testTheButtonsKeepTheirBracketsAtTheNarrowest() async {
        let narrow = await harness(size: Size(width: 20, height: 7))
        let screen = await narrow.settle()
        assertSnapshot(screen, named: "sheet-20x7")
        let rows = screen.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(rows.first, "[ Cancel ] . [ Add ]", "the title (the folder, \".\") in the room left")
        XCTAssertTrue(rows.dropFirst().contains { $0.hasSuffix(" 0/3 ") }, "the count at the footer's right")
        let wider = await harness(size: Size(width: 22, height: 7))
        let widerScreen = await wider.settle()
        XCTAssertEqual(widerScreen.text.split(separator: "\n").first, "[ Cancel ] [ Add 0/3 ]")
    }

    func testTooSmall() async {
        let h = await harness(size: Size(width: 20, height: 4))
        assertSnapshot(h.screen(), named: "too-small-20x4")
    }

    /// Below 7 rows the header and the status line give their rows to the grid: the picker said
    /// "Terminal too small, need 20x7" in a 5-row split, where fzf still works. The tabs keep the
    /// query and the footer the keys and the counter; the mouse finds the tabs on the first row.
    func testAShortSheetKeepsTheGrid() async {
        let h = await harness(size: Size(width: 40, height: 5)) { $0.sort = .name }
        h.press(.character("/"))
        h.type("img")
        h.press(.enter, .right, .character(" "))
        let screen = await h.settle()
        assertSnapshot(screen, named: "short-40x5")
        let lines = screen.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(lines[0].contains("/img"), "the query on the first row: \(lines[0])")
        XCTAssertTrue(lines[4].contains("1/3"), "the counter on the last row: \(lines[4])")
        XCTAssertFalse(screen.text.contains("small"), screen.text)
    }
}
