#if DEBUG
import TerminalUI

/// A crash on demand, for the end-to-end tests of what a crash leaves on the terminal. In a
/// debug build with `MEDIAPICK_DEBUG_CRASH` set (to the message), F12 typed while the screen is
/// up stops the program through the Swift runtime's own `fatalError`: its line on stderr, then
/// the trap, as a real bug does. A signal sent with kill cannot stand in for it: it writes
/// nothing before the fault. A release build holds no such key (the file is compiled only
/// with DEBUG), and a debug build without the variable does not wrap the terminal at all.
@MainActor
final class DebugCrashKey: TerminalBackend {
    /// The variable that turns the key on; its value is the fatal error's message.
    static let variable = "MEDIAPICK_DEBUG_CRASH"
    /// The key that crashes: one no screen of mediapick is bound to.
    static let key = Key.function(12)

    private let terminal: any TerminalBackend
    private let message: String

    private init(_ terminal: any TerminalBackend, message: String) {
        self.terminal = terminal
        self.message = message
    }

    /// `terminal` itself, or with the key when `environment` asks for it.
    static func wrap(_ terminal: any TerminalBackend, environment: [String: String]) -> any TerminalBackend {
        guard let message = environment[variable], !message.isEmpty else { return terminal }
        return DebugCrashKey(terminal, message: message)
    }

    /// The terminal's size.
    var size: Size { terminal.size }
    /// The terminal's capabilities.
    var capabilities: TerminalCapabilities { terminal.capabilities }
    /// The terminal's budget per frame.
    var outputBudget: Int? { terminal.outputBudget }
    /// Draws on the terminal.
    func draw(_ updates: [CellUpdate]) { terminal.draw(updates) }
    /// Shows the pictures on the terminal.
    func drawImages(_ images: [PlacedImage]) { terminal.drawImages(images) }
    /// Places the terminal's cursor.
    func setCursor(_ position: Point?) { terminal.setCursor(position) }
    /// Forgets the terminal's screen.
    func invalidate() { terminal.invalidate() }
    /// Flushes the terminal.
    func flush() { terminal.flush() }

    /// The terminal's next event; the key ends the program with the Swift runtime's fatal error.
    func readEvent(timeout: Duration?) -> Event? {
        let event = terminal.readEvent(timeout: timeout)
        if event == .key(Self.key) { fatalError(message) }
        return event
    }
}
#endif
