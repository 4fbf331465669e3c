import Foundation
import XCTest

/// A real terminal window on a `RealTerminalDisplay`, running one shell command: started,
/// awaited, photographed, typed into, and closed on deinit.
///
/// The command runs inside a small shell script that reports on a named pipe: "size ROWS COLS"
/// once the terminal's pty is up, and "exit STATUS" after the command has ended and the
/// terminal has answered a Primary DA query — a terminal answers in order, so by then it has
/// taken in all the command's output. The command itself starts only once the terminal has
/// answered such a query too: a terminal still setting up its window may answer after the 200 ms
/// mediapick's probe waits (kitty on software OpenGL, on a busy machine), and the program would
/// then start with symbols. The window then stays open (cursor hidden) for screenshots.
final class RealTerminal {
    /// Which terminal this is.
    let kind: RealTerminalKind
    /// The X window id (decimal, as xdotool and import take it).
    let window: String
    /// The size in cells, as the pty says.
    let columns: Int, rows: Int
    /// The size of a cell in pixels, from the window's size.
    let cellWidth: Int, cellHeight: Int
    /// The pixels of the window beyond its cells (kitty adds one), kept on a resize.
    private let spareWidth: Int, spareHeight: Int
    private let display: RealTerminalDisplay
    private let process: RealTerminalProcess
    private let events: RealTerminalEventPipe
    private let scratch: String

    /// Opens `kind` at `columns`x`rows` running `command` (a shell command line) with
    /// `environment` added; skips the test when the terminal is missing or cannot run here.
    init(_ kind: RealTerminalKind, on display: RealTerminalDisplay, columns: Int = 100, rows: Int = 30,
         command: String, environment: [String: String] = [:]) throws {
        guard let path = RealTerminalDisplay.tool(kind.program) else {
            throw XCTSkip("\(kind.program) is not installed (apt-get install \(kind.program); make test does)")
        }
        self.kind = kind
        self.display = display
        scratch = display.directory + "/term-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        events = try RealTerminalEventPipe(path: scratch + "/events")
        let fifo = MediapickFixtures.quoted(events.path)
        let script = """
            exec 3>\(fifo)
            answered() {
                stty -echo -icanon min 0 time 30
                printf '\\033[c'
                while c=$(dd bs=1 count=1 2>/dev/null) && [ -n "$c" ] && [ "$c" != c ]; do :; done
                stty sane
            }
            printf 'size %s\\n' "$(stty size)" >&3
            answered
            \(command)
            s=$?
            answered
            printf '\\033[?25l'
            printf 'exit %s\\n' "$s" >&3
            exec sleep 600
            """
        process = try RealTerminalProcess(kind.argv(path: path, columns: columns, rows: rows, scratch: scratch, script: script),
                                          environment: Self.environment(kind, display: display, home: scratch, adding: environment),
                                          logPath: scratch + "/terminal.log")
        let size: String
        do {
            size = try events.await("size ", timeout: 30, what: "\(kind) to start its shell")
        } catch {
            let log = process.log
            if !process.isRunning { throw XCTSkip("\(kind) cannot run here: \(log)") }
            throw RealTerminalError.timeout("\(kind) to start its shell; its log: \(log)")
        }
        let cells = size.split(separator: " ").compactMap { Int($0) }
        guard cells.count == 2 else { throw RealTerminalError.failed("stty size said \(size)") }
        self.rows = cells[0]
        self.columns = cells[1]
        let found = try display.run([RealTerminalDisplay.tool("xdotool")!, "search", "--sync", "--onlyvisible", "--pid", "\(process.pid)"], timeout: 15)
        guard let id = found.split(separator: "\n").first(where: { Int($0) != nil }) else {
            throw RealTerminalError.failed("no window of \(kind): \(found)")
        }
        window = String(id)
        let geometry = try display.run([RealTerminalDisplay.tool("xdotool")!, "getwindowgeometry", window])
        guard let line = geometry.split(separator: "\n").first(where: { $0.contains("Geometry:") }),
              let pixels = line.split(separator: " ").last?.split(separator: "x").compactMap({ Int($0) }), pixels.count == 2 else {
            throw RealTerminalError.failed("xdotool getwindowgeometry said \(geometry)")
        }
        // Without border or padding the cells start at the corner; what is left over (kitty
        // adds a pixel) is less than a cell.
        cellWidth = pixels[0] / self.columns
        cellHeight = pixels[1] / self.rows
        spareWidth = pixels[0] - cellWidth * self.columns
        spareHeight = pixels[1] - cellHeight * self.rows
        try display.run([RealTerminalDisplay.tool("xdotool")!, "windowfocus", "--sync", window])
    }

