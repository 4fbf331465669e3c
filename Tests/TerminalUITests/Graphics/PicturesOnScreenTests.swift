import TerminalUI
import TerminalUITesting
import XCTest

/// A screen with one picture and a sheet that can cover it.
private struct PictureDemo: View {
    @State var isPresented = false
    static let picture = TerminalImage(encoding: .kitty, size: Size(width: 6, height: 3), payload: Array("\u{1B}_Ga=t;x\u{1B}\\".utf8),
                                identity: 1)

    var body: some View {
        VStack {
            Text("Pictures")
            Canvas(width: 10, height: 5) { rect, buffer in
                buffer.place(Self.picture, at: Point(x: rect.x + 2, y: rect.y + 1), clip: rect)
            }
            Button("Open") { isPresented = true }
            Spacer()
        }
        .sheet(isPresented: $isPresented, title: "Sheet") {
            Text("over the picture")
                .onKey { key in
                    guard key == .escape else { return false }
                    isPresented = false
                    return true
                }
        }
    }
}

/// The pictures a frame places reach the backend, once per frame, and a sheet takes them away.
@MainActor
final class PicturesOnScreenTests: XCTestCase {
    private let expected = [PlacedImage(origin: Point(x: 2, y: 2), image: PictureDemo.picture)]

    func testTheFramesPicturesReachTheBackendEveryFrame() async {
        let backend = InMemoryBackend(size: Size(width: 40, height: 12))
        let host = ViewHost(PictureDemo(), backend: backend)
        host.render()
        XCTAssertEqual(backend.images, expected)
        XCTAssertEqual(backend.screen.images, expected, "the screen keeps them")
        XCTAssertEqual(backend.imageCalls.count, 1)
        XCTAssertEqual(backend.text.split(separator: "\n", omittingEmptySubsequences: false)[2].trimmingCharacters(in: .whitespaces),
                       "", "the cells under the picture stay blank")
    }

    func testASheetTakesThePicturesBelowItAwayAndDismissingBringsThemBack() async {
        let backend = InMemoryBackend(size: Size(width: 40, height: 12))
        let host = ViewHost(PictureDemo(), backend: backend)
        host.render()
        host.send(.key(.enter))
        host.render()
        XCTAssertEqual(backend.images, [], "pictures cannot be dimmed")
        host.send(.key(.escape))
        host.render()
        XCTAssertEqual(backend.images, expected)
        XCTAssertEqual(backend.imageCalls.count, 3)
    }

    func testAResizeClearsThePicturesAndTheNextFrameShowsThemAgain() async {
        let backend = InMemoryBackend(size: Size(width: 40, height: 12), whenExhausted: nil)
        let host = ViewHost(PictureDemo(), backend: backend)
        host.render()
        backend.enqueue(.resize(Size(width: 30, height: 10)))
        if let event = backend.readEvent(timeout: nil) { host.send(event) }
        XCTAssertEqual(backend.images, [], "a cleared terminal shows none")
        host.render()
        XCTAssertEqual(backend.images, expected)
    }
}
