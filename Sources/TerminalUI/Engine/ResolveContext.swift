/// Where in the tree a view is being resolved: its identity (`path`), the graph holding
/// state, and the layer (screen or sheet) collecting focus targets and key handlers.
@MainActor
struct ResolveContext {
    let graph: ViewGraph
    let layer: LayerBuilder
    let path: String

    /// The context of a child, identified by `component` under this one.
    func child(_ component: String) -> ResolveContext {
        ResolveContext(graph: graph, layer: layer, path: path + "/" + component)
    }

    /// Resolves a view into nodes: primitives directly, compositions through their
    /// `body` after their state is connected.
    func nodes(for view: any View) -> [any Node] {
        let here = child(Self.name(of: view))
        if let primitive = view as? any PrimitiveView { return primitive.makeNodes(in: here) }
        if let representable = view as? any ControllerRepresentable { return representable.makeNodes(in: here) }
        graph.installProperties(of: view, at: here.path)
        return here.nodes(for: view.body)
    }

    /// Resolves a view into one node, stacking several vertically.
    func node(for view: any View) -> any Node {
        let nodes = nodes(for: view)
        return nodes.count == 1 ? nodes[0] : StackNode(axis: .vertical, spacing: 0, alignment: .leading, children: nodes)
    }

    /// The type's name without generic arguments: short, readable identities.
    private static func name(of view: any View) -> String {
        let full = String(describing: type(of: view))
        return full.firstIndex(of: "<").map { String(full[..<$0]) } ?? full
    }
}
