/// Storage that must be told when its view leaves the tree (a representable's controller).
@MainActor
protocol Dismantlable: AnyObject {
    func dismantle()
}

/// The live side of a view tree: state storage kept by view identity, the resolved layers
/// (root screen and presented sheets), focus, and what needs redoing.
///
/// Each resolve re-evaluates every `body` from the root, connecting `@State` properties to
/// storage found under the view's path; storage whose view did not appear is dropped.
@MainActor
final class ViewGraph {
    /// What views read through `@Environment`.
    var environment: EnvironmentValues
    /// The layers of the last resolve, bottom first; keys go to the last.
    private(set) var layers: [Layer] = []
    /// True when state changed since the last resolve.
    private(set) var needsResolve = true
    /// True when the screen must be composed again.
    private(set) var needsDraw = true

    /// Actions resolves found due (`onChange`), by the observing view's identity, for the host
    /// to run before it composes the next frame: effects of the updates since the last, run
    /// outside both body and draw, each once with the value it was found due with last.
    private var pendingActions: [(id: String, action: @MainActor () -> Void)] = []

    private var storage: [String: AnyObject] = [:]
    private var visited: Set<String> = []
    private var focus: [String: String] = [:]
    private var topFrames: [String: Rect] = [:]

    init(environment: EnvironmentValues) { self.environment = environment }

    /// State changed: re-evaluate bodies and redraw.
    func setNeedsResolve() {
        needsResolve = true
        needsDraw = true
    }

    /// Only the drawing changed (a controller's content, focus, size).
    func setNeedsDraw() { needsDraw = true }

    // MARK: Storage

    /// The object kept under `key`, made by `make` when there is none (or of another type).
    func storage<T: AnyObject>(for key: String, make: () -> T) -> T {
        if let existing = existingStorage(for: key) as? T { return existing }
        let made = make()
        store(made, for: key)
        return made
    }

    /// The object kept under `key`, marked as still in use.
    func existingStorage(for key: String) -> AnyObject? {
        visited.insert(key)
        return storage[key]
    }

    /// Keeps `object` under `key`.
    func store(_ object: AnyObject, for key: String) {
        visited.insert(key)
        storage[key] = object
    }

    // MARK: Resolve

    /// Re-evaluates the tree from `root` into layers: the root screen, then each presented
    /// sheet (a sheet presented from a sheet comes after it).
    func resolve(_ root: any View) {
        needsResolve = false
        needsDraw = true
        visited = []
        var resolved: [Layer] = []
        var queue = [PendingSheet(path: "root", title: nil, content: root)]
        while !queue.isEmpty {
            let pending = queue.removeFirst()
            let builder = LayerBuilder()
            let context = ResolveContext(graph: self, layer: builder, path: pending.path)
            let node = context.node(for: pending.content)
            resolved.append(Layer(id: pending.path, root: node, focusTargets: builder.focusTargets,
                                  keyHandlers: builder.keyHandlers, mouseHandlers: builder.mouseHandlers, title: pending.title,
                                  isSheet: !resolved.isEmpty))
            queue.append(contentsOf: builder.pendingSheets)
        }
        layers = resolved
        for (key, object) in storage where !visited.contains(key) {
            storage[key] = nil
            (object as? any Dismantlable)?.dismantle()
        }
        focus = focus.filter { layerID, _ in resolved.contains { $0.id == layerID } }
    }

    /// Keeps `action` to run before the next frame, instead of one the view at `id` asked
    /// for earlier (keys faster than frames: only the screen drawn is acted on).
    func schedule(_ action: @escaping @MainActor () -> Void, for id: String) {
        if let index = pendingActions.firstIndex(where: { $0.id == id }) {
            pendingActions[index].action = action
        } else {
            pendingActions.append((id, action))
        }
    }

    /// Runs the actions found due, in the order first asked; state they set is resolved next.
    func runPendingActions() {
        let actions = pendingActions
        pendingActions.removeAll()
        for pending in actions { pending.action() }
    }

