/// Runs a view tree against a backend, one step at a time: `send` an event, `render` a
/// frame. The run loop (`Application`) is this plus waiting for events; tests use it
/// directly, update-then-view, with an `InMemoryBackend`.
///
/// A frame is: resolve the views if state changed (then run the `onChange` actions due),
/// compose every layer into a buffer, map its colours to the backend's depth, and send the
/// backend only the cells that differ from what the terminal shows, then the cursor, then flush. A frame larger than the backend's
/// `outputBudget` goes out in parts, one per `render` (see `FrameChunks`): `hasPendingOutput`
/// tells the loop to come back at once, and a key handled meanwhile composes a newer frame
/// that replaces the rest.
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
    /// What the terminal shows (nil after a resize or `invalidate`: cleared, drawn whole next).
    private var onScreen: ScreenBuffer?
    /// The frame being sent, its cursor, the cells it changes and how many of them are sent.
    private var sending: (target: ScreenBuffer, cursor: Point?, updates: [CellUpdate], sent: Int)?
    /// A key or mouse event was used since the last compose: a frame half sent gives way to a
    /// newer one at once for input, but finishes first when only background work (a thumbnail
    /// arriving) changed the state, or every arrival would restart a full-screen frame.
    private var inputSinceCompose = false
    private var mapper: ColorMapper

    /// Hosts a view tree whose stops carry a `Value`.
    public init(_ root: some View, backend: any TerminalBackend, stopsWith: Value.Type) {
        self.root = root
        self.backend = backend
        frame = ScreenBuffer(size: backend.size)
        mapper = ColorMapper(depth: backend.colorDepth)
        graph = ViewGraph(environment: EnvironmentValues())
        graph.environment = EnvironmentValues(stop: StopAction { [weak self] in self?.stop(erased: $0) },
                                              colorDepth: backend.colorDepth, size: backend.size)
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
    public var needsRender: Bool {
        graph.needsResolve || graph.needsDraw || (sending?.target ?? onScreen)?.size != backend.size
    }

    /// True while part of the last frame is still to be sent: call `render` again soon.
    public var hasPendingOutput: Bool { sending != nil }

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
        case .fatalSignal(let signo):
            if outcome == nil { outcome = .killed(signal: signo) }
            return true
        case .resize:
            backend.invalidate()
            onScreen = nil
            sending = nil
            graph.setNeedsDraw()
            return true
        case .key, .mouse:
            resolveIfNeeded()
            let used = graph.route(event)
            if used {
                graph.setNeedsDraw()
                inputSinceCompose = true
            }
            return used
        }
    }

    /// Draws a frame if anything changed (or the next part of one being sent) and returns
    /// the newest frame composed.
    @discardableResult
    public func render() -> ScreenBuffer {
        resolveIfNeeded(runningActions: true)
        if needsRender && (sending == nil || inputSinceCompose) {
            inputSinceCompose = false
            if mapper.depth != backend.colorDepth { mapper = ColorMapper(depth: backend.colorDepth) }
            var (buffer, cursor) = graph.compose(size: backend.size)
            mapper.map(&buffer)
            frame = buffer
            // Against what the terminal shows, which holds the parts of an older frame already sent.
            sending = (buffer, cursor, buffer.diff(from: onScreen), 0)
        }
        guard var part = sending else { return frame }
        let end = FrameChunks.end(of: part.updates, from: part.sent, budget: backend.outputBudget)
        if end > part.sent { backend.draw(Array(part.updates[part.sent..<end])) }
        if end == part.updates.count {
            backend.drawImages(part.target.images)
            onScreen = part.target
            sending = nil
        } else {
            // The rows sent now show the target's cells; the rest still show the older ones
            // (or blanks, on a screen cleared since). `onScreen` lets go of its cells first, so
            // that they are held once and the rows are copied in place: held twice, each part
            // copied (and then freed) every cell of the screen, 12,000 at 200x60.
            var shown = onScreen.flatMap { $0.size == part.target.size ? $0 : nil } ?? ScreenBuffer(size: part.target.size)
            onScreen = nil
            shown.copyRows(part.updates[part.sent].position.y..<part.updates[end].position.y, from: part.target)
            onScreen = shown
            part.sent = end
            sending = part
        }
        backend.setCursor(part.cursor)
        backend.flush()
        return frame
    }

    /// Re-evaluates the views while state is changing (a body, `updateController` or
    /// `onChange` action that sets state settles within a few passes; beyond that the next
    /// frame catches up). Before a frame (`runningActions`), the `onChange` actions found due
    /// since the last run, those of the events handled meanwhile too, each once.
    private func resolveIfNeeded(runningActions: Bool = false) {
        // Views may read the size (`EnvironmentValues.size`): a new one is a change of state.
        if graph.environment.size != backend.size {
            graph.environment.size = backend.size
            graph.setNeedsResolve()
        }
        if runningActions { graph.runPendingActions() }
        var passes = 0
        while graph.needsResolve && passes < 3 {
            graph.resolve(root)
            if runningActions { graph.runPendingActions() }
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
