/// Builds view content from a list of statements, as SwiftUI's `@ViewBuilder` does.
///
/// Every statement becomes one element of a `ViewList`, and each element keeps its index as
/// its identity even when it is an `if` that produced nothing, so the state of later
/// siblings is not shuffled when a condition changes.
@MainActor
@resultBuilder
public enum ViewBuilder {
    /// One view statement.
    public static func buildExpression(_ view: some View) -> ViewList { ViewList([view]) }
    /// A sequence of statements.
    public static func buildBlock(_ parts: ViewList...) -> ViewList {
        parts.count == 1 ? parts[0] : ViewList(parts)
    }
    /// A primitive view's body (`fatalError()`): stays `Never`.
    public static func buildExpression(_ never: Never) -> Never {}
    /// A primitive view's body: stays `Never`.
    public static func buildBlock(_ never: Never) -> Never {}
    /// An `if` without `else`.
    public static func buildOptional(_ part: ViewList?) -> ViewList { part ?? ViewList([]) }
    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first: ViewList) -> ViewList { ViewList([first], branch: "T") }
    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second: ViewList) -> ViewList { ViewList([second], branch: "F") }
    /// A `for` loop.
    public static func buildArray(_ parts: [ViewList]) -> ViewList { ViewList(parts) }
    /// `if #available`.
    public static func buildLimitedAvailability(_ part: ViewList) -> ViewList { part }
}

/// An ordered group of views, laid out by the enclosing stack (or one above another).
public struct ViewList: View, PrimitiveView {
    let elements: [any View]
    let branch: String

    /// A group of the given views.
    public init(_ elements: [any View]) { self.init(elements, branch: "") }

    /// A group; `branch` tells apart the two sides of an `if`/`else` so they do not share state.
    init(_ elements: [any View], branch: String) {
        self.elements = elements
        self.branch = branch
    }

    /// Primitive: no body.
    public var body: Never { fatalError("ViewList is primitive") }

    func makeNodes(in context: ResolveContext) -> [any Node] {
        elements.enumerated().flatMap { index, element in
            context.child("\(branch)\(index)").nodes(for: element)
        }
    }
}
