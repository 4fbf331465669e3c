import TerminalUI
import TerminalUITesting
import XCTest

/// A main screen with a button that opens a sheet; the sheet has its own button and closes on Esc.
private struct SheetDemo: View {
    @State var isPresented = false
    @State var mainPresses = 0
    @State var sheetPresses = 0

    var body: some View {
        VStack {
            Text("Main screen").bold().foreground(.rgb(RGB(230, 200, 40)))
            Text("main presses: \(mainPresses)")
            Button("Open") { isPresented = true }
            Button("Count") { mainPresses += 1 }
            Spacer()
            Text("footer line at the bottom of the main screen")
        }
        .onKey { key in
            guard key == .character("+") else { return false }
            mainPresses += 100
            return true
        }
        .sheet(isPresented: $isPresented, title: "Sheet") {
            VStack {
                Text("sheet presses: \(sheetPresses)")
                Button("Press") { sheetPresses += 1 }
                Button("Close") { isPresented = false }
            }
            .onKey { key in
                guard key == .escape else { return false }
                isPresented = false
                return true
            }
        }
    }
}

/// A sheet whose content owns its state.
private struct CounterSheetDemo: View {
    @State var isPresented = false

    var body: some View {
        Button("Open") { isPresented = true }
            .sheet(isPresented: $isPresented) {
                Counter().onKey { key in
                    guard key == .escape else { return false }
                    isPresented = false
                    return true
                }
            }
    }
}

private struct Counter: View {
    @State var count = 0

    var body: some View {
        VStack {
            Text("count: \(count)")
            Button("Add") { count += 1 }
        }
    }
}

@MainActor
final class SheetTests: XCTestCase {
    private func makeHost() -> (ViewHost<StopValue>, InMemoryBackend) {
        let backend = InMemoryBackend(size: Size(width: 48, height: 12), colorDepth: .trueColor)
        return (ViewHost(SheetDemo(), backend: backend), backend)
    }

    func testSheetIsDrawnOverTheDimmedParent() async {
        let (host, backend) = makeHost()
        host.render()
        host.send(.key(.enter))  // "Open" has focus first
        host.render()
        assertSnapshot(backend, named: "sheet-over-dimmed-parent", includeStyles: true)
        // The parent around the panel is dimmed with darkened colours, not just the attribute.
        XCTAssertTrue(backend.screen[0, 0].style.attributes.contains(.dim))
        XCTAssertEqual(backend.screen[0, 0].style.foreground, .rgb(RGB(103, 90, 18)))
        XCTAssertEqual(backend.screen[0, 11].style.foreground, .indexed(8))
    }

    func testDismissalRestoresTheParentExactly() async {
        let (host, backend) = makeHost()
        let before = host.render()
        assertSnapshot(backend, named: "parent-before-sheet", includeStyles: true)
        host.send(.key(.enter))
        XCTAssertNotEqual(host.render(), before)
        host.send(.key(.escape))
        let after = host.render()
        XCTAssertEqual(after, before)  // every cell, colour and attribute
        XCTAssertEqual(backend.screen, before)  // and the terminal shows it
    }

    func testKeysGoToTheSheetWhilePresented() async {
        let (host, backend) = makeHost()
        host.send(.key(.enter))  // open
        host.send(.key(.enter))  // the sheet's "Press", not the parent's "Open"
        host.send(.key(.character("+")))  // the parent's handler must not see it
        host.render()
        XCTAssertTrue(backend.text.contains("sheet presses: 1"))
        host.send(.key(.tab))  // focus moves to "Close" inside the sheet
        host.send(.key(.enter))
        host.render()
        XCTAssertFalse(backend.text.contains("sheet presses"))
        XCTAssertTrue(backend.text.contains("main presses: 0"), "the parent saw a key while the sheet was up")
        host.send(.key(.character("+")))  // the parent gets keys again
        host.render()
        XCTAssertTrue(backend.text.contains("main presses: 100"))
    }

    func testTabMovesFocusAmongTheParentsButtons() async {
        let (host, backend) = makeHost()
        host.send(.key(.tab))  // to "Count"
        host.send(.key(.enter))
        host.render()
        XCTAssertTrue(backend.text.contains("main presses: 1"))
        XCTAssertTrue(backend.screen[0, 3].style.attributes.contains(.reverse))  // "[ Count ]" drawn focused
        host.send(.key(.backTab))
        host.render()
        XCTAssertFalse(backend.screen[0, 3].style.attributes.contains(.reverse))
    }

    func testSheetStateIsDiscardedOnDismissal() async {
        let backend = InMemoryBackend(size: Size(width: 40, height: 10))
        let host = ViewHost(CounterSheetDemo(), backend: backend)
        host.send(.key(.enter))  // open
        host.send(.key(.enter))  // count in the sheet
        host.send(.key(.enter))
        host.render()
        XCTAssertTrue(backend.text.contains("count: 2"))
        host.send(.key(.escape))
        host.send(.key(.enter))  // open again: a new sheet, new state
        host.render()
        XCTAssertTrue(backend.text.contains("count: 0"))
    }

    func testResizeWhileTheSheetIsOpenRedrawsBothLayers() async {
        let (host, backend) = makeHost()
        host.send(.key(.enter))
        host.render()
        backend.resize(to: Size(width: 30, height: 8))
        host.send(.resize(Size(width: 30, height: 8)))
        host.render()
        assertSnapshot(backend, named: "sheet-after-resize")
        host.send(.key(.escape))
        host.render()
        XCTAssertEqual(backend.screen.lines[0], "Main screen                   ")
    }

    func testSheetPanelLeavesAMarginAndShrinksOnTinyScreens() async {
        XCTAssertEqual(SheetGeometry.panel(in: Rect(x: 0, y: 0, width: 80, height: 24)), Rect(x: 4, y: 2, width: 72, height: 20))
        XCTAssertEqual(SheetGeometry.panel(in: Rect(x: 0, y: 0, width: 20, height: 6)), Rect(x: 1, y: 0, width: 18, height: 6))
    }

    /// The smallest screen whose panel holds a content: it holds it, and a column or a row
    /// less does not (the margins grow with the screen, so this is not the margins of any one size).
    func testTheScreenSizeThatHoldsAContentInItsPanel() {
        XCTAssertEqual(SheetGeometry.screenSize(holding: Size(width: 20, height: 7)), Size(width: 24, height: 11))
        func inner(_ size: Size) -> Size { SheetGeometry.panel(in: Rect(x: 0, y: 0, width: size.width, height: size.height)).inset(by: 1).size }
        for width in 1...60 {
            for height in [1, 5, 7, 12, 20] {
                let content = Size(width: width, height: height)
                let screen = SheetGeometry.screenSize(holding: content)
                XCTAssertTrue(inner(screen).width >= width && inner(screen).height >= height, "\(content): \(screen)")
                XCTAssertLessThan(inner(Size(width: screen.width - 1, height: screen.height)).width, width, "\(content): \(screen)")
                XCTAssertLessThan(inner(Size(width: screen.width, height: screen.height - 1)).height, height, "\(content): \(screen)")
            }
        }
    }
}
