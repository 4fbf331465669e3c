import CursesBackend
import Platform
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

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
        // Before anything asks the terminal: a background job's queries would go unanswered.
        try awaitForeground()
        let facts = DisplaySettings.terminalFacts(colors: colors, graphics: graphics, cellPixelSize: cellPixelSize,
                                                  environment: environment)
        // What libraries print on stderr meanwhile is written after the screen is given back.
        let held = StandardErrorHold.start()
        // Held too: written where it is seen, once the screen is given back.
        DisplaySettings.graphicsVariableWarning(graphics, environment: environment).map(Diagnostics.report)
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

    /// Started in the background (`mediapick &`; `timeout` without `--foreground`), the screen
    /// would be drawn over the shell and never get a key: says so once, then stops until `fg`
    /// (as vim and fzf stop). Where stopping is impossible (SIGTTIN ignored, an orphaned
    /// process group), the error says how to run it instead.
    static func awaitForeground() throws(CommandError) {
        let fd = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return }  // no terminal: CursesTerminal says so
        defer { Glibc.close(fd) }
        guard !TerminalForeground.isForeground(fd) else { return }
        let cannotWait = CommandError.noTerminal(
            "the terminal belongs to another job and this one cannot wait for it: run mediapick in the foreground (under timeout, use timeout --foreground)")
        // One line either way: the stop is announced only when it can come.
        guard TerminalForeground.canStop else { throw cannotWait }
        Diagnostics.report("stopped until it is the terminal's foreground job (fg; under timeout, use timeout --foreground)")
        guard TerminalForeground.wait(fd) else { throw cannotWait }
    }
}
