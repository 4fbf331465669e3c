/// Content with blank cells around it.
public struct Padding<Content: View>: View, PrimitiveView {
    let content: Content
    let top: Int, left: Int, bottom: Int, right: Int

    /// Primitive: no body.
    public var body: Never { fatalError("Padding is primitive") }

    func makeNodes(in context: ResolveContext) -> [any Node] {
        [PaddingNode(content: context.node(for: content), top: top, left: left, bottom: bottom, right: right)]
    }
}

extension View {
    /// This view with `amount` blank cells on every side.
    public func padding(_ amount: Int = 1) -> Padding<Self> {
        Padding(content: self, top: amount, left: amount, bottom: amount, right: amount)
    }

    /// This view with blank columns left and right and blank rows above and below.
    public func padding(horizontal: Int = 0, vertical: Int = 0) -> Padding<Self> {
        Padding(content: self, top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }
}

/// Insets its content.
struct PaddingNode: Node {
    let content: any Node
    let top: Int, left: Int, bottom: Int, right: Int

    var flexibility: Flexibility { content.flexibility }

    func size(for proposal: Size) -> Size {
        let inner = content.size(for: Size(width: max(0, proposal.width - left - right),
                                           height: max(0, proposal.height - top - bottom)))
        return Size(width: inner.width + left + right, height: inner.height + top + bottom).clamped(to: proposal)
    }

    func draw(in rect: Rect, context: inout DrawContext) {
        content.draw(in: rect.inset(top: top, left: left, bottom: bottom, right: right), context: &context)
    }
}
