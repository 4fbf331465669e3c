import TerminalUI
import TerminalUITesting
import XCTest

private struct Files: View {
    let names: [String]
    let columns: GridColumns

    var body: some View {
        Border(title: "Files") {
            Grid(columns: columns, spacing: 2) {
                ForEach(names, id: \.self) { name in
                    VStack {
                        Text("[####]")
                        Text(name)
                    }
                }
            }
        }
    }
}

@MainActor
final class GridTests: XCTestCase {
    func testCJKLabelsAreAlignedInTheGrid() async {
        let backend = InMemoryBackend(size: Size(width: 40, height: 8))
        let host = ViewHost(Files(names: ["写真.jpg", "photo.png", "動画.mp4", "a.gif", "アルバム写真.webp", "z.heic"],
                                  columns: .fixed(3)), backend: backend)
        host.render()
        assertSnapshot(backend, named: "cjk-grid")
        // Each label starts at its column: 1 + column * (column width 11 + spacing 2).
        let labelRow = backend.screen.lines[2]
        XCTAssertTrue(labelRow.hasPrefix("│写真.jpg"))
        XCTAssertEqual(backend.screen[14, 2].text, "p")
        XCTAssertEqual(backend.screen[27, 2].text, "動")
        XCTAssertTrue(backend.screen[28, 2].isContinuation)
    }

    func testThreeColumnGridReflowsWhenTheWidthShrinks() async {
        let names = ["one.jpg", "two.jpg", "three.jpg", "four.jpg", "five.jpg", "six.jpg"]
        let backend = InMemoryBackend(size: Size(width: 40, height: 10), whenExhausted: nil)
        let host = ViewHost(Files(names: names, columns: .adaptive(minimumWidth: 10, maximum: 3)), backend: backend)
        host.render()
        assertSnapshot(backend, named: "grid-3-columns")
        backend.resize(to: Size(width: 26, height: 10))
        host.send(.resize(Size(width: 26, height: 10)))
        host.render()
        assertSnapshot(backend, named: "grid-2-columns")
        backend.resize(to: Size(width: 14, height: 14))
        host.send(.resize(Size(width: 14, height: 14)))
        host.render()
        assertSnapshot(backend, named: "grid-1-column")
    }

    func testAdaptiveColumnCount() async {
        let rule = GridColumns.adaptive(minimumWidth: 10, maximum: 3)
        XCTAssertEqual(rule.count(for: 40, spacing: 2), 3)
        XCTAssertEqual(rule.count(for: 22, spacing: 2), 2)
        XCTAssertEqual(rule.count(for: 21, spacing: 2), 1)
        XCTAssertEqual(rule.count(for: 3, spacing: 2), 1)
        XCTAssertEqual(GridColumns.fixed(3).count(for: 1, spacing: 2), 3)
    }
}
