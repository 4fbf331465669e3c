import TerminalUI

/// The terminal the UI runs on, opened on /dev/tty, and how to give it back.
@MainActor
struct TerminalSession {
    /// Where frames go and events come from.
    let backend: any TerminalBackend
    /// Restores the terminal (idempotent).
    let restore: @MainActor () -> Void

    /// Opens the terminal; fails with the backend's one-line message when there is none.
    static func open(colors: ColorChoice) throws(CommandError) -> TerminalSession {
        // The curses backend is not on main yet: there is no terminal to draw on.
        throw .noTerminal("no terminal: the curses backend is not built into this version")
    }
}
