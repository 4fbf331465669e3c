#if canImport(Glibc)
import Glibc
#endif
import Foundation
import MediaDecoding
import Platform

/// A temporary folder, removed when the test ends (shared by the test targets that write files).
public final class TempFolder {
    /// The folder, absolute.
    public let path: RawPath

    /// A fresh folder under /tmp.
    public init() {
        var template = Array("/tmp/mediapick-picker-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = RawPath(cString: made!)
    }

    deinit {
        // Restore permissions first so removal cannot fail on a deliberately unreadable child.
        _ = Self.run(["/bin/chmod", "-R", "u+rwx", path.string])
        _ = Self.run(["/bin/rm", "-rf", path.string])
    }

    /// Writes `bytes` to `name` inside the folder, with `mtime` (seconds) when given.
    @discardableResult
    public func write(_ name: RawPath, bytes: [UInt8] = [], mtime: Int64? = nil) -> RawPath {
        let file = path.appending(name)
        let fd = file.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        precondition(fd >= 0, "cannot create \(file)")
        bytes.withUnsafeBytes { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if let mtime { Self.setMTime(file, mtime) }
        return file
    }

    /// The same, with the name as text.
    @discardableResult
    public func write(_ name: String, bytes: [UInt8] = [], mtime: Int64? = nil) -> RawPath { write(RawPath(name), bytes: bytes, mtime: mtime) }

    /// Makes the sub-folder `name`.
    public func folder(_ name: String) -> RawPath {
        let sub = path.appending(name)
        _ = sub.withCString { mkdir($0, 0o755) }
        return sub
    }

    /// Sets the modification (and access) time of `file` to `seconds`.
    public static func setMTime(_ file: RawPath, _ seconds: Int64) {
        var times = [timespec(tv_sec: Int(seconds), tv_nsec: 0), timespec(tv_sec: Int(seconds), tv_nsec: 0)]
        _ = file.withCString { utimensat(AT_FDCWD, $0, &times, 0) }
    }

    /// Runs `arguments` (the first is the executable) and returns its exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        try? process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
