import Foundation
import XCTest

/// A real terminal for end-to-end tests: a detached tmux session on a private server,
/// driven with `send-keys` and read with `capture-pane`.
///
/// The pane runs a plain shell; `run(_:)` types a command line whose end is signalled on a
/// tmux `wait-for` channel, so a test awaits the program's exit as an event, not a sleep.
final class TmuxSession {
    /// The private server's socket name (`tmux -L`).
    let socket: String
    /// A scratch folder for this session (outputs, status files), removed at the end.
    let directory: URL
    private var runs = 0

    /// Starts a `width`x`height` session running `shell` (its command line) with `environment` added.
    init(width: Int = 80, height: Int = 24, environment: [String: String] = [:], shell: [String] = ["sh"]) throws {
        guard Self.tmuxPath != nil else { throw XCTSkip("tmux is not installed") }
        socket = "mp-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var env = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PS1": "$ ", "HOME": directory.path]
        env.merge(environment) { $1 }
        var args = ["-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)"]
        for (key, value) in env.sorted(by: { $0.key < $1.key }) { args += ["-e", "\(key)=\(value)"] }
        // tmux sets the pane's TERM from `default-terminal`, whatever `-e` says, and the
        // server inherits the test runner's environment (`swift test` sets NO_COLOR): `env`
        // clears what changes a program's colours and puts the requested values back.
        args += ["env", "-u", "TMUX", "-u", "NO_COLOR", "-u", "COLORTERM"]
            + env.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" } + shell
        try tmux(args)
        try tmux(["set-option", "-g", "default-terminal", "xterm-256color"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
        // tmux leaves its socket file behind; the name is this session's own.
        let socketDirectory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(socketDirectory)/tmux-\(getuid())/\(socket)")
    }

    /// Types `commandLine` into the shell; returns a handle whose `waitForExit` gives its status.
    @discardableResult
    func run(_ commandLine: String) throws -> RunningCommand {
        runs += 1
        let channel = "done-\(runs)"
        let statusFile = directory.appendingPathComponent("status-\(runs)")
        let line = "\(commandLine); echo $? > '\(statusFile.path)'; tmux -L \(socket) wait-for -S \(channel)"
        try tmux(["send-keys", "-t", "main", "-l", line])
        try tmux(["send-keys", "-t", "main", "Enter"])
        return RunningCommand(session: self, channel: channel, statusFile: statusFile)
    }

    /// Sends keys by tmux name (`Enter`, `Escape`, `C-c`, `Down`, `Space`, `q`…).
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    /// Types text literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "main", "-l", text])
    }

    /// Pastes `text` as a terminal does (`paste-buffer -p`): wrapped in bracketed-paste markers
    /// when the program turned that mode on, else typed as it is; newlines are sent as CR, as a
    /// terminal sends the Return key.
    func paste(_ text: String) throws {
        try tmux(["set-buffer", "--", text])
        try tmux(["paste-buffer", "-p", "-d", "-t", "main"])
    }

    /// The visible screen as text; with `escapes`, with the SGR sequences of its colours and
    /// attributes (tmux writes RGB as `38;2;r;g;b`, palette entries as `38;5;n` or `3n`).
    func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p"] + (escapes ? ["-e"] : []) + ["-t", "main"])
    }

    /// Resizes the window (the program sees SIGWINCH).
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Waits until the screen contains `text` and returns the screen. tmux offers no event for
    /// "the screen now shows X", so this polls the pane until a deadline (failing with the
    /// last screen when it passes).
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 15, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try waitUntil(timeout: timeout, describe: "\"\(text)\"") { $0.contains(text) }
    }

    /// Waits until `predicate` holds for the screen text (with `escapes`, its SGR sequences too).
    @discardableResult
    func waitUntil(timeout: TimeInterval = 15, describe: String = "condition", escapes: Bool = false,
                   _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while Date() < deadline {
            screen = try capture(escapes: escapes)
            if predicate(screen) { return screen }
            usleep(20_000)
        }
        throw TmuxError.timeout("waiting for \(describe); the screen was:\n\(screen)")
    }

    /// A command typed with `run(_:)`.
    struct RunningCommand {
        let session: TmuxSession
        let channel: String
        let statusFile: URL

        /// Blocks until the command line has finished; returns its exit status. On a timeout
        /// the error carries the screen and what the pane runs, so a failure in CI says where
        /// the command was.
        func waitForExit(timeout: TimeInterval = 30) throws -> Int32 {
            do {
                try session.tmux(["wait-for", channel], timeout: timeout)
            } catch TmuxError.timeout(let what) {
                let running = (try? session.tmux(["display-message", "-p", "-t", "main", "#{pane_current_command}"])) ?? "?"
                let screen = (try? session.capture()) ?? "?"
                throw TmuxError.timeout("\(what); the pane runs \(running.trimmingCharacters(in: .whitespacesAndNewlines)); the screen was:\n\(screen)")
            }
            let text = try String(contentsOf: statusFile, encoding: .utf8)
            guard let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw TmuxError.failed("no exit status in \(statusFile.path)")
            }
            return status
        }
    }

    /// Runs a tmux command on this session's server and returns its stdout.
    @discardableResult
    func tmux(_ arguments: [String], timeout: TimeInterval = 30) throws -> String {
        // posix_spawn and waitpid, not Foundation's Process: the tmux server that `new-session`
        // forks inherits the descriptors Process uses to notice the child's exit, and Process
        // would then wait for ever. Output goes to files for the same reason.
        let outFile = directory.appendingPathComponent("tmux-out").path
        let errFile = directory.appendingPathComponent("tmux-err").path
        let status = try ChildProcess.run([Self.tmuxPath!, "-L", socket] + arguments,
                                          stdout: outFile, stderr: errFile, timeout: timeout)
        let data = (try? Data(contentsOf: URL(fileURLWithPath: outFile))) ?? Data()
        let errData = (try? Data(contentsOf: URL(fileURLWithPath: errFile))) ?? Data()
        guard let status else {
            throw TmuxError.timeout("tmux \(arguments.joined(separator: " ")) took over \(Int(timeout)) s")
        }
        guard status == 0 else {
            throw TmuxError.failed("tmux \(arguments.joined(separator: " ")): \(String(decoding: errData, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    static let tmuxPath: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// A tmux step that failed or timed out.
enum TmuxError: Error, CustomStringConvertible {
    case timeout(String)
    case failed(String)

    var description: String {
        switch self {
        case .timeout(let s), .failed(let s): return s
        }
    }
}

/// The executables built by `swift build`, next to this test bundle.
enum Products {
    /// The folder holding the built products (`.build/debug`).
    static let directory: URL = {
        if let override = ProcessInfo.processInfo.environment["MEDIAPICK_PRODUCTS"] {
            return URL(fileURLWithPath: override)
        }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: bundle.appendingPathComponent("mediapick").path) { return bundle }
        // Fallback: the package's default debug folder.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug")
    }()

    /// The path of a built executable; skips the test when it was not built.
    static func path(_ name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("\(name) is not built at \(path); run `swift build` first (make test does)")
        }
        return path
    }
}
