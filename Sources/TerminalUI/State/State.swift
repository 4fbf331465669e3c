/// A value owned by a view that survives re-evaluation of its `body`; changing it
/// re-evaluates the views and redraws.
///
/// The wrapper holds a small reference (`StateLocation`) so that copies of the view share it;
/// before `body` runs the graph points that location at storage kept under the view's identity.
/// Storage is dropped when the view leaves the tree (a dismissed sheet starts afresh).
@MainActor
@propertyWrapper
public struct State<Value> {
    let location: StateLocation<Value>

    /// State starting at `wrappedValue`.
    public init(wrappedValue: Value) { location = StateLocation(initial: wrappedValue) }

    /// The current value.
    public var wrappedValue: Value {
        get { location.value }
        nonmutating set { location.value = newValue }
    }

    /// A binding to the value, to pass to a child view (`$name`).
    public var projectedValue: Binding<Value> {
        let location = self.location
        return Binding(get: { location.value }, set: { location.value = $0 })
    }
}

extension State: ViewProperty {
    func install(in graph: ViewGraph, key: String) {
        let initial = location.value
        location.box = graph.storage(for: key) { StateBox(value: initial, graph: graph) }
    }
}

/// Where one `State` property of one view instance reads and writes: the graph's box once
/// installed, a local value before (a view used outside any host).
@MainActor
final class StateLocation<Value> {
    var box: StateBox<Value>?
    private var local: Value

    init(initial: Value) { local = initial }

    var value: Value {
        get { box?.value ?? local }
        set {
            if let box { box.set(newValue) } else { local = newValue }
        }
    }
}

/// The storage of one state value in the graph.
@MainActor
final class StateBox<Value> {
    private(set) var value: Value
    private weak var graph: ViewGraph?

    init(value: Value, graph: ViewGraph) {
        self.value = value
        self.graph = graph
    }

    func set(_ newValue: Value) {
        value = newValue
        graph?.setNeedsResolve()
    }
}
