import CursesBackend
import Platform
import TerminalUI

/// The terminal the UI runs on, opened on /dev/tty, and how to give it back.
@MainActor
struct TerminalSession {
    /// Where frames go and events come from.
    let backend: any TerminalBackend
    /// Restores the terminal (idempotent).
    let restore: @MainActor () -> Void

    /// Opens the terminal with the colour depth and graphics asked for (`auto`: detected from
    /// terminfo, the environment and the terminal's replies, asked before curses starts);
    /// fails with the backend's one-line message when there is none.
    static func open(colors: ColorChoice, graphics: GraphicsChoice = .auto,
                     cellPixelSize: Size = GraphicsChoice.defaultCellPixelSize,
                     environment: [String: String]) throws(CommandError) -> TerminalSession {
        let facts = DisplaySettings.terminalFacts(colors: colors, graphics: graphics, cellPixelSize: cellPixelSize,
                                                  environment: environment)
        // What libraries print on stderr meanwhile is written after the screen is given back.
        let held = StandardErrorHold.start()
        do {
            let terminal = try CursesTerminal(colors: colors.requestedDepth, mouse: true, facts: facts)
            #if DEBUG
            let backend = DebugCrashKey.wrap(terminal, environment: environment)
            #else
            let backend: any TerminalBackend = terminal
            #endif
            return TerminalSession(backend: backend, restore: {
                terminal.restore()
                held?.release()
            })
        } catch {
            held?.release()
            throw .noTerminal(error.description)
        }
    }
}
