import TerminalUI
import TerminalUITesting
import XCTest

private struct Layout: View {
    var body: some View {
        VStack {
            HStack {
                Text("left")
                Spacer()
                Text("right")
            }
            Text("a very long line that will not fit in the width")
            Spacer()
            VStack(alignment: .trailing) {
                Text("end")
                Text("trailing")
            }
            .padding(horizontal: 1)
            .border(title: "box")
        }
    }
}

@MainActor
final class LayoutTests: XCTestCase {
    func testStacksSpacersTruncationAndBorders() async {
        let backend = InMemoryBackend(size: Size(width: 24, height: 8))
        ViewHost(Layout(), backend: backend).render()
        assertSnapshot(backend, named: "stacks")
    }

    func testStateSurvivesReevaluation() async {
        struct Toggle: View {
            @State var on = false
            var body: some View {
                VStack {
                    Text(on ? "on" : "off")
                    Button("Flip") { on.toggle() }
                }
            }
        }
        let backend = InMemoryBackend(size: Size(width: 10, height: 2))
        let host = ViewHost(Toggle(), backend: backend)
        host.send(.key(.enter))
        host.render()
        XCTAssertEqual(backend.screen.lines[0], "on        ")
        host.send(.key(.enter))
        host.render()
        XCTAssertEqual(backend.screen.lines[0], "off       ")
    }

    func testCanvasDrawsInTheRectangleItIsGiven() async {
        struct Picture: View {
            var body: some View {
                HStack {
                    Text("thumb:")
                    Canvas(width: 3, height: 2) { rect, buffer in
                        buffer.fill(rect, with: Cell("▀", style: Style(foreground: .indexed(1))))
                    }
                }
            }
        }
        let backend = InMemoryBackend(size: Size(width: 12, height: 3))
        ViewHost(Picture(), backend: backend).render()
        XCTAssertEqual(backend.screen.lines, ["thumb: ▀▀▀  ", "       ▀▀▀  ", "            "])
        XCTAssertEqual(backend.screen[7, 1].style.foreground, .indexed(1))
    }

    func testTheTwoSidesOfAnIfElseKeepSeparateState() async {
        struct Tally: View {
            let name: String
            @State var count = 0
            var body: some View {
                Button("\(name) \(count)") { count += 1 }
            }
        }
        struct Switcher: View {
            @State var left = true
            var body: some View {
                VStack {
                    if left { Tally(name: "L") } else { Tally(name: "R") }
                }
                .onKey { key in
                    guard key == .character("s") else { return false }
                    left.toggle()
                    return true
                }
            }
        }
        let backend = InMemoryBackend(size: Size(width: 10, height: 1))
        let host = ViewHost(Switcher(), backend: backend)
        host.send(.key(.enter))
        host.send(.key(.enter))
        host.send(.key(.character("s")))
        host.render()
        XCTAssertEqual(backend.screen.lines[0], "[ R 0 ]   ")
        host.send(.key(.character("s")))
        host.render()
        XCTAssertEqual(backend.screen.lines[0], "[ L 0 ]   ", "state of a branch that left the tree is dropped")
    }

    func testTruncationKeepsWideCharactersWhole() async {
        XCTAssertEqual(TextFitting.truncate("写真写真.jpg", to: 6), "写真…")
        XCTAssertEqual(TextFitting.truncate("写真", to: 4), "写真")
        XCTAssertEqual(TextFitting.truncate("写真", to: 3), "写…")
    }

    /// An escape is cut whole, as a wide character is: `caf\xc3\xa9.png` in 9 columns (in the
    /// C locale) was `caf\xc3\x…`, a byte the name does not hold.
    func testTruncationKeepsEscapesWhole() {
        XCTAssertEqual(TextFitting.truncate("caf\\xc3\\xa9.png", to: 9), "caf\\xc3…")
        XCTAssertEqual(TextFitting.truncate("a\\\\b\\u{202e}cdef", to: 6), "a\\\\b…", "a backslash's `\\\\`, a format character's `\\u{…}`")
        XCTAssertEqual(TextFitting.truncate("a\\u{202e}cdef", to: 6), "a…")
    }
}
