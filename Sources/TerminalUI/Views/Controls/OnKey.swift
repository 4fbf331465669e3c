/// Content with a key handler, consulted when the focused element did not use a key.
public struct KeyHandling<Content: View>: View, PrimitiveView {
    let content: Content
    let handler: @MainActor (Key) -> Bool

    /// Primitive: no body.
    public var body: Never { fatalError("KeyHandling is primitive") }

    func makeNodes(in context: ResolveContext) -> [any Node] {
        context.layer.keyHandlers.append(handler)
        return context.nodes(for: content)
    }
}

extension View {
    /// Calls `handler` for keys the focused element of this view's layer did not use;
    /// it returns true when it used the key. Handlers of inner views are asked first, and
    /// only the top-most layer's (a presented sheet's) handlers are asked at all.
    public func onKey(_ handler: @escaping @MainActor (Key) -> Bool) -> KeyHandling<Self> {
        KeyHandling(content: self, handler: handler)
    }
}
