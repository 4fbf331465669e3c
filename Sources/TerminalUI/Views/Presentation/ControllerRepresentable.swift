/// A view that hosts an imperative `ViewController` — the analog of SwiftUI's
/// `UIViewControllerRepresentable`.
///
/// While the view stays in the tree (same place, same type): `makeCoordinator()` is called
/// first and once, `makeController(context:)` once, and `updateController(_:context:)` each
/// later time the tree is re-evaluated (after any state change). The coordinator is kept
/// for the life of the view and reached through `context.coordinator`; when the view leaves
/// the tree (its sheet is dismissed) `dismantleController` is called and both are released.
/// The controller is focusable, fills the space it is offered, and gets the keys while focused.
@MainActor
public protocol ControllerRepresentable: View where Body == Never {
    /// The imperative controller hosted.
    associatedtype Controller: ViewController
    /// An object that carries the controller's callbacks back into the views (a delegate).
    associatedtype Coordinator = Void
    /// What `makeController` and `updateController` receive.
    typealias Context = ControllerRepresentableContext<Self>

    /// Makes the coordinator; called before `makeController`, once.
    func makeCoordinator() -> Coordinator
    /// Makes the controller; called once.
    func makeController(context: Context) -> Controller
    /// Brings the controller up to date with this view's current values.
    func updateController(_ controller: Controller, context: Context)
    /// Called when the view leaves the tree, before the controller is released.
    static func dismantleController(_ controller: Controller, coordinator: Coordinator)
}

extension ControllerRepresentable where Coordinator == Void {
    /// No coordinator.
    public func makeCoordinator() {}
}

extension ControllerRepresentable {
    /// Nothing to tear down by default.
    public static func dismantleController(_ controller: Controller, coordinator: Coordinator) {}

    /// Representables have no body; the controller draws.
    public var body: Never { fatalError("\(Self.self) hosts a controller and has no body") }

    func makeNodes(in context: ResolveContext) -> [any Node] {
        context.graph.installProperties(of: self, at: context.path)
        let environment = context.graph.environment
        let host: RepresentableHost<Self>
        if let existing = context.graph.existingStorage(for: context.path) as? RepresentableHost<Self> {
            host = existing
            updateController(host.controller, context: Context(coordinator: host.coordinator, environment: environment))
        } else {
            let coordinator = makeCoordinator()
            let controller = makeController(context: Context(coordinator: coordinator, environment: environment))
            host = RepresentableHost(controller: controller, coordinator: coordinator)
            context.graph.store(host, for: context.path)
        }
        return ControllerNode.attach(host.controller, in: context)
    }
}

/// What a representable's `makeController` and `updateController` receive.
@MainActor
public struct ControllerRepresentableContext<Representable: ControllerRepresentable> {
    /// The coordinator made by `makeCoordinator()`, the same for the life of the view.
    public let coordinator: Representable.Coordinator
    /// The host's environment (`stop`, colour depth).
    public let environment: EnvironmentValues
}

/// Keeps a representable's controller and coordinator alive between re-evaluations.
@MainActor
final class RepresentableHost<Representable: ControllerRepresentable>: Dismantlable {
    let controller: Representable.Controller
    let coordinator: Representable.Coordinator

    init(controller: Representable.Controller, coordinator: Representable.Coordinator) {
        self.controller = controller
        self.coordinator = coordinator
    }

    func dismantle() {
        controller.setNeedsDisplay = nil
        Representable.dismantleController(controller, coordinator: coordinator)
    }
}
