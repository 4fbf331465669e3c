import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A private X display: `Xvfb` at 1280x800x24 on a free display number, with a scratch folder
/// for what the harness writes. Removed (server stopped, folder deleted) on deinit.
final class RealTerminalDisplay {
    /// The display name, `:N`.
    let name: String
    /// A scratch folder of this display's run.
    let directory: String
    private let server: RealTerminalProcess

    /// Starts Xvfb and returns once it accepts connections; skips the test when Xvfb or the X
    /// tools the harness drives (xdotool, ImageMagick's import) are not installed.
    init() throws {
        try Self.require(["Xvfb", "xdotool", "import"], packages: "xvfb xdotool imagemagick")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("mp-realterm-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // -displayfd: Xvfb picks a free number itself and writes it once it is listening, so
        // readiness is an event and no two test runs race for the same number.
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw RealTerminalError.failed("pipe: \(String(cString: strerror(errno)))") }
        // Close-on-exec, so terminals started later do not hold the pipe; the dup to 3 in
        // Xvfb is not close-on-exec.
        fds.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        defer { close(fds[0]) }
        do {
            server = try RealTerminalProcess(
                [Self.tool("Xvfb")!, "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"],
                environment: ["PATH": "/usr/bin:/bin"], logPath: directory + "/xvfb.log", passing: fds[1])
        } catch {
            close(fds[1])
            throw error
        }
        close(fds[1])
        guard let line = RealTerminalEventPipe.readLine(from: fds[0], timeout: 15), let number = Int(line) else {
            let log = server.log
            server.stop()
            try? FileManager.default.removeItem(atPath: directory)
            throw XCTSkip("Xvfb cannot run here: \(log.isEmpty ? "no display number within 15 s" : log)")
        }
        name = ":\(number)"
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs an X client on this display; throws with its output when it fails or hangs.
    @discardableResult
    func run(_ argv: [String], timeout: TimeInterval = 20) throws -> String {
        let (status, output) = try RealTerminalProcess.run(argv, environment: ["DISPLAY": name], in: directory, timeout: timeout)
        guard let status else { throw RealTerminalError.timeout("\(argv.joined(separator: " ")) took over \(Int(timeout)) s") }
        guard status == 0 else { throw RealTerminalError.failed("\(argv.joined(separator: " ")) exited \(status): \(output)") }
        return output
    }

    /// A screenshot of one window.
    func screenshot(window: String) throws -> RealTerminalImage {
        let path = directory + "/shot.ppm"
        try run([Self.tool("import")!, "-window", window, "-depth", "8", "ppm:" + path])
        return try RealTerminalImage(ppmAt: path)
    }

    /// The path of a system tool. /usr/bin comes first: /usr/local/bin may hold stand-ins
    /// (a `convert` that is not ImageMagick's).
    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Skips the test unless every tool is installed.
    static func require(_ tools: [String], packages: String) throws {
        let missing = tools.filter { tool($0) == nil }
        if !missing.isEmpty {
            throw XCTSkip("\(missing.joined(separator: ", ")) not installed (apt-get install \(packages); make test does)")
        }
    }
}
