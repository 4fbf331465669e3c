/// How many columns a grid has for a given width.
public enum GridColumns: Hashable, Sendable {
    /// Always this many columns.
    case fixed(Int)
    /// As many columns of at least `minimumWidth` as fit, between 1 and `maximum`:
    /// a grid that reflows when the terminal narrows.
    case adaptive(minimumWidth: Int, maximum: Int = .max)

    /// The column count for `width` columns with `spacing` between grid columns.
    public func count(for width: Int, spacing: Int) -> Int {
        switch self {
        case .fixed(let count):
            return max(1, count)
        case .adaptive(let minimumWidth, let maximum):
            let fit = (width + spacing) / max(1, minimumWidth + spacing)
            return max(1, min(maximum, fit))
        }
    }
}

/// Children in rows of equal-width columns, filled left to right, top to bottom. Each row
/// is as tall as its tallest child; the grid takes the full width it is offered.
public struct Grid<Content: View>: View, PrimitiveView {
    let columns: GridColumns
    let spacing: Int
    let rowSpacing: Int
    let content: Content

    /// A grid; `spacing` blank columns between grid columns, `rowSpacing` blank rows between rows.
    public init(columns: GridColumns, spacing: Int = 1, rowSpacing: Int = 0, @ViewBuilder content: () -> Content) {
        self.columns = columns
        self.spacing = spacing
        self.rowSpacing = rowSpacing
        self.content = content()
    }

    /// Primitive: no body.
    public var body: Never { fatalError("Grid is primitive") }

    func makeNodes(in context: ResolveContext) -> [any Node] {
        [GridNode(columns: columns, spacing: spacing, rowSpacing: rowSpacing, children: context.nodes(for: content))]
    }
}

/// Lays children out in a grid.
struct GridNode: Node {
    let columns: GridColumns
    let spacing: Int
    let rowSpacing: Int
    let children: [any Node]

    var flexibility: Flexibility { .horizontal }

    func size(for proposal: Size) -> Size {
        let rows = layout(width: proposal.width, height: proposal.height)
        let height = rows.reduce(0) { $0 + $1.height } + rowSpacing * max(0, rows.count - 1)
        return Size(width: proposal.width, height: height).clamped(to: proposal)
    }

    func draw(in rect: Rect, context: inout DrawContext) {
        let count = columns.count(for: rect.width, spacing: spacing)
        let columnWidth = Self.columnWidth(for: rect.width, count: count, spacing: spacing)
        var y = rect.y
        for row in layout(width: rect.width, height: rect.height) {
            for (column, child) in row.children.enumerated() {
                let cell = Rect(x: rect.x + column * (columnWidth + spacing), y: y, width: columnWidth, height: row.height)
                child.draw(in: cell.intersection(rect), context: &context)
            }
            y += row.height + rowSpacing
            if y >= rect.maxY { break }
        }
    }

    private struct Row {
        let children: [any Node]
        let height: Int
    }

    private func layout(width: Int, height: Int) -> [Row] {
        let count = columns.count(for: width, spacing: spacing)
        let columnWidth = Self.columnWidth(for: width, count: count, spacing: spacing)
        return stride(from: 0, to: children.count, by: count).map { start in
            let members = Array(children[start..<min(start + count, children.count)])
            let tallest = members.map { $0.size(for: Size(width: columnWidth, height: height)).height }.max() ?? 0
            return Row(children: members, height: tallest)
        }
    }

    private static func columnWidth(for width: Int, count: Int, spacing: Int) -> Int {
        max(0, (width - spacing * (count - 1)) / count)
    }
}
