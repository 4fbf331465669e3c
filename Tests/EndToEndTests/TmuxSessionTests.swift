import XCTest

/// The harness itself: a command's output and exit status come back through the real pane.
final class TmuxSessionTests: XCTestCase {
    func testRunReportsExitStatusAndScreen() throws {
        let tmux = try TmuxSession(width: 40, height: 10)
        let status = try tmux.run("printf 'hello %s\\n' 写真; (exit 3)").waitForExit()
        XCTAssertEqual(status, 3)
        try tmux.waitFor("hello 写真")
    }
}
