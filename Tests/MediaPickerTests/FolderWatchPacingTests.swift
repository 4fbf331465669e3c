@testable import MediaPicker
import XCTest

/// How soon a watch looks again after a look (`FolderWatch.gap(after:)`): a cheap look (a
/// small folder) lets the next follow at inotify's pace, an expensive one (a folder of
/// 20,000 files changing all the time) holds the next back twenty times as long, so that
/// following costs at most about a twentieth of a core.
final class FolderWatchPacingTests: XCTestCase {
    func testTheNextLookWaitsTwentyTimesWhatTheLastTookAndAtLeastTheMinimum() {
        XCTAssertEqual(FolderWatch.gap(after: .microseconds(300)), .milliseconds(100), "a small folder: the minimum")
        XCTAssertEqual(FolderWatch.gap(after: .milliseconds(5)), .milliseconds(100))
        XCTAssertEqual(FolderWatch.gap(after: .milliseconds(60)), .milliseconds(1_200), "a large folder: 20 times its look")
        XCTAssertEqual(FolderWatch.gap(after: .seconds(1)), .seconds(20))
    }
}
