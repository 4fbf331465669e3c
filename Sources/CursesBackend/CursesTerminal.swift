import CNcursesw
import Platform
import TerminalUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real terminal: ncursesw on `/dev/tty`, so standard output stays free for results.
///
/// Created once per program; `restore()` (or deinit) gives the terminal back exactly as it
/// was. SIGINT/SIGTERM/SIGHUP arrive as `.interrupt`/`.terminate`/`.hangup` events, SIGQUIT
/// and the other fatal signals as `.fatalSignal`, so the run loop ends normally; Ctrl-Z
/// suspends and redraws on `fg`. See docs/architecture.md.
@MainActor
public final class CursesTerminal: TerminalBackend {
    /// The screen size in cells (updated on resize and on resume).
    public private(set) var size: Size
    /// What is drawn with, detected by `TerminalCapabilities.detect` from terminfo's answers,
    /// the environment and the request.
    public let capabilities: TerminalCapabilities
    /// True until `restore()`.
    public var isActive: Bool { screen != nil }

    private var screen: OpaquePointer?
    private(set) var tty: UnsafeMutablePointer<FILE>?
    private let signals: SignalInbox
    var palette: CursesPalette
    var pendingEvents: [Event] = []
    var cursor: Point?
    /// What the pictures need, frame by frame (see CursesTerminal+Graphics.swift).
    var painter = GraphicsPainter()
    /// The picture bytes of the frame being drawn, written once its text is out (`flush`).
    var pendingPictures: [UInt8] = []
    /// The rows `draw` wrote text on since the last `drawImages` (pictures there are drawn again).
    var textRowsThisFrame = Set<Int>()
    /// The clusters curses cannot draw, written after its refresh (CursesTerminal+Clusters.swift).
    var directClusters = DirectClusters()
    /// Inside tmux: picture sequences go through its passthrough.
    let picturesThroughTmux: Bool
    /// True when mouse reports were asked for: SGR's are then on (`SGRMouse`) while the screen is.
    private let sgrMouse: Bool
    /// True when the terminal answered the probe's device attributes query (it will again).
    let answersDeviceAttributes: Bool

