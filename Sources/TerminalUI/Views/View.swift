/// A piece of user interface described as a value: either a primitive (`Text`, `VStack`, …)
/// or a composition whose `body` is made of other views. Bodies are re-evaluated whenever
/// state changes; `@State` storage survives re-evaluation (see `ViewGraph`).
@MainActor
public protocol View {
    /// The type of view this one is made of.
    associatedtype Body: View
    /// What this view is made of.
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    /// Primitive views have no body.
    public var body: Never { fatalError("Never has no body") }
}

/// A view the layer draws itself rather than through a `body`: it turns into layout nodes.
@MainActor
protocol PrimitiveView {
    /// The nodes this view lays out as, resolved in `context` (which carries its identity).
    func makeNodes(in context: ResolveContext) -> [any Node]
}
