/// Content given a fixed width and/or height (nil keeps the content's own).
public struct Frame<Content: View>: View, PrimitiveView {
    let content: Content
    let width: Int?
    let height: Int?

    /// Primitive: no body.
    public var body: Never { fatalError("Frame is primitive") }

    func makeNodes(in context: ResolveContext) -> [any Node] {
        [FrameNode(content: context.node(for: content), width: width, height: height)]
    }
}

extension View {
    /// This view in a fixed number of columns and/or rows.
    public func frame(width: Int? = nil, height: Int? = nil) -> Frame<Self> {
        Frame(content: self, width: width, height: height)
    }
}

/// Gives its content a fixed size on the axes that have one.
struct FrameNode: Node {
    let content: any Node
    let width: Int?
    let height: Int?

    var flexibility: Flexibility {
        var result = content.flexibility
        if width != nil { result.remove(.horizontal) }
        if height != nil { result.remove(.vertical) }
        return result
    }

    func size(for proposal: Size) -> Size {
        let offered = Size(width: width ?? proposal.width, height: height ?? proposal.height).clamped(to: proposal)
        let inner = content.size(for: offered)
        return Size(width: width ?? inner.width, height: height ?? inner.height).clamped(to: proposal)
    }

    func draw(in rect: Rect, context: inout DrawContext) {
        content.draw(in: rect, context: &context)
    }
}
