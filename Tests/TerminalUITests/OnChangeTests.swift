import TerminalUI
import XCTest

/// What a view asks of the world through `onChange`: once per change of its value, before the
/// frame that shows the change, never for a frame composed without one.
@MainActor
final class OnChangeTests: XCTestCase {
    /// The values the action was run with, in order.
    final class Log {
        var values: [Int] = []
        var draws = 0
    }

    /// A counter moved by `+`, a canvas counting its draws, and an action given the counter's
    /// value halved (so that some keys change state and not the value); `echo` is state the
    /// action sets, drawn in the same frame.
    struct Counter: View {
        let log: Log
        let initial: Bool
        @State var count = 0
        @State var echo = -1

        var body: some View {
            let log = log, echoed = $echo
            return VStack {
                Text("count \(count) echo \(echo)")
                Canvas(height: 1) { _, _ in log.draws += 1 }
            }
            .onKey { key in
                guard key == .character("+") else { return false }
                count += 1
                return true
            }
            .onChange(of: count / 2, initial: initial) { value in
                log.values.append(value)
                echoed.wrappedValue = value
            }
        }
    }

    private func host(initial: Bool = false) -> (ViewHost<StopValue>, Log) {
        let log = Log()
        return (ViewHost(Counter(log: log, initial: initial), backend: InMemoryBackend(size: Size(width: 30, height: 4))), log)
    }

    func testTheActionRunsOnceAChangeAndItsStateIsDrawnInTheSameFrame() async {
        let (host, log) = host()
        XCTAssertEqual(host.render().lines[0].trimmingCharacters(in: .whitespaces), "count 0 echo -1")
        XCTAssertEqual(log.values, [], "not at the first appearance without `initial`")
        host.send(.key(.character("+")))
        host.render()
        XCTAssertEqual(log.values, [], "1 / 2 is still 0")
        host.send(.key(.character("+")))
        XCTAssertEqual(log.values, [], "not while the key is handled: before the next frame")
        XCTAssertEqual(host.render().lines[0].trimmingCharacters(in: .whitespaces), "count 2 echo 1")
        XCTAssertEqual(log.values, [1])
    }

    func testInitialRunsAtTheFirstFrame() async {
        let (host, log) = host(initial: true)
        XCTAssertEqual(host.render().lines[0].trimmingCharacters(in: .whitespaces), "count 0 echo 0")
        XCTAssertEqual(log.values, [0])
    }

    /// Keys handled faster than frames are drawn: the action runs once, with the value drawn.
    func testKeysBetweenTwoFramesRunItOnceWithTheLatestValue() async {
        let (host, log) = host()
        host.render()
        for _ in 0..<5 { host.send(.key(.character("+"))) }
        host.render()
        XCTAssertEqual(log.values, [2])
    }

    /// A frame composed again without a change of the value (a resize, here) draws the view
    /// anew and runs nothing.
    func testAFrameWithoutAChangeRunsNothing() async {
        let (host, log) = host(initial: true)
        host.render()
        let draws = log.draws
        host.send(.resize(Size(width: 30, height: 4)))
        host.render()
        XCTAssertGreaterThan(log.draws, draws, "drawn again")
        XCTAssertEqual(log.values, [0])
    }
}
