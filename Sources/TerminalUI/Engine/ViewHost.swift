/// Runs a view tree against a backend, one step at a time: `send` an event, `render` a
/// frame. The run loop (`Application`) is this plus waiting for events; tests use it
/// directly, update-then-view, with an `InMemoryBackend`.
///
/// A frame is: resolve the views if state changed, compose every layer into a buffer, map
/// its colours to the backend's depth, and send the backend only the cells that differ from
/// the previous frame, then the cursor, then flush.
@MainActor
public final class ViewHost<Value: Sendable> {
    /// Where frames go.
    public let backend: any TerminalBackend
    /// Set once the program asked to stop or a signal event arrived.
    public private(set) var outcome: RunOutcome<Value>?
    /// The last frame sent (colours already mapped).
    public private(set) var frame: ScreenBuffer

    private let root: any View
    private let graph: ViewGraph
    private var previous: ScreenBuffer?
    private var mapper: ColorMapper

    /// Hosts a view tree whose stops carry a `Value`.
    public init(_ root: some View, backend: any TerminalBackend, stopsWith: Value.Type) {
        self.root = root
        self.backend = backend
        frame = ScreenBuffer(size: backend.size)
        mapper = ColorMapper(depth: backend.colorDepth)
        graph = ViewGraph(environment: EnvironmentValues())
        graph.environment = EnvironmentValues(stop: StopAction { [weak self] in self?.stop(erased: $0) },
                                              colorDepth: backend.colorDepth)
    }

    /// Hosts one controller filling the screen (pick mode runs the picker this way).
    public convenience init(controller: some ViewController, backend: any TerminalBackend, stopsWith: Value.Type) {
        self.init(ControllerView(controller: controller), backend: backend, stopsWith: stopsWith)
    }

    /// What views see through `@Environment`.
    public var environment: EnvironmentValues { graph.environment }

    /// Asks the loop to stop with `value` (the first request wins).
    public func stop(_ value: Value) {
        if outcome == nil { outcome = .stopped(value) }
    }

    /// A stop from a view (`@Environment(\.stop)` is untyped): a value of the wrong type is a
    /// programming error, caught here rather than read later as "nothing".
    private func stop(erased value: any Sendable) {
        guard let typed = value as? Value else {
            preconditionFailure("stopped with a \(type(of: value)); this run stops with a \(Value.self)")
        }
        stop(typed)
    }

    /// True when something changed since the last frame.
    public var needsRender: Bool { graph.needsResolve || graph.needsDraw || previous?.size != backend.size }

    /// Identity of the focused element of the top-most layer (for tests).
    public var focusedID: String? {
        resolveIfNeeded()
        return graph.focusedID
    }

    /// Handles one event: interrupt and terminate end the run, a resize forces a full
    /// redraw, keys and mouse go to the top-most layer. Returns true when the event was used.
    @discardableResult
    public func send(_ event: Event) -> Bool {
        switch event {
        case .interrupt:
            if outcome == nil { outcome = .interrupted }
            return true
        case .terminate:
            if outcome == nil { outcome = .terminated }
            return true
        case .hangup:
            if outcome == nil { outcome = .hungUp }
            return true
        case .resize:
            backend.invalidate()
            previous = nil
            graph.setNeedsDraw()
            return true
        case .key, .mouse:
            resolveIfNeeded()
            let used = graph.route(event)
            if used { graph.setNeedsDraw() }
            return used
        }
    }

    /// Draws a frame if anything changed and returns it.
    @discardableResult
    public func render() -> ScreenBuffer {
        resolveIfNeeded()
        guard needsRender else { return frame }
        if mapper.depth != backend.colorDepth { mapper = ColorMapper(depth: backend.colorDepth) }
        var (buffer, cursor) = graph.compose(size: backend.size)
        mapper.map(&buffer)
        let updates = buffer.diff(from: previous)
        if !updates.isEmpty { backend.draw(updates) }
        backend.drawImages(buffer.images)
        backend.setCursor(cursor)
        backend.flush()
        previous = buffer
        frame = buffer
        return buffer
    }

    /// Re-evaluates the views while state is changing (a body or `updateController` that
    /// sets state settles within a few passes; beyond that the next frame catches up).
    private func resolveIfNeeded() {
        var passes = 0
        while graph.needsResolve && passes < 3 {
            graph.resolve(root)
            passes += 1
        }
    }
}

extension ViewHost where Value == StopValue {
    /// Hosts a view tree whose stops carry nothing.
    public convenience init(_ root: some View, backend: any TerminalBackend) {
        self.init(root, backend: backend, stopsWith: StopValue.self)
    }
}
