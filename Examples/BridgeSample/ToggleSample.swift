import TerminalUI

/// The classic `UIViewControllerRepresentable` sample, in the terminal: an imperative push
/// button hosted through `ControllerRepresentable`, whose coordinator flips the label the
/// parent view shows between "Default" and "Change" on each press.
struct ToggleSample: View {
    @State private var label = "Default"
    @Environment(\.stop) private var stop

    var body: some View {
        Border(title: "bridge-sample") {
            VStack(spacing: 1) {
                Text("Label: \(label)").bold()
                ToggleButton(label: $label).frame(height: 1)
                Spacer()
                Text("Enter/Space: toggle   q: quit").dim()
            }
            .padding(horizontal: 1)
        }
        .onKey { key in
            guard key == .character("q") else { return false }
            stop()
            return true
        }
    }
}

/// The bridge: hosts a `PushButtonController` and connects its presses to a binding through
/// a coordinator.
struct ToggleButton: ControllerRepresentable {
    @Binding var label: String

    func makeCoordinator() -> Coordinator { Coordinator(label: $label) }

    func makeController(context: Context) -> PushButtonController {
        let controller = PushButtonController(title: "Toggle")
        let coordinator = context.coordinator
        controller.onPress = { coordinator.toggle() }
        return controller
    }

    func updateController(_ controller: PushButtonController, context: Context) {
        context.coordinator.label = $label
    }

    /// Receives the controller's presses and writes the parent's state.
    @MainActor
    final class Coordinator {
        var label: Binding<String>

        init(label: Binding<String>) { self.label = label }

        /// "Default" ↔ "Change".
        func toggle() {
            label.wrappedValue = label.wrappedValue == "Default" ? "Change" : "Default"
        }
    }
}

/// The imperative half: a push button drawn as `[ Title ]` in reverse video that reports
/// Enter, Space and left clicks to `onPress`.
@MainActor
final class PushButtonController: ViewController {
    /// The button's title.
    var title: String
    /// Called on each press.
    var onPress: (@MainActor () -> Void)?
    /// Set by the host.
    var setNeedsDisplay: (@MainActor () -> Void)?

    init(title: String) { self.title = title }

    func draw(in region: Rect, of buffer: inout ScreenBuffer) {
        buffer.write("[ \(title) ]", at: Point(x: region.x, y: region.y), style: Style(attributes: [.reverse]), clip: region)
    }

    func handle(_ event: Event) -> Bool {
        switch event {
        case .key(.enter), .key(.character(" ")):
            onPress?()
            return true
        case .mouse(let mouse) where mouse.kind == .press(.left):
            onPress?()
            return true
        default:
            return false
        }
    }
}
