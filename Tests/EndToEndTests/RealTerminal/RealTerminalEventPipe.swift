import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A named pipe the program in a terminal writes lines to ("size 30 100", "exit 0"), so the
/// harness awaits what happens inside the terminal as events, each wait bounded.
final class RealTerminalEventPipe {
    /// The FIFO's path, for the shell in the terminal.
    let path: String
    private let descriptor: Int32
    private var pending: [UInt8] = []

    /// Makes the FIFO at `path` and opens it.
    init(path: String) throws {
        self.path = path
        guard mkfifo(path, 0o600) == 0 else { throw RealTerminalError.failed("mkfifo \(path): \(String(cString: strerror(errno)))") }
        // Read and write: the harness is a writer too, so the pipe never reports a hang-up
        // between the shell's writes, and a writer in the terminal never blocks on open.
        descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw RealTerminalError.failed("open \(path): \(String(cString: strerror(errno)))") }
    }

    deinit { close(descriptor) }

    /// The next line, or nil when none came within `timeout` seconds.
    func nextLine(timeout: TimeInterval) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, Self.waitReadable(descriptor, milliseconds: Int32(left * 1000)) else { return nil }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 { pending += buffer[..<count] }
        }
    }

    /// Waits for a line starting with `prefix` (skipping others); returns the rest of it.
    func await(_ prefix: String, timeout: TimeInterval, what: String) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while let line = nextLine(timeout: max(0, deadline.timeIntervalSinceNow)) {
            if line.hasPrefix(prefix) { return String(line.dropFirst(prefix.count)) }
        }
        throw RealTerminalError.timeout("\(what) within \(Int(timeout)) s")
    }

    /// One line from a plain descriptor (Xvfb's -displayfd), or nil at end of file or timeout.
    static func readLine(from descriptor: Int32, timeout: TimeInterval) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        while !bytes.contains(UInt8(ascii: "\n")) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, waitReadable(descriptor, milliseconds: Int32(left * 1000)) else { return nil }
            var byte: UInt8 = 0
            guard read(descriptor, &byte, 1) == 1 else { return nil }
            bytes.append(byte)
        }
        return String(decoding: bytes.dropLast(), as: UTF8.self)
    }

    private static func waitReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&entry, 1, max(1, milliseconds))
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }
}
