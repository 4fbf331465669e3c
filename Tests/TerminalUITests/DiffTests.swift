import TerminalUI
import XCTest

/// A full screen of text with one character that a key changes.
private struct FullScreen: View {
    @State var mark = "x"

    var body: some View {
        VStack {
            ForEach(0..<59) { row in
                Text(String(repeating: "abcdefghij", count: 20))
            }
            HStack(spacing: 0) {
                Text(String(repeating: ".", count: 123))
                Text(mark)
            }
        }
        .onKey { key in
            guard case .character(let c) = key else { return false }
            mark = String(c)
            return true
        }
    }
}

@MainActor
final class DiffTests: XCTestCase {
    func testChangingOneCellOfA200x60ScreenSendsExactlyOneCell() async {
        let backend = InMemoryBackend(size: Size(width: 200, height: 60))
        let host = ViewHost(FullScreen(), backend: backend)
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
        let host = ViewHost(FullScreen(), backend: backend)
        host.render()
        host.send(.key(.character("x")))  // same value: re-resolved, no cell differs
        host.render()
        host.render()
        XCTAssertEqual(backend.drawCalls.count, 1)
    }

    func testResizeRedrawsEverything() async {
        let backend = InMemoryBackend(size: Size(width: 200, height: 60))
        let host = ViewHost(FullScreen(), backend: backend)
        host.render()
        host.send(.resize(Size(width: 200, height: 60)))
        host.render()
        XCTAssertEqual(backend.invalidateCount, 1)
        XCTAssertEqual(backend.drawCalls.last?.count, 200 * 60)
    }
}
