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

    private func draws(_ text: String, columns: Int = 1) -> Bool {
        DirectClusters.cursesDraws(Array(text.unicodeScalars), columns: columns, width: width)
    }

    func testCursesDrawsABaseWithMarksNotTwoSpacingCharacters() {
        XCTAssertTrue(draws("a"))
        XCTAssertTrue(draws("e\u{301}\u{301}"), "combining marks stay with their base")
        XCTAssertTrue(draws("\u{1F600}", columns: 2), "an emoji the C library counts two columns")
        XCTAssertFalse(draws("\u{1F1EF}\u{1F1F5}", columns: 2), "a flag: two regional indicators")
        XCTAssertFalse(draws("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", columns: 2), "a ZWJ family")
        XCTAssertFalse(draws("\u{1F44D}\u{1F3FD}", columns: 2), "a skin tone")
        XCTAssertFalse(draws("e\u{301}\u{301}\u{301}\u{301}\u{301}"), "more than five characters")
    }

    /// A wide cell whose first character the C library counts one column: curses would count
    /// the cell so, and kitty draws it two wide (tester2's finding 2: the rest of the row one
    /// column right, a stray letter).
    func testCursesDoesNotDrawAWideCellItCountsNarrow() {
        XCTAssertFalse(draws("1\u{FE0F}\u{20E3}", columns: 2), "a keycap: its digit is one column to the C library")
        XCTAssertFalse(draws("\u{1F1EF}", columns: 2), "a lone regional indicator drawn two wide")
    }

    func testClustersAreWrittenAfterTheRefreshThatDrewThem() {
        var clusters = DirectClusters()
        let flag = DirectClusters.Cluster(text: "\u{1F1EF}\u{1F1F5}", style: .plain)
        _ = clusters.draw(flag, at: Point(x: 9, y: 2))
        _ = clusters.draw(flag, at: Point(x: 3, y: 2))
        XCTAssertEqual(clusters.takeDue().map(\.point), [Point(x: 3, y: 2), Point(x: 9, y: 2)])
        XCTAssertTrue(clusters.takeDue().isEmpty, "written once")
        XCTAssertFalse(clusters.drawCell(at: Point(x: 5, y: 2), width: 1), "a cell after a cluster changes nothing")
        XCTAssertFalse(clusters.drawCell(at: Point(x: 2, y: 2), width: 1), "nor a narrow one before it")
        XCTAssertTrue(clusters.takeDue().isEmpty)
    }

    func testACellOverAClusterHasCursesRewriteTheRowAndItsOtherClusters() {
        var clusters = DirectClusters()
        let flag = DirectClusters.Cluster(text: "\u{1F1EF}\u{1F1F5}", style: .plain)
        _ = clusters.draw(flag, at: Point(x: 3, y: 2))
        _ = clusters.draw(flag, at: Point(x: 9, y: 2))
        _ = clusters.takeDue()
        XCTAssertTrue(clusters.drawCell(at: Point(x: 3, y: 2), width: 1), "curses believes its placeholder is there: the row is rewritten")
        XCTAssertEqual(clusters.takeDue().map(\.point), [Point(x: 9, y: 2)], "the row's other cluster again")
        clusters.rowsRewritten([2, 5])
        XCTAssertEqual(clusters.takeDue().map(\.point), [Point(x: 9, y: 2)], "a picture's rows, rewritten by curses")
        clusters.forget()
        XCTAssertTrue(clusters.onScreen.isEmpty)
        XCTAssertFalse(clusters.drawCell(at: Point(x: 9, y: 2), width: 1), "a cleared screen holds none")
    }

    /// A cell that covers only part of a cluster forgets it too (tester2's finding 1): the
    /// record used to survive, and the cluster was written again at its old cell whenever its
    /// row was due, in the middle of another name (" 한국어_ 🇬🇧🇫🇷jpg" for "한국어_사진.jpg").
    func testACellOverEitherColumnOfAClusterForgetsIt() {
        let flag = DirectClusters.Cluster(text: "\u{1F1EF}\u{1F1F5}", style: .plain)
        func clusters(at columns: [Int]) -> DirectClusters {
            var clusters = DirectClusters()
            for x in columns { _ = clusters.draw(flag, at: Point(x: x, y: 2)) }
            _ = clusters.takeDue()
            return clusters
        }
        var second = clusters(at: [3, 9])
        XCTAssertTrue(second.drawCell(at: Point(x: 4, y: 2), width: 1), "a narrow cell on its second column")
        XCTAssertEqual(second.onScreen.keys.map(\.x), [9])
        XCTAssertEqual(second.takeDue().map(\.point), [Point(x: 9, y: 2)], "the row's other cluster is written again")

        var left = clusters(at: [3])
        XCTAssertTrue(left.drawCell(at: Point(x: 2, y: 2), width: 2), "a wide cell starting a column to its left (사 over 🇬🇧)")
        XCTAssertTrue(left.onScreen.isEmpty)
        XCTAssertTrue(left.takeDue().isEmpty, "nothing is written again")

        var byCluster = clusters(at: [3, 7])
        XCTAssertTrue(byCluster.draw(flag, at: Point(x: 4, y: 2)), "a cluster a column to its right")
        XCTAssertTrue(byCluster.draw(flag, at: Point(x: 6, y: 2)), "a cluster a column to its left")
        XCTAssertEqual(byCluster.onScreen.keys.map(\.x).sorted(), [4, 6])

        var replaced = clusters(at: [3])
        XCTAssertFalse(replaced.draw(DirectClusters.Cluster(text: "\u{1F1EB}\u{1F1F7}", style: .plain), at: Point(x: 3, y: 2)),
                       "one of the same width on the same cell covers it whole: no rewrite")
        XCTAssertEqual(replaced.takeDue().map(\.cluster.text), ["\u{1F1EB}\u{1F1F7}"])

        var narrow = DirectClusters()
        _ = narrow.draw(DirectClusters.Cluster(text: "e\u{301}\u{301}\u{301}\u{301}\u{301}", style: .plain, width: 1), at: Point(x: 3, y: 2))
        XCTAssertFalse(narrow.drawCell(at: Point(x: 4, y: 2), width: 1), "a one-column cluster ends at its cell")
        XCTAssertTrue(narrow.drawCell(at: Point(x: 2, y: 2), width: 2), "a wide cell to its left covers it")
    }
}