    // MARK: Compose

    /// Draws every layer into a frame of `size`: each sheet in a bordered panel over the
    /// layers below, which are dimmed.
    func compose(size: Size) -> (buffer: ScreenBuffer, cursor: Point?) {
        needsDraw = false
        var context = DrawContext(buffer: ScreenBuffer(size: size))
        for layer in layers {
            var area = context.buffer.bounds
            if layer.isSheet {
                // Pictures cannot be dimmed, and the panel would cut through them: the layers
                // below show cells only while a sheet is up.
                context.buffer.removeImages()
                context.buffer.restyle(context.buffer.bounds, Dimming.dimmed)
                let panel = SheetGeometry.panel(in: area)
                context.buffer.fill(panel)
                BoxDrawing.draw(panel, title: layer.title, style: SheetGeometry.borderStyle, into: &context.buffer)
                area = panel.inset(by: 1)
            }
            context.focusedID = focusedTarget(in: layer)?.id
            context.frames = [:]
            context.cursor = nil
            layer.root.draw(in: area, context: &context)
            topFrames = context.frames
        }
        return (context.buffer, context.cursor)
    }

    // MARK: Events

    /// Routes an event to the top-most layer: the focused target first, then `.onKey`
    /// handlers (innermost first), then Tab / Shift-Tab / arrows move focus.
    /// Clicks focus and go to the target under the pointer; the wheel goes to the target under
    /// the pointer or else the focused one; what no target used goes to `.onMouse` handlers
    /// (innermost first), as keys go to `.onKey` ones. True when used.
    func route(_ event: Event) -> Bool {
        guard let layer = layers.last else { return false }
        switch event {
        case .key(let key):
            if let target = focusedTarget(in: layer), target.handle(event) { return true }
            for handler in layer.keyHandlers.reversed() where handler(key) { return true }
            switch key {
            case .tab, .down, .right: return moveFocus(in: layer, by: 1)
            case .backTab, .up, .left: return moveFocus(in: layer, by: -1)
            default: return false
            }
        case .mouse(let mouse):
            if routeToTarget(mouse, in: layer) { return true }
            for handler in layer.mouseHandlers.reversed() where handler(mouse) { return true }
            return false
        case .resize, .interrupt, .terminate, .hangup, .fatalSignal:
            return false
        }
    }

    /// A mouse report to a focus target: a click focuses and goes to the one under the pointer
    /// (none when there is none); the wheel scrolls what is under the pointer, else what has
    /// focus. True when the target used it.
    private func routeToTarget(_ mouse: MouseEvent, in layer: Layer) -> Bool {
        let hit = layer.focusTargets.last { topFrames[$0.id]?.contains(mouse.position) == true }
        switch mouse.kind {
        case .press, .release:
            guard let target = hit else { return false }
            if case .press = mouse.kind, focus[layer.id] != target.id {
                focus[layer.id] = target.id
                needsDraw = true
            }
            return target.handle(.mouse(mouse))
        case .wheelUp, .wheelDown:
            guard let target = hit ?? focusedTarget(in: layer) else { return false }
            return target.handle(.mouse(mouse))
        }
    }

    /// The focused target of the top-most layer's identity, for tests and hosts.
    var focusedID: String? { layers.last.flatMap { focusedTarget(in: $0)?.id } }

    private func focusedTarget(in layer: Layer) -> FocusTarget? {
        if let id = focus[layer.id], let target = layer.focusTargets.first(where: { $0.id == id }) { return target }
        return layer.focusTargets.first
    }

    private func moveFocus(in layer: Layer, by step: Int) -> Bool {
        let targets = layer.focusTargets
        guard targets.count > 1 else { return false }
        let current = focusedTarget(in: layer).flatMap { t in targets.firstIndex { $0.id == t.id } } ?? 0
        focus[layer.id] = targets[(current + step + targets.count) % targets.count].id
        needsDraw = true
        return true
    }
}
