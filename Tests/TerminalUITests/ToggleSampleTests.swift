@testable import bridge_sample
import TerminalUI
import TerminalUITesting
import XCTest

@MainActor
final class ToggleSampleTests: XCTestCase {
    private func makeHost() -> (ViewHost<StopValue>, InMemoryBackend) {
        let backend = InMemoryBackend(size: Size(width: 36, height: 9))
        return (ViewHost(ToggleSample(), backend: backend), backend)
    }

    func testLabelFollowsTheCoordinatorAfterZeroOneAndTwoPresses() async {
        let (host, backend) = makeHost()
        host.render()
        assertSnapshot(backend, named: "toggle-0-presses")
        host.send(.key(.enter))
        host.render()
        assertSnapshot(backend, named: "toggle-1-press")
        host.send(.key(.character(" ")))
        host.render()
        assertSnapshot(backend, named: "toggle-2-presses")
        XCTAssertTrue(backend.text.contains("Label: Default"))
    }

    func testClickOnTheButtonPressesIt() async {
        let (host, backend) = makeHost()
        host.render()
        let row = backend.screen.lines.firstIndex { $0.contains("[ Toggle ]") }!
        host.send(.mouse(MouseEvent(kind: .press(.left), position: Point(x: 4, y: row))))
        host.render()
        XCTAssertTrue(backend.text.contains("Label: Change"))
    }

    func testQStopsTheProgram() async {
        let (host, _) = makeHost()
        XCTAssertNil(host.outcome)
        host.send(.key(.character("q")))
        XCTAssertNotNil(host.outcome?.value)
    }
}
