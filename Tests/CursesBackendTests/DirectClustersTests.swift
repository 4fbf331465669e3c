@testable import CursesBackend
import TerminalUI
import XCTest

/// The clusters curses cannot hold in a cell (it keeps one spacing character and drops the
/// rest: a flag came out as its first letter, a family as 👨 and a lone joiner), written after
/// its refresh instead; which ones, and when they are written again.
final class DirectClustersTests: XCTestCase {
    /// glibc's widths as curses sees them: regional indicators 1, emoji 2, joiners and marks 0.
    private func width(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x200D, 0x301, 0xFE0F, 0x20E3: return 0
        case 0x1F1E6...0x1F1FF: return 1
        case 0x1F300...: return 2
        default: return 1
        }
    }

    private func holds(_ text: String) -> Bool { DirectClusters.cursesHolds(Array(text.unicodeScalars), width: width) }

    func testCursesHoldsABaseWithMarksNotTwoSpacingCharacters() {
        XCTAssertTrue(holds("a"))
        XCTAssertTrue(holds("e\u{301}\u{301}"), "combining marks stay with their base")
        XCTAssertTrue(holds("1\u{FE0F}\u{20E3}"), "a keycap")
        XCTAssertFalse(holds("\u{1F1EF}\u{1F1F5}"), "a flag: two regional indicators")
        XCTAssertFalse(holds("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"), "a ZWJ family")
        XCTAssertFalse(holds("\u{1F44D}\u{1F3FD}"), "a skin tone")
        XCTAssertFalse(holds("e\u{301}\u{301}\u{301}\u{301}\u{301}"), "more than five characters")
    }

    func testClustersAreWrittenAfterTheRefreshThatDrewThem() {
        var clusters = DirectClusters()
        let flag = DirectClusters.Cluster(text: "\u{1F1EF}\u{1F1F5}", style: .plain)
        clusters.draw(flag, at: Point(x: 9, y: 2))
        clusters.draw(flag, at: Point(x: 3, y: 2))
        XCTAssertEqual(clusters.takeDue().map(\.point), [Point(x: 3, y: 2), Point(x: 9, y: 2)])
        XCTAssertTrue(clusters.takeDue().isEmpty, "written once")
        XCTAssertFalse(clusters.drawCell(at: Point(x: 4, y: 2)), "a cell beside them changes nothing")
        XCTAssertTrue(clusters.takeDue().isEmpty)
    }

    func testACellOverAClusterHasCursesRewriteTheRowAndItsOtherClusters() {
        var clusters = DirectClusters()
        let flag = DirectClusters.Cluster(text: "\u{1F1EF}\u{1F1F5}", style: .plain)
        clusters.draw(flag, at: Point(x: 3, y: 2))
        clusters.draw(flag, at: Point(x: 9, y: 2))
        _ = clusters.takeDue()
        XCTAssertTrue(clusters.drawCell(at: Point(x: 3, y: 2)), "curses believes its placeholder is there: the row is rewritten")
        XCTAssertEqual(clusters.takeDue().map(\.point), [Point(x: 9, y: 2)], "the row's other cluster again")
        clusters.rowsRewritten([2, 5])
        XCTAssertEqual(clusters.takeDue().map(\.point), [Point(x: 9, y: 2)], "a picture's rows, rewritten by curses")
        clusters.forget()
        XCTAssertTrue(clusters.onScreen.isEmpty)
        XCTAssertFalse(clusters.drawCell(at: Point(x: 9, y: 2)), "a cleared screen holds none")
    }
}
