@testable import TerminalUITesting
import TerminalUI
import XCTest

final class SnapshotAssertionTests: XCTestCase {
    func testGoldenLivesNextToTheTestFile() {
        let url = SnapshotLocation.golden(named: "main", testFile: "/repo/Tests/XTests/ScreenTests.swift")
        XCTAssertEqual(url.path, "/repo/Tests/XTests/__Snapshots__/ScreenTests/main.txt")
    }

    func testDifferenceNamesTheFirstDifferingLine() {
        let message = SnapshotDifference.describe(expected: "abc\ndef\n", actual: "abc\ndXf\n", golden: "g.txt")
        XCTAssertTrue(message.contains("first at line 2"))
        XCTAssertTrue(message.contains("expected |def|"))
        XCTAssertTrue(message.contains("actual   |dXf|"))
    }

    func testStyleLayerLettersStylesInOrderOfAppearance() {
        var buffer = ScreenBuffer(size: Size(width: 3, height: 1))
        buffer.write("b", at: Point(x: 1, y: 0), style: Style(foreground: .indexed(1), attributes: [.bold]))
        XCTAssertEqual(StyleLayer.render(buffer), """
            aba
            --
            a: fg=default bg=default []
            b: fg=1 bg=default [bold]

            """)
    }
}
