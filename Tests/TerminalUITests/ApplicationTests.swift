import TerminalUI
import XCTest

private struct Quitter: View {
    @Environment(\.stop) var stop
    @State var typed = ""

    var body: some View {
        Text("typed: \(typed)")
            .onKey { key in
                switch key {
                case .character("q"): stop(typed)
                case .character(let c): typed.append(c)
                default: return false
                }
                return true
            }
    }
}

/// Shows the terminal's size as its environment says it.
private struct SizeShower: View {
    @Environment(\.size) var size

    var body: some View { Text("\(size.width)x\(size.height)") }
}

/// A controller that draws a counter bumped from outside, as thumbnails arrive.
@MainActor
private final class Ticker: ViewController {
    var setNeedsDisplay: (@MainActor () -> Void)?
    var ticks = 0
    func draw(in region: Rect, of buffer: inout ScreenBuffer) {
        buffer.write("ticks \(ticks)", at: Point(x: region.x, y: region.y), clip: region)
    }
    func handle(_ event: Event) -> Bool { false }
    func tick() {
        ticks += 1
        setNeedsDisplay?()
    }
}

@MainActor
final class ApplicationTests: XCTestCase {
    func testStopEndsTheRunWithTheValue() async {
        let backend = InMemoryBackend(size: Size(width: 20, height: 2),
                                      events: [.key(.character("h")), .key(.character("i")), .key(.character("q"))])
        let outcome = await Application(backend: backend, stopsWith: String.self).run(Quitter())
        XCTAssertEqual(outcome.value, "hi")
        XCTAssertEqual(backend.screen.lines[0], "typed: hi           ")
    }

    func testInterruptAndTerminateAreDistinctOutcomes() async {
        let interrupted = await Application(backend: InMemoryBackend(size: Size(width: 10, height: 1), events: [.interrupt]), stopsWith: String.self)
            .run(Quitter())
        XCTAssertEqual(interrupted.signalExitStatus, 130)
        let terminated = await Application(backend: InMemoryBackend(size: Size(width: 10, height: 1), events: []), stopsWith: String.self)
            .run(Quitter())
        XCTAssertEqual(terminated.signalExitStatus, 143)
    }

    func testResizeRedrawsAtTheNewSize() async {
        let backend = InMemoryBackend(size: Size(width: 20, height: 2),
                                      events: [.resize(Size(width: 12, height: 3)), .key(.character("q"))])
        _ = await Application(backend: backend, stopsWith: String.self).run(Quitter())
        XCTAssertEqual(backend.screen.lines, ["typed:      ", "            ", "            "])
        XCTAssertEqual(backend.drawCalls.last?.count, 36)
    }

    /// A view that chooses what to show by the terminal's size (the app's row of keys) reads
    /// it from the environment, and a resize evaluates its body again.
    func testViewsReadTheTerminalsSizeAndAResizeEvaluatesThemAgain() {
        let backend = InMemoryBackend(size: Size(width: 20, height: 2))
        let host = ViewHost(SizeShower(), backend: backend)
        XCTAssertEqual(host.render().lines[0], "20x2                ")
        backend.resize(to: Size(width: 12, height: 3))
        host.send(.resize(Size(width: 12, height: 3)))
        XCTAssertEqual(host.render().lines[0], "12x3        ")
        XCTAssertEqual(host.environment.size, Size(width: 12, height: 3))
    }

    func testRunningAControllerDirectlyAndStoppingFromOutside() async {
        let backend = InMemoryBackend(size: Size(width: 10, height: 1), whenExhausted: nil)
        let app = Application(backend: backend, stopsWith: [String].self)
        app.pollInterval = .milliseconds(1)
        let ticker = Ticker()
        // Work arriving on the main actor while the loop runs: it must be drawn, then stop the loop.
        Task { @MainActor in
            ticker.tick()
            while backend.screen.lines[0] != "ticks 1   " { await Task.yield() }
            app.stop(["done"])
        }
        let outcome = await app.run(controller: ticker)
        XCTAssertEqual(outcome.value, ["done"])
        XCTAssertEqual(backend.screen.lines[0], "ticks 1   ")
    }

    /// A still screen waits longer between turns (an idle picker used 4.5 % of a core); a
    /// frame drawn brings the short wait back, so work arriving is drawn promptly again.
    func testAStillScreenWaitsLongerUntilSomethingIsDrawn() async {
        let backend = InMemoryBackend(size: Size(width: 10, height: 1), whenExhausted: nil)
        let app = Application(backend: backend, stopsWith: [String].self)
        app.pollInterval = .milliseconds(1)
        app.idleInterval = .milliseconds(2)
        app.idleAfter = .zero
        let ticker = Ticker()
        var tickedAt = 0
        Task { @MainActor in
            while !backend.readTimeouts.contains(.milliseconds(2)) && backend.readTimeouts.count < 10_000 { await Task.yield() }
            tickedAt = backend.readTimeouts.count
            ticker.tick()
            while backend.screen.lines[0] != "ticks 1   " { await Task.yield() }
            app.stop(["done"])
        }
        _ = await app.run(controller: ticker)
        XCTAssertEqual(backend.readTimeouts.first, .milliseconds(1), "the first frame was just drawn")
        XCTAssertEqual(backend.readTimeouts[tickedAt - 1], .milliseconds(2), "nothing drawn since: the long wait")
        XCTAssertEqual(backend.readTimeouts[tickedAt], .milliseconds(1), "the tick's frame: the short wait again")
    }
}
