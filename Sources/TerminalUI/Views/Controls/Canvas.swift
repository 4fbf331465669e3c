/// A rectangle drawn by a closure: for content the other views cannot express, such as a
/// thumbnail's cells. It asks for `width` x `height` cells (nil: whatever it is offered)
/// and the closure gets the rectangle it was given and must not draw outside it.
public struct Canvas: View, PrimitiveView {
    let width: Int?
    let height: Int?
    let draw: @MainActor (Rect, inout ScreenBuffer) -> Void

    /// A canvas of a fixed or flexible size.
    public init(width: Int? = nil, height: Int? = nil, draw: @escaping @MainActor (Rect, inout ScreenBuffer) -> Void) {
        self.width = width
        self.height = height
        self.draw = draw
    }

    /// Primitive: no body.
    public var body: Never { fatalError("Canvas is primitive") }

    func makeNodes(in context: ResolveContext) -> [any Node] { [CanvasNode(width: width, height: height, paint: draw)] }
}

/// Calls a canvas's closure, clipped to its rectangle.
struct CanvasNode: Node {
    let width: Int?
    let height: Int?
    let paint: @MainActor (Rect, inout ScreenBuffer) -> Void

    var flexibility: Flexibility {
        var result: Flexibility = []
        if width == nil { result.insert(.horizontal) }
        if height == nil { result.insert(.vertical) }
        return result
    }

    func size(for proposal: Size) -> Size {
        Size(width: width ?? proposal.width, height: height ?? proposal.height).clamped(to: proposal)
    }

    func draw(in rect: Rect, context: inout DrawContext) {
        guard !rect.isEmpty else { return }
        paint(rect, &context.buffer)
    }
}
