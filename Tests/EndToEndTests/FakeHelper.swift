import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A stand-in for a helper program (ffmpeg), alone in a folder meant to be the whole `PATH`:
/// it says its process id through a FIFO, then never ends. For tests that a helper still
/// running is ended with mediapick.
struct FakeHelper {
    /// The folder holding the fake program, to be given as `PATH`.
    let tools: String
    private let said: String

    /// An MP4 by its header only, for which a poster is asked of ffmpeg.
    static let videoBytes: [UInt8] = [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8)
        + [UInt8](repeating: 7, count: 4000)

    /// Makes `name` in `directory`/tools.
    init(_ name: String, in directory: String) throws {
        tools = directory + "/tools"
        said = directory + "/\(name)-pid"
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(said, 0o600), 0)
        let script = "#!/bin/sh\necho $$ > \(MediapickFixtures.quoted(said))\nexec /bin/sleep 1000\n"
        try script.write(toFile: tools + "/" + name, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(tools + "/" + name, 0o755), 0)
    }

    /// Opens the FIFO before the helper can write (so that its `echo` does not wait for a
    /// reader), runs `start`, then returns the id the helper says (within 30 s).
    func run(_ start: () throws -> Void) throws -> pid_t {
        let reader = open(said, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        try start()
        var poller = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&poller, 1, 30_000), 1, "the helper never started")
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = read(reader, &bytes, bytes.count)
        let text = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
        return try XCTUnwrap(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)),
                             "the helper said \(text.debugDescription) (read \(count), events \(poller.revents))")
    }

    /// Whether `pid` is running or stopped; not a zombie waiting for init to reap it.
    static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }
}
