import TerminalUI
import XCTest

/// Counts the calls a representable receives.
@MainActor
private final class CallLog {
    var makeCoordinator = 0
    var makeController = 0
    var updateController = 0
    var dismantle = 0
    var order: [String] = []
    var coordinators: [ObjectIdentifier] = []
    weak var controller: Blank?
}

@MainActor
private final class Blank: ViewController {
    var setNeedsDisplay: (@MainActor () -> Void)?
    var drawn = 0
    func draw(in region: Rect, of buffer: inout ScreenBuffer) {
        drawn += 1
        buffer.write("controller \(drawn)", at: Point(x: region.x, y: region.y), clip: region)
    }
    func handle(_ event: Event) -> Bool { false }
}

private struct Counted: ControllerRepresentable {
    let log: CallLog
    let value: Int

    func makeCoordinator() -> Coordinator {
        log.makeCoordinator += 1
        log.order.append("makeCoordinator")
        let coordinator = Coordinator()
        coordinator.log = log
        return coordinator
    }

    func makeController(context: Context) -> Blank {
        log.makeController += 1
        log.order.append("makeController")
        log.coordinators.append(ObjectIdentifier(context.coordinator))
        let controller = Blank()
        log.controller = controller
        return controller
    }

    func updateController(_ controller: Blank, context: Context) {
        log.updateController += 1
        log.order.append("update \(value)")
        log.coordinators.append(ObjectIdentifier(context.coordinator))
    }

    static func dismantleController(_ controller: Blank, coordinator: Coordinator) {
        coordinator.log?.dismantle += 1
    }

    @MainActor
    final class Coordinator {
        weak var log: CallLog?
    }
}

private struct Parent: View {
    let log: CallLog
    @State var value = 0
    @State var shown = true

    var body: some View {
        VStack {
            Text("value \(value)")
            if shown {
                Counted(log: log, value: value)
            }
        }
        .onKey { key in
            switch key {
            case .character("+"): value += 1
            case .character("h"): shown.toggle()
            default: return false
            }
            return true
        }
    }
}

@MainActor
final class RepresentableLifecycleTests: XCTestCase {
    func testCoordinatorFirstAndOnceControllerOnceUpdateOnEveryLaterPass() async {
        let log = CallLog()
        let host = ViewHost(Parent(log: log), backend: InMemoryBackend(size: Size(width: 20, height: 4)))
        host.render()
        XCTAssertEqual(log.order, ["makeCoordinator", "makeController"])
        for _ in 0..<3 {
            host.send(.key(.character("+")))
            host.render()
        }
        XCTAssertEqual(log.makeCoordinator, 1)
        XCTAssertEqual(log.makeController, 1)
        XCTAssertEqual(log.updateController, 3)
        XCTAssertEqual(log.order.suffix(3), ["update 1", "update 2", "update 3"])
        XCTAssertEqual(Set(log.coordinators).count, 1, "the same coordinator for the life of the view")
    }

    func testLeavingTheTreeDismantlesAndComingBackStartsAfresh() async {
        let log = CallLog()
        let host = ViewHost(Parent(log: log), backend: InMemoryBackend(size: Size(width: 20, height: 4)))
        host.render()
        let coordinator = log.coordinators[0]
        host.send(.key(.character("h")))
        host.render()
        XCTAssertEqual(log.dismantle, 1)
        host.send(.key(.character("h")))
        host.render()
        XCTAssertEqual(log.makeCoordinator, 2)
        XCTAssertEqual(log.makeController, 2)
        XCTAssertNotEqual(log.coordinators.last, coordinator)
    }

    func testSetNeedsDisplayRedrawsWithoutReevaluatingViews() async {
        let log = CallLog()
        let backend = InMemoryBackend(size: Size(width: 20, height: 4))
        let host = ViewHost(Parent(log: log), backend: backend)
        host.render()
        XCTAssertTrue(backend.text.contains("controller 1"))
        XCTAssertFalse(host.needsRender)
        log.controller?.setNeedsDisplay?()  // as a thumbnail arriving would
        XCTAssertTrue(host.needsRender)
        host.render()
        XCTAssertTrue(backend.text.contains("controller 2"))
        XCTAssertEqual(log.updateController, 0)
    }
}
