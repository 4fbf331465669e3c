import TerminalUI
import XCTest

/// Frames larger than the backend's output budget go out in parts of whole rows, one part a
/// render; a key handled meanwhile composes a frame that replaces what was not sent yet, a
/// change from outside waits for the frame being sent.
@MainActor
final class FrameChunksTests: XCTestCase {
    private func renderUntilSent<V>(_ host: ViewHost<V>, limit: Int = 1000) -> Int {
        var renders = 0
        repeat {
            host.render()
            renders += 1
        } while host.hasPendingOutput && renders < limit
        return renders
    }

    func testALargeFrameGoesOutInPartsOfWholeRowsAndEndsComplete() async {
        let backend = InMemoryBackend(size: Size(width: 200, height: 60))
        backend.outputBudget = 2_000
        let host = ViewHost(FullScreenView(coloured: true), backend: backend)
        host.render()
        XCTAssertTrue(host.hasPendingOutput)
        XCTAssertEqual(backend.imageCalls.count, 0, "pictures wait for the whole frame")
        let renders = 1 + renderUntilSent(host)
        XCTAssertFalse(host.hasPendingOutput)
        XCTAssertGreaterThan(backend.drawCalls.count, 5)
        XCTAssertEqual(renders, backend.drawCalls.count)
        for call in backend.drawCalls {
            // Whole rows: each part starts at column 0 and holds every column of its rows.
            XCTAssertEqual(call.first?.position.x, 0)
            XCTAssertEqual(call.count % 200, 0)
        }
        XCTAssertEqual(backend.drawCalls.map(\.count).reduce(0, +), 200 * 60, "every cell sent once")
        XCTAssertEqual(backend.screen.cells, host.frame.cells)
        XCTAssertEqual(backend.imageCalls.count, 1)
    }

    func testAFrameComposedMidwayReplacesTheRestAndSendsNothingTwice() async {
        let backend = InMemoryBackend(size: Size(width: 200, height: 60))
        backend.outputBudget = 4_000
        let host = ViewHost(FullScreenView(coloured: true), backend: backend)
        host.render()
        host.render()
        XCTAssertTrue(host.hasPendingOutput)
        host.send(.key(.character("y")))
        _ = renderUntilSent(host)
        let all = backend.drawCalls.flatMap { $0 }
        XCTAssertEqual(Set(all.map(\.position)).count, all.count, "no cell is sent twice")
        XCTAssertFalse(all.contains { $0.position == Point(x: 123, y: 59) && $0.cell.text == "x" }, "the stale last row never went out")
        XCTAssertEqual(backend.screen[123, 59].text, "y")
        XCTAssertEqual(backend.screen.cells, host.frame.cells)
    }

    func testAChangeFromOutsideLetsTheFrameBeingSentFinishFirst() async {
        let backend = InMemoryBackend(size: Size(width: 200, height: 60))
        backend.outputBudget = 4_000
        let handle = FullScreenHandle()
        let host = ViewHost(FullScreenView(coloured: true, handle: handle), backend: backend)
        host.render()
        XCTAssertTrue(host.hasPendingOutput)
        handle.mark?.wrappedValue = "w"
        _ = renderUntilSent(host)
        let first = backend.drawCalls.flatMap { $0 }
        XCTAssertEqual(first.count, 200 * 60, "the whole first frame went out, none of it replaced")
        XCTAssertEqual(backend.screen[123, 59].text, "x")
        host.render()
        XCTAssertEqual(backend.drawCalls.last, [CellUpdate(position: Point(x: 123, y: 59), cell: Cell("w"))])
        XCTAssertEqual(backend.screen.cells, host.frame.cells)
    }

    func testAChangeToARowAlreadySentIsSentAgain() async {
        let backend = InMemoryBackend(size: Size(width: 200, height: 60))
        backend.outputBudget = 4_000
        let host = ViewHost(FullScreenView(coloured: true), backend: backend)
        _ = renderUntilSent(host)
        let before = backend.drawCalls.count
        host.send(.key(.character("z")))
        host.render()
        XCTAssertFalse(host.hasPendingOutput, "one changed cell fits in one part")
        XCTAssertEqual(backend.drawCalls.count, before + 1)
        XCTAssertEqual(backend.drawCalls.last, [CellUpdate(position: Point(x: 123, y: 59), cell: Cell("z"))])
    }

    func testWithoutABudgetAFrameGoesWhole() async {
        let backend = InMemoryBackend(size: Size(width: 200, height: 60))
        let host = ViewHost(FullScreenView(coloured: true), backend: backend)
        host.render()
        XCTAssertFalse(host.hasPendingOutput)
        XCTAssertEqual(backend.drawCalls.count, 1)
    }

    func testTheEstimateCountsColourChangesAndCursorMoves() async {
        let red = Style(foreground: .rgb(RGB(255, 0, 0)), background: .rgb(RGB(0, 0, 0)))
        let row = (0..<10).map { CellUpdate(position: Point(x: $0, y: 0), cell: Cell("▀", style: $0 % 2 == 0 ? red : .plain)) }
        // Each cell: 3 bytes of text and a colour change (38 bytes for two RGB colours, 10 for the defaults).
        let bytes = 10 * 3 + 5 * 38 + 5 * 10 + 8  // + one cursor move to the first cell
        XCTAssertEqual(FrameChunks.end(of: row + row.map { CellUpdate(position: Point(x: $0.position.x, y: 1), cell: $0.cell) },
                                       from: 0, budget: bytes + 8), 10, "the second row does not fit")
        XCTAssertEqual(FrameChunks.end(of: row, from: 0, budget: 1), 10, "at least one whole row")
        XCTAssertEqual(FrameChunks.end(of: row, from: 0, budget: nil), 10)
    }
}
