import CursesBackend
import TerminalUI

/// The terminal the UI runs on, opened on /dev/tty, and how to give it back.
@MainActor
struct TerminalSession {
    /// Where frames go and events come from.
    let backend: any TerminalBackend
    /// Restores the terminal (idempotent).
    let restore: @MainActor () -> Void

    /// Opens the terminal with the colour depth asked for (nil: detected from terminfo,
    /// `COLORTERM` and `NO_COLOR`); fails with the backend's one-line message when there is none.
    static func open(colors: ColorChoice) throws(CommandError) -> TerminalSession {
        do {
            let terminal = try CursesTerminal(colors: colors.requestedDepth, mouse: true)
            return TerminalSession(backend: terminal, restore: { terminal.restore() })
        } catch {
            throw .noTerminal(error.description)
        }
    }
}
