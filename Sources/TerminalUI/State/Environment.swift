/// Values the host provides to every view and representable: how to stop the program and
/// what the terminal can show.
@MainActor
public struct EnvironmentValues {
    /// Ends the run loop with a value (the app's `q`, the picker's finish).
    public var stop: StopAction
    /// The colour depth of the backend being drawn on.
    public var colorDepth: ColorDepth
    /// The terminal's size in cells, for a view that chooses what to show by it (the app's
    /// row of keys drops hints to keep `q quit`); bodies are evaluated again when it changes.
    public var size: Size

    /// Defaults for a view not hosted anywhere: `stop` does nothing, and the size is 80x24.
    public init(stop: StopAction = StopAction { _ in }, colorDepth: ColorDepth = .trueColor, size: Size = Size(width: 80, height: 24)) {
        self.stop = stop
        self.colorDepth = colorDepth
        self.size = size
    }
}

/// Ends the run loop: `stop(value)` makes `Application.run` return `.stopped(value)`.
/// The loop finishes the current event first, then returns.
@MainActor
public struct StopAction {
    private let perform: @MainActor (any Sendable) -> Void

    /// An action calling `perform` with the value passed to it.
    public init(_ perform: @escaping @MainActor (any Sendable) -> Void) { self.perform = perform }

    /// Asks the run loop to stop with `value`.
    public func callAsFunction(_ value: any Sendable = StopValue.none) { perform(value) }
}

/// The value of a stop that carries nothing in particular.
public enum StopValue: Sendable, Equatable {
    /// No value.
    case none
}

/// Reads a value from the host's environment: `@Environment(\.stop) var stop`.
@MainActor
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    private let location = EnvironmentLocation()

    /// Reads the value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    /// The value (the defaults when the view is not hosted).
    public var wrappedValue: Value { location.values[keyPath: keyPath] }
}

extension Environment: ViewProperty {
    func install(in graph: ViewGraph, key: String) { location.values = graph.environment }
}

/// The environment an `Environment` property was installed with.
@MainActor
final class EnvironmentLocation {
    var values = EnvironmentValues()
}
