import TerminalUI
import XCTest

@MainActor
private final class WheelCounter: ViewController {
    var setNeedsDisplay: (@MainActor () -> Void)?
    var events: [Event] = []
    func draw(in region: Rect, of buffer: inout ScreenBuffer) {}
    func handle(_ event: Event) -> Bool {
        events.append(event)
        return true
    }
}

private struct Wheel: ControllerRepresentable {
    let controller: WheelCounter
    func makeController(context: Context) -> WheelCounter { controller }
    func updateController(_ controller: WheelCounter, context: Context) {}
}

private struct Screen: View {
    let wheel: WheelCounter
    @State var presses = 0

    var body: some View {
        VStack {
            HStack {
                Button("One") { presses += 1 }
                Button("Ten") { presses += 10 }
            }
            Text("presses: \(presses)")
            Wheel(controller: wheel)
        }
    }
}

@MainActor
final class MouseRoutingTests: XCTestCase {
    private func click(_ x: Int, _ y: Int) -> Event { .mouse(MouseEvent(kind: .press(.left), position: Point(x: x, y: y))) }

    func testClicksPressTheButtonUnderThePointerOnly() async {
        let backend = InMemoryBackend(size: Size(width: 24, height: 6))
        let host = ViewHost(Screen(wheel: WheelCounter()), backend: backend)
        host.render()
        XCTAssertTrue(host.send(click(10, 0)))  // "[ Ten ]" starts at column 8
        XCTAssertFalse(host.send(click(20, 0)))  // nothing there
        XCTAssertFalse(host.send(click(3, 1)))  // text is not a target
        host.render()
        XCTAssertEqual(backend.screen.lines[1], "presses: 10             ")
        XCTAssertTrue(backend.screen[8, 0].style.attributes.contains(.reverse), "the clicked button took focus")
    }

    func testWheelGoesToTheControllerUnderThePointerOrTheFocusedOne() async {
        let wheel = WheelCounter()
        let host = ViewHost(Screen(wheel: wheel), backend: InMemoryBackend(size: Size(width: 24, height: 6)))
        host.render()
        let overController = Event.mouse(MouseEvent(kind: .wheelDown, position: Point(x: 5, y: 4)))
        host.send(overController)
        XCTAssertEqual(wheel.events, [overController])
        let overText = Event.mouse(MouseEvent(kind: .wheelUp, position: Point(x: 5, y: 1)))
        XCTAssertFalse(host.send(overText), "the focused button does not scroll")
        XCTAssertEqual(wheel.events.count, 1)
    }
}
