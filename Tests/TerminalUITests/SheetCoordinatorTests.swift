import TerminalUI
import TerminalUITesting
import XCTest

/// The design's pattern: a main screen opens a sheet hosting an imperative chooser through
/// `ControllerRepresentable`; the chooser reports to its coordinator, which appends to the
/// parent's list and dismisses the sheet.
private struct MainScreen: View {
    @State var chosen: [String] = []
    @State var isPresented = false

    var body: some View {
        VStack {
            Text("chosen: \(chosen.joined(separator: ", "))")
            Button("Pick") { isPresented = true }
        }
        .sheet(isPresented: $isPresented, title: "Pick one") {
            ChooserSheet(chosen: $chosen, isPresented: $isPresented)
        }
    }
}

@MainActor
private protocol ChooserDelegate: AnyObject {
    func chooser(_ chooser: Chooser, didFinish names: [String])
}

/// Imperative: a list with a cursor; Enter picks, Esc cancels.
@MainActor
private final class Chooser: ViewController {
    var setNeedsDisplay: (@MainActor () -> Void)?
    weak var delegate: (any ChooserDelegate)?
    let names = ["写真.jpg", "b.png", "c.gif"]
    var cursor = 0
    var dismantled = false

    func draw(in region: Rect, of buffer: inout ScreenBuffer) {
        for (row, name) in names.enumerated() where row < region.height {
            let style = row == cursor ? Style(attributes: [.reverse]) : .plain
            buffer.write(name, at: Point(x: region.x, y: region.y + row), style: style, clip: region)
        }
    }

    func handle(_ event: Event) -> Bool {
        switch event {
        case .key(.down): cursor = min(cursor + 1, names.count - 1)
        case .key(.up): cursor = max(cursor - 1, 0)
        case .key(.enter): delegate?.chooser(self, didFinish: [names[cursor]])
        case .key(.escape): delegate?.chooser(self, didFinish: [])
        default: return false
        }
        return true
    }
}

private struct ChooserSheet: ControllerRepresentable {
    @Binding var chosen: [String]
    @Binding var isPresented: Bool

    func makeCoordinator() -> Coordinator { Coordinator(self) }

    func makeController(context: Context) -> Chooser {
        let chooser = Chooser()
        chooser.delegate = context.coordinator
        return chooser
    }

    func updateController(_ controller: Chooser, context: Context) {
        context.coordinator.parent = self
    }

    static func dismantleController(_ controller: Chooser, coordinator: Coordinator) {
        controller.dismantled = true
    }

    @MainActor
    final class Coordinator: ChooserDelegate {
        var parent: ChooserSheet
        init(_ parent: ChooserSheet) { self.parent = parent }

        func chooser(_ chooser: Chooser, didFinish names: [String]) {
            parent.chosen.append(contentsOf: names)
            parent.isPresented = false
        }
    }
}

@MainActor
final class SheetCoordinatorTests: XCTestCase {
    func testCoordinatorAppendsAndDismisses() async {
        let backend = InMemoryBackend(size: Size(width: 30, height: 8))
        let host = ViewHost(MainScreen(), backend: backend)
        host.send(.key(.enter))
        host.send(.key(.down))  // the chooser has the keys, not focus movement
        host.render()
        assertSnapshot(backend, named: "chooser-sheet")
        host.send(.key(.enter))
        host.render()
        XCTAssertEqual(backend.screen.lines[0], "chosen: b.png                 ")
        XCTAssertFalse(backend.text.contains("写真"), "the sheet is gone")
        host.send(.key(.enter))  // open again: a fresh chooser, cursor at the top
        host.send(.key(.enter))
        host.render()
        XCTAssertEqual(backend.screen.lines[0], "chosen: b.png, 写真.jpg       ")
    }

    func testCancelLeavesTheListAlone() async {
        let backend = InMemoryBackend(size: Size(width: 30, height: 8))
        let host = ViewHost(MainScreen(), backend: backend)
        host.send(.key(.enter))
        host.send(.key(.escape))
        host.render()
        XCTAssertEqual(backend.screen.lines[0], "chosen:                       ")
        XCTAssertEqual(backend.screen.lines[1], "[ Pick ]                      ")
    }

    func testDimmedParentShowsOnSixteenColours() async {
        let backend = InMemoryBackend(size: Size(width: 30, height: 8), colorDepth: .ansi16)
        let host = ViewHost(MainScreen(), backend: backend)
        host.send(.key(.enter))
        host.render()
        let corner = backend.screen[0, 0].style
        XCTAssertEqual(corner.foreground, .indexed(8))
        XCTAssertTrue(corner.attributes.contains(.dim))
    }
}
