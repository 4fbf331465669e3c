#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Platform
import Thumbnails

/// Asks ffmpeg for one frame of a source, within a time limit, before any UI opens: whether
/// the camera can be opened at all (and why not), and its picture size.
public enum CameraProbe {
    /// How long a source may take to give its first frame (a network camera that never
    /// answers must not hang the command).
    public static let defaultTimeLimit: Duration = .seconds(3)

    /// The source's frame size; throws the reason in one line when it gives no frame.
    /// `abandon` is asked while ffmpeg runs, from another thread: true (a signal arrived) ends
    /// ffmpeg at once, and the probe throws once it is reaped, so that none is left running.
    public static func frameSize(of source: CameraSource, ffmpeg: RawPath, timeLimit: Duration = defaultTimeLimit,
                                 abandon: @escaping @Sendable () -> Bool = { false }) throws(CameraError) -> PixelSize {
        if let problem = problem(with: source) { throw .cannotOpen(source: source.description, reason: problem) }
        let arguments = [b("-nostdin"), b("-hide_banner"), b("-loglevel"), b("error")] + source.inputArguments
            + [b("-frames:v"), b("1"), b("-f"), b("image2pipe"), b("-c:v"), b("ppm"), b("-")]
        guard let process = StreamingProcess.start(ffmpeg, arguments: arguments) else {
            throw .cannotOpen(source: source.description, reason: "ffmpeg could not be started")
        }
        let finished = Locked(false)
        // The watchdog ends a probe that takes too long or is abandoned; the read below then
        // sees the end. SIGKILL: nothing ffmpeg would still write is wanted.
        WorkerThread.start(name: "camera-probe") {
            let deadline = ContinuousClock.now + timeLimit
            while ContinuousClock.now < deadline {
                if finished.withLock({ $0 }) { return }
                if abandon() { break }
                var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
                nanosleep(&pause, nil)
            }
            if !finished.withLock({ $0 }) { kill(process.pid, SIGKILL) }
        }
        let output = process.readToEnd()
        finished.withLock { $0 = true }
        process.stop()
        let status = process.exitStatus ?? -1
        if abandon() { throw .cannotOpen(source: source.description, reason: abandonedReason) }
        if let size = parsePPM(output), status == 0 { return size }
        let timedOut = (status & 0x7f) == SIGKILL
        let reason = timedOut ? "no picture within \(timeLimit)" : reason(from: process.lastErrorLine, source: source)
        throw .cannotOpen(source: source.description, reason: reason)
    }

    /// Why `source` cannot be a camera, known without ffmpeg, whose words for these were no help
    /// ("Inappropriate ioctl for device" for a video file, ": Invalid argument" for `lavfi:`):
    /// an empty lavfi graph, or a device path naming a file or a folder. Nil when only ffmpeg
    /// can tell (a missing path gets its "No such file or directory").
    static func problem(with source: CameraSource) -> String? {
        switch source {
        case .lavfi(let graph) where graph.allSatisfy(\.isWhitespace):
            return "the lavfi graph is empty (for a test pattern: lavfi:testsrc=size=640x480:rate=30)"
        case .device(let path):
            guard case .success(let status) = FileStat.of(path) else { return nil }
            let kind = status.isRegular ? "a file" : status.isDirectory ? "a folder" : nil
            return kind.map { "\($0), not a camera (name /dev/videoN, lavfi:GRAPH or a stream's URL; mediapick camera --list lists the cameras)" }
        default:
            return nil
        }
    }

    /// The reason given when the probe was abandoned.
    static let abandonedReason = "stopped by a signal"

    /// The reason given when ffmpeg says nothing.
    static let noPicture = "ffmpeg gave no picture"

    /// ffmpeg's line without the source name it starts with (`/dev/video9: No such file…`).
    static func reason(from line: String?, source: CameraSource) -> String {
        guard var line, !line.isEmpty else { return noPicture }
        let prefix = source.description + ": "
        if line.hasPrefix(prefix) { line.removeFirst(prefix.count) }
        if line.hasPrefix("[") , let close = line.firstIndex(of: "]") {
            line = String(line[line.index(after: close)...]).trimmedLeft()
        }
        return line.isEmpty ? noPicture : line
    }

    /// The width and height of a binary PPM (`P6`) with all its pixels, else nil.
    static func parsePPM(_ bytes: [UInt8]) -> PixelSize? {
        var fields: [Int] = []
        var index = 2
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else { return nil }
        while fields.count < 3 && index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
            var value = 0, digits = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), digits < 6 {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1; digits += 1
            }
            guard digits > 0 else { return nil }
            fields.append(value)
        }
        guard fields.count == 3, fields[0] > 0, fields[1] > 0, fields[2] == 255 else { return nil }
        guard bytes.count - (index + 1) >= fields[0] * fields[1] * 3 else { return nil }
        return PixelSize(width: fields[0], height: fields[1])
    }
}

extension String {
    fileprivate func trimmedLeft() -> String { String(drop { $0 == " " }) }
}
