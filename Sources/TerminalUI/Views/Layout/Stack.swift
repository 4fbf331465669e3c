/// Horizontal placement of children narrower than a vertical stack.
public enum HorizontalAlignment: Sendable {
    /// Left edges together (the default: terminal text reads from the left).
    case leading
    /// Centred.
    case center
    /// Right edges together.
    case trailing
}

/// Children one above another. Fixed-size children get their natural height; children that
/// fill vertically (`Spacer`, controllers, borders around them) share what is left.
public struct VStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment
    let spacing: Int
    let content: Content

    /// A vertical stack; `spacing` blank rows between children.
    public init(alignment: HorizontalAlignment = .leading, spacing: Int = 0, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// Primitive: no body.
    public var body: Never { fatalError("VStack is primitive") }

    func makeNodes(in context: ResolveContext) -> [any Node] {
        [StackNode(axis: .vertical, spacing: spacing, alignment: alignment, children: context.nodes(for: content))]
    }
}

/// Children side by side, top-aligned, one column apart unless told otherwise.
public struct HStack<Content: View>: View, PrimitiveView {
    let spacing: Int
    let content: Content

    /// A horizontal stack; `spacing` blank columns between children.
    public init(spacing: Int = 1, @ViewBuilder content: () -> Content) {
        self.spacing = spacing
        self.content = content()
    }

    /// Primitive: no body.
    public var body: Never { fatalError("HStack is primitive") }

    func makeNodes(in context: ResolveContext) -> [any Node] {
        [StackNode(axis: .horizontal, spacing: spacing, alignment: .leading, children: context.nodes(for: content))]
    }
}

/// Blank space that grows along its stack's axis.
public struct Spacer: View, PrimitiveView {
    /// A spacer.
    public init() {}

    /// Primitive: no body.
    public var body: Never { fatalError("Spacer is primitive") }

    func makeNodes(in context: ResolveContext) -> [any Node] { [SpacerNode()] }
}

/// Takes any space, draws nothing.
struct SpacerNode: Node {
    var flexibility: Flexibility { .both }
    func size(for proposal: Size) -> Size { Size(width: 0, height: 0) }
    func draw(in rect: Rect, context: inout DrawContext) {}
}

/// Lays children out along an axis.
struct StackNode: Node {
    enum Axis { case horizontal, vertical }

    let axis: Axis
    let spacing: Int
    let alignment: HorizontalAlignment
    let children: [any Node]

    private var mainFlex: Flexibility { axis == .vertical ? .vertical : .horizontal }
    private var crossFlex: Flexibility { axis == .vertical ? .horizontal : .vertical }

    var flexibility: Flexibility {
        var result: Flexibility = []
        if children.contains(where: { $0.flexibility.contains(mainFlex) }) { result.formUnion(mainFlex) }
        if children.contains(where: { !($0 is SpacerNode) && $0.flexibility.contains(crossFlex) }) {
            result.formUnion(crossFlex)
        }
        return result
    }

    func size(for proposal: Size) -> Size {
        let sizes = layout(in: proposal)
        let mainTotal = sizes.reduce(0) { $0 + main($1) } + spacing * max(0, children.count - 1)
        let crossMax = flexibility.contains(crossFlex) ? cross(proposal) : (sizes.map(cross).max() ?? 0)
        return make(main: mainTotal, cross: crossMax).clamped(to: proposal)
    }

    func draw(in rect: Rect, context: inout DrawContext) {
        let sizes = layout(in: rect.size)
        var offset = 0
        for (child, size) in zip(children, sizes) {
            let crossSize = child.flexibility.contains(crossFlex) ? cross(rect.size) : cross(size)
            let free = cross(rect.size) - crossSize
            let crossOffset = alignment == .center ? free / 2 : alignment == .trailing ? free : 0
            let childRect = axis == .vertical
                ? Rect(x: rect.x + crossOffset, y: rect.y + offset, width: crossSize, height: size.height)
                : Rect(x: rect.x + offset, y: rect.y, width: size.width, height: crossSize)
            child.draw(in: childRect.intersection(rect), context: &context)
            offset += main(size) + spacing
        }
    }

    /// Each child's size: fixed children in order get what they ask for out of what is
    /// left; flexible ones then share the rest evenly (earlier ones get the odd cells).
    private func layout(in available: Size) -> [Size] {
        var remaining = main(available) - spacing * max(0, children.count - 1)
        var sizes = Array(repeating: Size(width: 0, height: 0), count: children.count)
        var flexible: [Int] = []
        for (index, child) in children.enumerated() {
            if child.flexibility.contains(mainFlex) { flexible.append(index); continue }
            let size = child.size(for: make(main: max(0, remaining), cross: cross(available)))
            sizes[index] = size
            remaining -= main(size)
        }
        let share = flexible.isEmpty ? 0 : max(0, remaining) / flexible.count
        let extra = flexible.isEmpty ? 0 : max(0, remaining) % flexible.count
        for (rank, index) in flexible.enumerated() {
            let length = share + (rank < extra ? 1 : 0)
            let size = children[index].size(for: make(main: length, cross: cross(available)))
            sizes[index] = make(main: length, cross: cross(size))
        }
        return sizes
    }

    private func main(_ size: Size) -> Int { axis == .vertical ? size.height : size.width }
    private func cross(_ size: Size) -> Int { axis == .vertical ? size.width : size.height }
    private func make(main: Int, cross: Int) -> Size {
        axis == .vertical ? Size(width: cross, height: main) : Size(width: main, height: cross)
    }
}
