import Platform
import TerminalUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks the terminal what it can draw, once, before curses takes it (and for `thumb`, whose
/// stdout may be a pipe): the queries of `TerminalQueries` in one write to /dev/tty, the
/// replies read until the device attributes arrive or the time limit passes, the tty's modes
/// restored exactly. Needs no curses. Everything goes through the tty, so it works over SSH.
public enum TerminalProbe {
    /// How long a terminal may take to answer: a silent one costs this much, once.
    public static let timeLimit: Duration = .milliseconds(200)

    /// How much longer `thumb` goes on waiting for the device attributes once `timeLimit` has
    /// passed: a terminal that answers late (a slow SSH link) would otherwise have its replies
    /// echoed and handed to the shell after mediapick exits. The picker waits no longer: its
    /// input decoder reads late replies as nothing.
    public static let lateReplyGrace: Duration = .milliseconds(800)

    /// The facts detection decides from: the environment and the requests, and unless they
    /// already decide (`shouldAsk`), tmux's passthrough setting, the tty's size and the replies.
    public static func facts(environment: [String: String], requestedColorDepth: ColorDepth? = nil,
                             requestedGraphics: GraphicsProtocol? = nil, timeLimit: Duration = timeLimit,
                             lateReplyGrace: Duration = .zero) -> TerminalFacts {
        var facts = TerminalFacts(environment: environment, requestedColorDepth: requestedColorDepth,
                                  requestedGraphics: requestedGraphics)
        // The tty's size costs no round trip and asks nothing: read even where the terminal is
        // not asked, so that `--graphics sixel` sizes its pixels by the real cells, not 10x20.
        facts.window = ttyWindowSize()
        guard shouldAsk(environment: environment, requestedGraphics: requestedGraphics) else { return facts }
        let inTmux = !(environment["TMUX"] ?? "").isEmpty
        if inTmux {
            facts.tmuxPassthrough = tmuxAllowsPassthrough(environment: environment)
            // Without passthrough the wrapped queries are dropped: nothing would answer.
            guard facts.tmuxPassthrough == true else { return facts }
        }
        let (replies, window) = ask(throughTmux: inTmux, timeLimit: timeLimit + lateReplyGrace)
        facts.probe = replies
        facts.window = window ?? facts.window
        return facts
    }

    /// False when the environment already decides and the terminal is not asked: a protocol
    /// requested (`--graphics`, `MEDIAPICK_GRAPHICS`), no or a dumb `TERM`, GNU screen, and
    /// fzf's preview (`FZF_PREVIEW_COLUMNS`): fzf reads the tty, the replies would be its keys.
    public static func shouldAsk(environment: [String: String], requestedGraphics: GraphicsProtocol?) -> Bool {
        if requestedGraphics != nil { return false }
        if environment[TerminalCapabilities.graphicsVariable].flatMap(GraphicsProtocol.init(rawValue:)) != nil { return false }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { return false }
        if !(environment["STY"] ?? "").isEmpty || environment["FZF_PREVIEW_COLUMNS"] != nil { return false }
        return true
    }

    /// tmux's `allow-passthrough` (`on` or `all`: true; `off`: false), asked with a time limit;
    /// nil when tmux cannot be run or does not know the option (before 3.3).
    public static func tmuxAllowsPassthrough(environment: [String: String]) -> Bool? {
        guard let tmux = Subprocess.find("tmux", environment: environment),
              let output = Subprocess.run(tmux, arguments: ["show", "-gv", "allow-passthrough"].map { Array($0.utf8) },
                                          timeLimit: .milliseconds(150))
        else { return nil }
        let value = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace).first ?? ""
        switch value {
        case "on", "all": return true
        case "off": return false
        default: return nil
        }
    }

    /// Sends the queries to /dev/tty and reads the replies: nil replies when there is no tty
    /// or it cannot be put in raw mode. Everything the terminal sends up to its device
    /// attributes reply is ours and is read; what follows it (keys typed ahead) is left for
    /// the next reader. When the reply never comes, the input is flushed: part of a batch may
    /// be in it, and typeahead cannot be told from it.
    static func ask(throughTmux: Bool, timeLimit: Duration) -> (TerminalProbeReplies?, TerminalWindowSize?) {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return (nil, nil) }
        defer { close(fd) }
        let window = windowSize(fd)
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return (nil, window) }
        var raw = saved
        // No echo (the replies must not appear on the screen) and no line discipline (they end
        // in no newline); signals stay on, so Ctrl-C still works during the wait.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        // A signal during the wait (Ctrl-C, SIGTERM) would end the program with echo off.
        let armed = TerminalModeGuard.arm(fd: fd)
        defer { if armed { TerminalModeGuard.disarm() } }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return (nil, window) }
        defer { _ = tcsetattr(fd, TCSANOW, &saved) }

        guard writeAll(fd, TerminalQueries.batch(throughTmux: throughTmux)) else { return (nil, window) }
        let received = readReplies(fd, timeLimit: timeLimit)
        let replies = TerminalReplyParser.parse(received)
        // Half an answer left in the input would reach curses as keys.
        if !replies.isComplete { tcflush(fd, TCIFLUSH) }
        return (replies, window)
    }

    /// Reads until the device attributes reply is in, or `timeLimit` has passed in total. One
    /// byte a read (a batch is a few hundred bytes), so that nothing past the reply's final `c`
    /// is taken from the input; each read only once `poll` says a byte is there, so a tty in
    /// curses' mode (a read waits for a byte) does not hold it past the limit.
    static func readReplies(_ fd: Int32, timeLimit: Duration) -> [UInt8] {
        let deadline = ContinuousClock.now + timeLimit
        var received: [UInt8] = []
        var byte: UInt8 = 0
        while received.count < 65536 {
            let left = max(.zero, ContinuousClock.now.duration(to: deadline))
            let millis = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, millis)
            if ready < 0 && errno == EINTR { continue }
            // A hung-up terminal stays "ready" with nothing to read.
            guard ready > 0, poller.revents & Int16(POLLHUP | POLLERR | POLLNVAL) == 0 else { break }
            let count = read(fd, &byte, 1)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count == 1 else { break }
            received.append(byte)
            if byte == UInt8(ascii: "c"), TerminalReplyParser.parse(received).isComplete { break }
        }
        return received
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// The size of /dev/tty in cells and pixels (`TIOCGWINSZ`); nil without a tty.
    static func ttyWindowSize() -> TerminalWindowSize? {
        let fd = open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return windowSize(fd)
    }

    private static func windowSize(_ fd: Int32) -> TerminalWindowSize? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        let pixels = size.ws_xpixel > 0 && size.ws_ypixel > 0
            ? Size(width: Int(size.ws_xpixel), height: Int(size.ws_ypixel)) : nil
        return TerminalWindowSize(cells: Size(width: Int(size.ws_col), height: Int(size.ws_row)), pixels: pixels)
    }
}
