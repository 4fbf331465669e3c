/// Content with a mouse handler, consulted when no focus target used a click or wheel turn.
public struct MouseHandling<Content: View>: View, PrimitiveView {
    let content: Content
    let handler: @MainActor (MouseEvent) -> Bool

    /// Primitive: no body.
    public var body: Never { fatalError("MouseHandling is primitive") }

    func makeNodes(in context: ResolveContext) -> [any Node] {
        context.layer.mouseHandlers.append(handler)
        return context.nodes(for: content)
    }
}

extension View {
    /// Calls `handler` for mouse reports no focus target of this view's layer used (a click
    /// beside the buttons, the wheel over what no controller scrolls); it returns true when it
    /// used the report. Positions are the screen's cells. As with `onKey`, handlers of inner
    /// views are asked first, and only the top-most layer's are asked at all.
    public func onMouse(_ handler: @escaping @MainActor (MouseEvent) -> Bool) -> MouseHandling<Self> {
        MouseHandling(content: self, handler: handler)
    }
}
