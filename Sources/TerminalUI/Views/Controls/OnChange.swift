/// Content with an action run when a value derived from the state changes — SwiftUI's
/// `onChange(of:initial:_:)`. The way for a view to act on the world (ask for thumbnails,
/// start work) from its state without doing it while it is drawn: the value is compared as
/// the tree is re-evaluated after an update (a key, a change of state, a new terminal size),
/// and the host runs the action before it composes the next frame, once, with the latest
/// value (keys handled faster than frames are drawn act on the screen drawn, not on each
/// one skipped). A frame composed again without a change (a sheet drawn over the view, a
/// change elsewhere) runs nothing.
public struct ChangeObserving<Content: View, Value: Equatable>: View, PrimitiveView {
    let content: Content
    let value: Value
    let initial: Bool
    let action: @MainActor (Value) -> Void

    /// Primitive: no body.
    public var body: Never { fatalError("ChangeObserving is primitive") }

    func makeNodes(in context: ResolveContext) -> [any Node] {
        let seen = context.graph.storage(for: context.path) { SeenValue<Value>() }
        let isNew = seen.value.map { $0 != value } ?? initial
        seen.value = value
        if isNew {
            let (action, value) = (action, value)
            context.graph.schedule({ action(value) }, for: context.path)
        }
        return context.nodes(for: content)
    }
}

/// The value a `ChangeObserving` saw at the last evaluation, kept under its identity (and
/// dropped with it: a view that comes back sees its value anew).
@MainActor
final class SeenValue<Value> {
    var value: Value?
}

extension View {
    /// Runs `action` with `value` whenever it differs from the value at the last evaluation of
    /// this view, and with `initial`, also when the view first appears. The host runs it before
    /// it composes the next frame (with the latest value, once), never while drawing; state it
    /// sets is taken up before that frame is composed.
    public func onChange<Value: Equatable>(of value: Value, initial: Bool = false,
                                           _ action: @escaping @MainActor (Value) -> Void) -> ChangeObserving<Self, Value> {
        ChangeObserving(content: self, value: value, initial: initial, action: action)
    }
}
