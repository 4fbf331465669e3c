/// Content inside a single-line box, with an optional title in the top edge.
public struct Border<Content: View>: View, PrimitiveView {
    let title: String?
    let style: Style
    let content: Content

    /// A box around `content`.
    public init(title: String? = nil, style: Style = .plain, @ViewBuilder content: () -> Content) {
        self.title = title
        self.style = style
        self.content = content()
    }

    init(title: String?, style: Style, wrapping content: Content) {
        self.title = title
        self.style = style
        self.content = content
    }

    /// Primitive: no body.
    public var body: Never { fatalError("Border is primitive") }

    func makeNodes(in context: ResolveContext) -> [any Node] {
        [BorderNode(title: title, style: style, content: context.node(for: content))]
    }
}

extension View {
    /// This view inside a box with an optional title.
    public func border(title: String? = nil, style: Style = .plain) -> Border<Self> {
        Border(title: title, style: style, wrapping: self)
    }
}

/// Draws a box and its content one cell inside.
struct BorderNode: Node {
    let title: String?
    let style: Style
    let content: any Node

    var flexibility: Flexibility { content.flexibility }

    func size(for proposal: Size) -> Size {
        let inner = content.size(for: Size(width: max(0, proposal.width - 2), height: max(0, proposal.height - 2)))
        let titleWidth = title.map { DisplayWidth.of($0) + 6 } ?? 0
        return Size(width: max(inner.width + 2, titleWidth), height: inner.height + 2).clamped(to: proposal)
    }

    func draw(in rect: Rect, context: inout DrawContext) {
        BoxDrawing.draw(rect, title: title, style: style, into: &context.buffer)
        content.draw(in: rect.inset(by: 1), context: &context)
    }
}
