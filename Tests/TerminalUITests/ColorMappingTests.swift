import TerminalUI
import TerminalUITesting
import XCTest

private struct Colours: View {
    var body: some View {
        VStack {
            Text("red").foreground(.rgb(RGB(250, 10, 10)))
            Text("cube").foreground(.indexed(196)).background(.rgb(RGB(0, 0, 200)))
        }
    }
}

@MainActor
final class ColorMappingTests: XCTestCase {
    func testColoursAreMatchedToTheBackendsDepthBeforeDrawing() async {
        let backend = InMemoryBackend(size: Size(width: 6, height: 2), colorDepth: .ansi16)
        ViewHost(Colours(), backend: backend).render()
        XCTAssertEqual(backend.screen[0, 0].style.foreground, .indexed(9))
        XCTAssertEqual(backend.screen[0, 1].style.foreground, .indexed(9))
        XCTAssertEqual(backend.screen[0, 1].style.background, .indexed(4))
        XCTAssertEqual(backend.screen[5, 1].style, .plain)
    }

    func testTrueColourIsLeftAlone() async {
        let backend = InMemoryBackend(size: Size(width: 6, height: 2), colorDepth: .trueColor)
        ViewHost(Colours(), backend: backend).render()
        XCTAssertEqual(backend.screen[0, 0].style.foreground, .rgb(RGB(250, 10, 10)))
        XCTAssertEqual(backend.screen[0, 1].style.foreground, .indexed(196))
    }

    func testNoColourKeepsOnlyAttributes() async {
        let backend = InMemoryBackend(size: Size(width: 6, height: 2), colorDepth: .none)
        ViewHost(Colours(), backend: backend).render()
        XCTAssertEqual(backend.screen[0, 0].style, .plain)
    }
}
