/// Draws a hosted controller into the space it is given and remembers its frame.
struct ControllerNode: Node {
    let controller: any ViewController
    let id: String

    var flexibility: Flexibility { .both }

    func size(for proposal: Size) -> Size { proposal }

    func draw(in rect: Rect, context: inout DrawContext) {
        guard !rect.isEmpty else { return }
        controller.layout(in: rect)
        controller.draw(in: rect, of: &context.buffer)
        context.frames[id] = rect
        if context.focusedID == id { context.cursor = controller.cursorPosition }
    }

    /// Makes `controller` a focus target of the layer, wires its redraw requests to the
    /// graph, and returns its node.
    @MainActor
    static func attach(_ controller: any ViewController, in context: ResolveContext) -> [any Node] {
        let graph = context.graph
        controller.setNeedsDisplay = { [weak graph] in graph?.setNeedsDraw() }
        context.layer.focusTargets.append(FocusTarget(id: context.path) { event in controller.handle(event) })
        return [ControllerNode(controller: controller, id: context.path)]
    }
}

/// Hosts an existing controller instance directly (the run loop's `run(controller:)`).
struct ControllerView: View, PrimitiveView {
    let controller: any ViewController

    var body: Never { fatalError("ControllerView is primitive") }

    func makeNodes(in context: ResolveContext) -> [any Node] { ControllerNode.attach(controller, in: context) }
}