    /// Takes over the terminal. `colors` nil detects the depth (terminfo, `COLORTERM`,
    /// `NO_COLOR`; see `TerminalCapabilities.detect`); `mouse` asks the terminal to report clicks and the wheel.
    /// `facts` are what `TerminalProbe.facts` gathered before (the terminal's replies); nil
    /// reads the environment alone. Terminfo's answers join them here.
    /// Throws when there is no terminal to draw on; the error's message says why.
    /// (Pass `ColorDepth.none` to turn colour off: a bare `.none` is the optional's nil.)
    public init(colors: ColorDepth? = nil, mouse: Bool = true, facts: TerminalFacts? = nil) throws(TerminalError) {
        setlocale(LC_ALL, "")
        var reason = [CChar](repeating: 0, count: 300)
        guard cnc_load(&reason, reason.count) != 0 else {
            throw .cursesUnavailable(reason: String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        // "e": close-on-exec, so programs started later (decoders, players) do not hold the tty.
        guard let tty = fopen("/dev/tty", "r+e") else {
            throw .noTerminal(reason: String(cString: strerror(errno)))
        }
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        guard !term.isEmpty else {
            fclose(tty)
            throw .unusableTerminal(term: nil)
        }
        let signals = SignalInbox()
        var detectionFacts = facts ?? TerminalFacts(environment: Self.environment(TerminalCapabilities.environmentNames))
        detectionFacts.environment["TERM"] = term
        detectionFacts.requestedColorDepth = colors ?? detectionFacts.requestedColorDepth
        // A terminal that proved more colours than its TERM's entry describes (Debian's xterm
        // sets TERM=xterm: 8) is drawn through the richer entry of the same terminal, when installed.
        // A plain loop: a lazy compactMap's `first` would run newterm twice for the entry found.
        var opened: OpaquePointer?
        // The tty's mode before curses changes it, for a crash to put back (disarmed in restore()).
        _ = TerminalCrashGuard.arm(fd: fileno(tty))
        for entry in TerminalCapabilities.terminfoEntries(detectionFacts) where opened == nil { opened = cnc_newterm(entry, tty, tty) }
        guard let screen = opened else {
            TerminalCrashGuard.disarm()
            signals.stop()
            fclose(tty)
            throw .unusableTerminal(term: term)
        }
        cnc_set_term(screen)
        guard cnc_has_string_cap("cup") != 0 else {
            // `dumb` and the like: curses would start, then draw one long line.
            cnc_endwin()
            cnc_delscreen(screen)
            TerminalCrashGuard.disarm()
            signals.stop()
            fclose(tty)
            throw .unusableTerminal(term: term)
        }
        cnc_raw()
        cnc_noecho()
        cnc_nonl()
        cnc_keypad(cnc_stdscr(), true)
        cnc_set_escdelay(25)
        cnc_curs_set(0)

        var colorCount = 0
        var defaultColors = false
        if cnc_has_colors() {
            cnc_start_color()
            defaultColors = cnc_use_default_colors() == OK
            colorCount = Int(cnc_colors())
        }
        let terminfo = TerminfoColors(colors: colorCount, hasRGBFlag: cnc_tigetflag("RGB") > 0 || cnc_tigetflag("Tc") > 0)
        detectionFacts.terminfo = terminfo
        let capabilities = TerminalCapabilities.detect(detectionFacts)
        var mouseOn = false
        if mouse {
            mouseOn = cnc_mousemask(cnc_all_mouse_events(), nil) != 0  // 0: no mouse on this terminal
            cnc_mouseinterval(0)  // report presses and releases at once, no click synthesis
        }

        self.tty = tty
        self.screen = screen
        picturesThroughTmux = !(detectionFacts.environment["TMUX"] ?? "").isEmpty
        self.signals = signals
        self.capabilities = capabilities
        self.palette = CursesPalette(depth: capabilities.colorDepth, colors: colorCount, colorPairs: Int(cnc_color_pairs()),
                                     defaultColors: defaultColors)
        self.size = Size(width: 0, height: 0)
        sgrMouse = mouseOn
        answersDeviceAttributes = facts?.probe?.isComplete == true
        readSize()
        if sgrMouse { writeToTerminal(SGRMouse.on) }
        writeToTerminal(BracketedPaste.on)
    }

    isolated deinit { restore() }

    /// Gives the terminal back: leaves the alternate screen, restores the modes it had
    /// (`icanon`, `echo`…), shows the cursor, frees the screen and restores the signal
    /// dispositions. Safe to call more than once; call it before printing results.
    public func restore() {
        guard let screen else { return }
        takePicturesAway()
        writeToTerminal(BracketedPaste.off)
        if sgrMouse { dropMouseReports() }
        cnc_curs_set(1)
        cnc_endwin()
        TerminalCrashGuard.disarm()
        cnc_delscreen(screen)
        self.screen = nil
        if let tty { fclose(tty) }
        tty = nil
        signals.stop()
    }

    /// Forgets what is on the screen: the next refresh clears it and draws everything.
    public func invalidate() {
        guard isActive else { return }
        cnc_werase(cnc_stdscr())
        cnc_clearok(cnc_stdscr(), true)
        directClusters.forget()
        palette.screenCleared()
        painter.invalidate()
        pendingPictures = []
    }

    /// Places the visible cursor (shown only while a position is set).
    public func setCursor(_ position: Point?) {
        cursor = position
        guard isActive else { return }
        cnc_curs_set(position == nil ? 0 : 1)
        cnc_leaveok(cnc_stdscr(), position == nil)  // no cursor to park: skip moving it
    }

    /// 16 KB a part: a quarter of what a pseudo-terminal holds, so a write seldom waits, yet a
    /// whole screen of colour art goes in a handful of turns. Whole frames when the terminal has
    /// fewer colour pairs than the screen has cells: a frame in parts could then recycle a pair
    /// its own first part drew, and the redraw that asks for would do it again.
    public var outputBudget: Int? {
        Int(cnc_color_pairs()) >= size.width * size.height ? 16 * 1024 : nil
    }

    /// Sends everything drawn to the terminal.
    public func flush() {
        guard isActive else { return }
        let clusters = directClusters.takeDue()
        // Clusters written after the refresh need curses to leave the cursor where they can
        // put it back (with no cursor shown, curses leaves it wherever it stopped).
        let home = cursor ?? Point(x: 0, y: 0)
        if cursor == nil && !clusters.isEmpty { cnc_leaveok(cnc_stdscr(), false) }
        if cursor != nil || !clusters.isEmpty { cnc_wmove(cnc_stdscr(), Int32(home.y), Int32(home.x)) }
        cnc_wrefresh(cnc_stdscr())
        if !clusters.isEmpty {
            writeToTerminal(clusterBytes(clusters, returningTo: home))
            if cursor == nil { cnc_leaveok(cnc_stdscr(), true) }
        }
        writePendingPictures()
    }

    /// Re-reads the size of the screen from curses.
    func readSize() {
        size = Size(width: Int(cnc_getmaxx(cnc_stdscr())), height: Int(cnc_getmaxy(cnc_stdscr())))
    }

    /// Takes the signals received since the last look, as events (Ctrl-Z-like stops act at once).
    func signalEvents() -> [Event] {
        signals.take().compactMap { signo in
            switch signo {
            case SIGINT: return .interrupt
            case SIGTSTP: return suspend()
            case SIGHUP: return .hangup
            case SIGTERM: return .terminate
            default: return .fatalSignal(signo)
            }
        }
    }

    /// Ctrl-Z: gives the terminal back, stops the job (the whole pipeline), and on `fg` takes
    /// it again; the returned resize makes the run loop redraw everything. Nil (nothing
    /// happens) without job control.
    func suspend() -> Event? {
        guard signals.canSuspend else { return nil }
        writeToTerminal(painter.suspend().bytes(throughTmux: picturesThroughTmux) + (sgrMouse ? SGRMouse.off : []) + BracketedPaste.off)
        cnc_endwin()
        TerminalForeground.stopJob()
        // Continued in the background (`bg`): stop again until `fg`, not draw for a shell.
        if let tty { _ = TerminalForeground.wait(fileno(tty)) }
        cnc_reset_prog_mode()
        invalidate()
        cnc_wrefresh(cnc_stdscr())  // curses turns its mouse tracking back on here
        if sgrMouse { writeToTerminal(SGRMouse.on) }
        writeToTerminal(BracketedPaste.on)
        readSize()
        return .resize(size)
    }

    private static func environment(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names { if let value = getenv(name) { values[name] = String(cString: value) } }
        return values
    }
}
