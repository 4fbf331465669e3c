import TerminalUI
import XCTest

/// A frame sends the backend only the cells that differ from the last one.
@MainActor
final class DiffTests: XCTestCase {
    func testChangingOneCellOfA200x60ScreenSendsExactlyOneCell() async {
        let backend = InMemoryBackend(size: Size(width: 200, height: 60))
        let host = ViewHost(FullScreenView(), backend: backend)
        host.render()
        XCTAssertEqual(backend.drawCalls.count, 1)
        XCTAssertEqual(backend.drawCalls[0].count, 200 * 60)
        host.send(.key(.character("y")))
        host.render()
        XCTAssertEqual(backend.drawCalls.count, 2)
        XCTAssertEqual(backend.drawCalls[1], [CellUpdate(position: Point(x: 123, y: 59), cell: Cell("y"))])
    }

    func testNothingIsSentWhenNothingChanged() async {
        let backend = InMemoryBackend(size: Size(width: 200, height: 60))
        let host = ViewHost(FullScreenView(), backend: backend)
        host.render()
        host.send(.key(.character("x")))  // same value: re-resolved, no cell differs
        host.render()
        host.render()
        XCTAssertEqual(backend.drawCalls.count, 1)
    }

    func testResizeRedrawsEverything() async {
        let backend = InMemoryBackend(size: Size(width: 200, height: 60))
        let host = ViewHost(FullScreenView(), backend: backend)
        host.render()
        host.send(.resize(Size(width: 200, height: 60)))
        host.render()
        XCTAssertEqual(backend.invalidateCount, 1)
        XCTAssertEqual(backend.drawCalls.last?.count, 200 * 60)
    }
}
