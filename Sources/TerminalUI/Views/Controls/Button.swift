/// A focusable push button drawn as `[ Title ]`; Enter, Space or a click runs its action.
/// The focused button is drawn in reverse video.
public struct Button: View, PrimitiveView {
    let title: String
    let action: @MainActor () -> Void

    /// A button with a title and the action it runs.
    public init(_ title: String, action: @escaping @MainActor () -> Void) {
        self.title = SafeText.terminalSafe(title, charset: .unicode)
        self.action = action
    }

    /// Primitive: no body.
    public var body: Never { fatalError("Button is primitive") }

    func makeNodes(in context: ResolveContext) -> [any Node] {
        let action = self.action
        context.layer.focusTargets.append(FocusTarget(id: context.path) { event in
            guard Self.activates(event) else { return false }
            action()
            return true
        })
        return [ButtonNode(label: "[ \(title) ]", id: context.path)]
    }

    /// Enter, Space and a left click press a button.
    static func activates(_ event: Event) -> Bool {
        switch event {
        case .key(.enter), .key(.character(" ")): return true
        case .mouse(let mouse): return mouse.kind == .press(.left)
        default: return false
        }
    }
}

/// Draws a button's label, reversed when focused.
struct ButtonNode: Node {
    let label: String
    let id: String

    var flexibility: Flexibility { [] }

    func size(for proposal: Size) -> Size {
        Size(width: DisplayWidth.of(label), height: 1).clamped(to: proposal)
    }

    func draw(in rect: Rect, context: inout DrawContext) {
        let focused = context.focusedID == id
        let style = Style(attributes: focused ? [.reverse, .bold] : [])
        context.buffer.write(TextFitting.truncate(label, to: rect.width), at: Point(x: rect.x, y: rect.y), style: style, clip: rect)
        context.frames[id] = Rect(x: rect.x, y: rect.y, width: min(rect.width, DisplayWidth.of(label)), height: min(1, rect.height))
    }
}
