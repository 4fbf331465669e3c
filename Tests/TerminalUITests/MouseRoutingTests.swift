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

/// `Screen` with a mouse handler around it and one inside: each notes what it was given and
/// takes only what `takes` says, so that the outer one sees what the inner one left.
private struct HandledScreen: View {
    let wheel: WheelCounter
    let inner: MouseLog
    let outer: MouseLog

    var body: some View {
        VStack {
            Screen(wheel: wheel).onMouse { inner.take($0) }
        }
        .onMouse { outer.take($0) }
    }
}

@MainActor
private final class MouseLog {
    var events: [MouseEvent] = []
    let takes: (MouseEvent) -> Bool
    init(takes: @escaping (MouseEvent) -> Bool) { self.takes = takes }
    func take(_ mouse: MouseEvent) -> Bool {
        events.append(mouse)
        return takes(mouse)
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

    /// `.onMouse` handlers get what no target used, innermost first: a click beside the buttons,
    /// the wheel the focused button does not use; not a click a button took, nor the wheel over
    /// the controller that scrolls.
    func testMouseHandlersGetWhatNoTargetUsed() async {
        let wheel = WheelCounter()
        let inner = MouseLog { $0.kind == .wheelDown }
        let outer = MouseLog { _ in true }
        let host = ViewHost(HandledScreen(wheel: wheel, inner: inner, outer: outer), backend: InMemoryBackend(size: Size(width: 24, height: 6)))
        host.render()
        XCTAssertTrue(host.send(click(10, 0)), "the button")
        XCTAssertEqual(inner.events + outer.events, [])
        XCTAssertTrue(host.send(.mouse(MouseEvent(kind: .wheelDown, position: Point(x: 5, y: 4)))), "the controller")
        XCTAssertEqual(wheel.events.count, 1)
        XCTAssertEqual(inner.events + outer.events, [])
        let overText = MouseEvent(kind: .wheelDown, position: Point(x: 5, y: 1))
        XCTAssertTrue(host.send(.mouse(overText)), "the focused button does not scroll: the inner handler takes it")
        XCTAssertEqual(inner.events, [overText])
        XCTAssertEqual(outer.events, [], "taken by the inner one")
        let beside = MouseEvent(kind: .press(.left), position: Point(x: 20, y: 0))
        XCTAssertTrue(host.send(.mouse(beside)))
        XCTAssertEqual(inner.events, [overText, beside])
        XCTAssertEqual(outer.events, [beside], "left by the inner one")
        let release = MouseEvent(kind: .release(.left), position: Point(x: 10, y: 0))
        XCTAssertTrue(host.send(.mouse(release)), "the button does not use a release")
        XCTAssertEqual(outer.events.last, release)
    }

    /// Every screen's reading of the mouse: the wheel moves, a left press clicks what is hit.
    func testMouseIntent() {
        let at = Point(x: 3, y: 4)
        let hit: (Point) -> Point? = { $0 }
        let miss: (Point) -> Point? = { _ in nil }
        func intent(_ kind: MouseEvent.Kind, _ test: (Point) -> Point?) -> String {
            switch MouseEvent(kind: kind, position: at).intent(hitTest: test) {
            case .move(let rows)?: return "move \(rows)"
            case .click(let point)?: return "click \(point.x),\(point.y)"
            case nil: return "nil"
            }
        }
        XCTAssertEqual(intent(.wheelUp, miss), "move -1")
        XCTAssertEqual(intent(.wheelDown, miss), "move 1")
        XCTAssertEqual(intent(.press(.left), hit), "click 3,4")
        XCTAssertEqual(intent(.press(.left), miss), "nil")
        XCTAssertEqual(intent(.press(.right), hit), "nil")
        XCTAssertEqual(intent(.press(.middle), hit), "nil")
        XCTAssertEqual(intent(.release(.left), hit), "nil")
    }
}
