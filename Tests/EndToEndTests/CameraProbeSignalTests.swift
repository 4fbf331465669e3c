import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A signal sent to mediapick alone (not to its process group, as `kill PID` does) while
/// `mediapick camera` probes a network camera that never answers: ffmpeg is ended and reaped
/// before mediapick exits with 128 + N. It used to stay, under init, for ever: the probe runs
/// before the screen, with no handler, so the signal's default action ended mediapick alone.
final class CameraProbeSignalTests: XCTestCase {
    func testASignalDuringTheProbeLeavesNoFFmpeg() throws {
        guard ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].contains(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("ffmpeg is not installed")
        }
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        let server = try SilentServer()
        let err = files.directory + "/.err"
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGUSR1] {
            let pid = try ChildProcess.start([binary, "camera", "--device", "http://127.0.0.1:\(server.port)/x"],
                                             stdout: "/dev/null", stderr: err)
            // ffmpeg has connected: the probe is waiting for the camera's answer.
            let connection = try XCTUnwrap(server.accept(timeoutMilliseconds: 30_000), "ffmpeg never connected")
            defer { close(connection) }
            let ffmpeg = Self.children(of: pid)
            XCTAssertEqual(ffmpeg.count, 1, "the probe's ffmpeg")
            kill(pid, signal)
            let status = try ChildProcess.wait(pid, timeout: 30)
            for child in ffmpeg where kill(child, 0) == 0 {
                XCTFail("signal \(signal): ffmpeg \(child) still running")
                kill(child, SIGKILL)
            }
            let message = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
            XCTAssertEqual(status, 128 + signal, message)
            XCTAssertEqual(message, "", "the status says it, as for a signal in the picker")
        }
    }

    /// The processes whose parent is `parent` (this kernel has no /proc/PID/task/TID/children).
    private static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let end = stat.lastIndex(of: ")") else { return false }
            // After "PID (name)": the state, then the parent's id.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent
        }
    }
}

/// A TCP server on 127.0.0.1 that accepts connections and never answers: a network camera
/// that hangs.
private final class SilentServer {
    /// The port it listens on.
    let port: UInt16
    private let fd: Int32

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard fd >= 0, bound else {
            if fd >= 0 { close(fd) }
            throw TmuxError.failed("cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))")
        }
        self.fd = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(fd) }

    /// The next client's socket, once one connects within the time limit; nil otherwise.
    func accept(timeoutMilliseconds: Int32) -> Int32? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, timeoutMilliseconds) == 1 else { return nil }
        let client = Glibc.accept(fd, nil, nil)
        return client >= 0 ? client : nil
    }
}