    deinit {
        process.stop()
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// Waits until the command has ended and its output is in the terminal; its exit status.
    func waitForExit(timeout: TimeInterval = 30) throws -> Int32 {
        let text = try events.await("exit ", timeout: timeout, what: "the command in \(kind) to end")
        guard let status = Int32(text) else { throw RealTerminalError.failed("exit status \(text)") }
        return status
    }

    /// A screenshot of the window.
    func screenshot() throws -> RealTerminalImage { try display.screenshot(window: window) }

    /// The pixels of a rectangle of cells.
    func pixels(column: Int, row: Int, columns: Int, rows: Int) -> RealTerminalRect {
        RealTerminalRect(x: column * cellWidth, y: row * cellHeight, width: columns * cellWidth, height: rows * cellHeight)
    }

    /// Scores the picture drawn in a rectangle of cells of `shot` against `source`.
    func score(_ shot: RealTerminalImage, column: Int, row: Int, columns: Int, rows: Int,
               against source: RealTerminalImage) -> RealTerminalScore {
        RealTerminalScore(region: shot.cropped(to: pixels(column: column, row: row, columns: columns, rows: rows)),
                          source: source, background: kind.background, cell: (cellWidth, cellHeight))
    }

    /// The score of the picture in a rectangle of cells once the terminal has drawn it:
    /// screenshots until one scores an SSIM over `drawn`. A screenshot taken as the command
    /// ends may come before the terminal draws (kitty's blank window scored 0.145 in a CI run),
    /// and a comparison with it would hold for nothing.
    func waitForScore(column: Int = 0, row: Int = 0, columns: Int, rows: Int, against source: RealTerminalImage,
                      over drawn: Double, what: String) throws -> RealTerminalScore {
        var last = RealTerminalScore(region: RealTerminalImage(width: 0, height: 0, rgb: []), source: source, background: kind.background)
        try waitForScreenshot(what: what, describe: { _ in last.description }) { shot in
            last = score(shot, column: column, row: row, columns: columns, rows: rows, against: source)
            return last.ssim > drawn
        }
        return last
    }

    /// Screenshots until `predicate` holds for one (a screen has no "now drawn" event);
    /// returns it, or throws with `describe` of the last one when `timeout` passes.
    @discardableResult
    func waitForScreenshot(timeout: TimeInterval = 15, what: String, describe: (RealTerminalImage) -> String = { _ in "" },
                           _ predicate: (RealTerminalImage) -> Bool) throws -> RealTerminalImage {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let shot = try screenshot()
            if predicate(shot) { return shot }
            if Date() > deadline { throw RealTerminalError.timeout("\(what) in \(kind); last screenshot: \(describe(shot))") }
        }
    }

    /// Resizes the window to `columns`x`rows` cells (`columns` and `rows` keep the size it opened at).
    func resize(columns: Int, rows: Int) throws {
        try display.run([RealTerminalDisplay.tool("xdotool")!, "windowsize", "--sync", window,
                         "\(columns * cellWidth + spareWidth)", "\(rows * cellHeight + spareHeight)"])
    }

    /// Unmaps and maps the window again, as switching workspaces does: the terminal repaints it
    /// whole from what it holds, pictures included.
    func expose() throws {
        let xdotool = RealTerminalDisplay.tool("xdotool")!
        try display.run([xdotool, "windowunmap", "--sync", window])
        try display.run([xdotool, "windowmap", "--sync", window])
    }

    /// Presses keys by X keysym name (`Next`, `Escape`, `p`, `Return`).
    func press(_ keys: String...) throws {
        try display.run([RealTerminalDisplay.tool("xdotool")!, "key", "--delay", "30"] + keys)
    }

    /// The text on the screen, one string per row, as the terminal itself holds it.
    func screenText() throws -> [String] {
        switch kind {
        case .kitty:
            let text = try display.run([RealTerminalDisplay.tool("kitty")!, "@", "--to", "unix:\(scratch)/kitty.sock", "get-text"])
            return text.components(separatedBy: "\n")
        case .xterm:
            let before = Set(try FileManager.default.contentsOfDirectory(atPath: scratch))
            try press("ctrl+F12")
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                // xterm writes the dump when it handles the key; its name carries a timestamp.
                let new = try FileManager.default.contentsOfDirectory(atPath: scratch).filter { $0.hasPrefix("screen") && !before.contains($0) }
                if let name = new.first, let text = try? String(contentsOfFile: scratch + "/" + name, encoding: .utf8),
                   text.filter({ $0 == "\n" }).count >= rows {
                    try? FileManager.default.removeItem(atPath: scratch + "/" + name)
                    return text.components(separatedBy: "\n")
                }
                usleep(10_000)  // polling a file xterm writes; there is no event for it
            }
            throw RealTerminalError.timeout("xterm's screen dump within 10 s")
        }
    }

    /// The terminal's environment: the test runner's, without what would change how a program
    /// in it draws (NO_COLOR from `swift test`, an outer terminal's or tmux's variables).
    private static func environment(_ kind: RealTerminalKind, display: RealTerminalDisplay, home: String,
                                    adding extra: [String: String]) -> [String: String] {
        let dropped = ["NO_COLOR", "COLORTERM", "TERM", "TERM_PROGRAM", "TMUX", "TMUX_PANE", "WINDOWID", "WAYLAND_DISPLAY",
                       "COLUMNS", "LINES", "FORCE_COLOR", "CLICOLOR_FORCE", "VTE_VERSION"]
        var env = ProcessInfo.processInfo.environment.filter { key, _ in
            !dropped.contains(key) && !key.hasPrefix("KITTY_") && !key.hasPrefix("FZF_") && !key.hasPrefix("MEDIAPICK_")
        }
        env["DISPLAY"] = display.name
        env["HOME"] = home
        env["XDG_CONFIG_HOME"] = home + "/config"
        env["XDG_CACHE_HOME"] = home + "/cache"
        env["LANG"] = "C.UTF-8"
        env["LC_ALL"] = "C.UTF-8"
        env["PATH"] = "/usr/bin:/bin:" + (env["PATH"] ?? "")
        if case .kitty = kind { env["LIBGL_ALWAYS_SOFTWARE"] = "1" }
        env.merge(extra) { $1 }
        return env
    }
}
