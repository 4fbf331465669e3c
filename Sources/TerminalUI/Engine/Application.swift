/// The run loop on the main actor: draws the first frame, then waits for events, routes
/// them, and redraws only what changed, until the program stops or a signal event arrives.
///
/// Waiting: each turn polls `readEvent(timeout: pollInterval)` (20 ms by default) and queues
/// the next turn on the main actor, so other main-actor work — thumbnails arriving and calling
/// `setNeedsDisplay` — runs between polls and is drawn within one interval, without spinning. (The backend's
/// blocking read cannot be woken by main-actor work, so a short timeout is the simplest
/// correct choice.) After `idleAfter` with no event and nothing drawn, each wait lasts
/// `idleInterval` instead: an idle picker woke 50 times a second and used about 4.5 % of a
/// core doing nothing (fzf: 0.2 %); keys still end the wait at once, and work that finishes
/// later (a poster after a long ffmpeg run) is drawn within that longer interval.
/// Never calls `exit()`: the caller maps the outcome to a status.
@MainActor
public final class Application<Value: Sendable> {
    /// Where the interface is drawn and events come from.
    public let backend: any TerminalBackend
    /// How long one wait for an event lasts before other main-actor work gets a turn.
    public var pollInterval: Duration = .milliseconds(20)
    /// How long one wait lasts once the screen has been still for `idleAfter`.
    public var idleInterval: Duration = .milliseconds(200)
    /// How long without an event or a frame drawn before waits stretch to `idleInterval`.
    public var idleAfter: Duration = .seconds(1)
    /// When an event last came or a frame was last drawn.
    private var lastActivity = ContinuousClock.now

    private var host: ViewHost<Value>?
    private var pendingStop: Value?

    /// An application drawing on `backend` whose run stops with a `Value`.
    public init(backend: any TerminalBackend, stopsWith: Value.Type) { self.backend = backend }

    /// Runs `root` until it stops (`@Environment(\.stop)`, `stop(_:)`), or Ctrl-C / SIGTERM.
    public func run(_ root: some View) async -> RunOutcome<Value> {
        await run(host: ViewHost(root, backend: backend, stopsWith: Value.self))
    }

    /// Runs one controller filling the screen (pick mode's picker).
    public func run(controller: some ViewController) async -> RunOutcome<Value> {
        await run(host: ViewHost(controller: controller, backend: backend, stopsWith: Value.self))
    }

    /// Ends the current run with `value` once the event being handled is done; for code
    /// outside the views, such as a controller's delegate. Before `run`, the next run stops at once.
    public func stop(_ value: Value) {
        if let host { host.stop(value) } else { pendingStop = value }
    }

    private func run(host: ViewHost<Value>) async -> RunOutcome<Value> {
        self.host = host
        defer { self.host = nil }
        if let value = pendingStop {
            pendingStop = nil
            host.stop(value)
        }
        backend.invalidate()
        return await withCheckedContinuation { finished in turn(host, finished) }
    }

    /// One turn of the loop: draw what changed, wait for one event and route it; then the next
    /// turn is queued on the main actor behind the work already waiting there (thumbnails
    /// arriving, library changes), which so runs between events. Not a `while` loop with
    /// `await Task.yield()`: that resumes on the global executor, so from the main actor every
    /// turn went to a pool thread and back — thread wake-ups that each key waited for, and that
    /// can wait for a core while decoders hold both (seen with `perf` in the soak benchmark).
    private func turn(_ host: ViewHost<Value>, _ finished: CheckedContinuation<RunOutcome<Value>, Never>) {
        let now = ContinuousClock.now
        if host.needsRender || host.hasPendingOutput { lastActivity = now }
        host.render()
        if let outcome = host.outcome { return finished.resume(returning: outcome) }
        // A frame still going out in parts: look for a key without waiting, then send the next part.
        let wait = host.hasPendingOutput ? .zero : now - lastActivity > idleAfter ? idleInterval : pollInterval
        if let event = backend.readEvent(timeout: wait) {
            lastActivity = ContinuousClock.now
            host.send(event)
        }
        if let outcome = host.outcome { return finished.resume(returning: outcome) }
        Task { @MainActor in self.turn(host, finished) }
    }
}

extension Application where Value == StopValue {
    /// An application whose stops carry nothing.
    public convenience init(backend: any TerminalBackend) { self.init(backend: backend, stopsWith: StopValue.self) }
}
