/// A property wrapper of a view that the graph connects to its storage (`State`,
/// `Environment`) before the view's `body` is evaluated.
@MainActor
protocol ViewProperty {
    /// Connects the property to the graph; `key` is the view's identity plus the property name.
    func install(in graph: ViewGraph, key: String)
}

extension ViewGraph {
    /// Finds the view's `State` and `Environment` properties by reflection (as SwiftUI does)
    /// and connects each to its storage.
    func installProperties(of view: any View, at path: String) {
        for child in Mirror(reflecting: view).children {
            guard let property = child.value as? any ViewProperty else { continue }
            property.install(in: self, key: path + "#" + (child.label ?? "?"))
        }
    }
}
