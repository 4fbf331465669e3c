#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MediaDecoding
import Platform
import Thumbnails

extension StreamingProcess: FrameByteSource {}

/// A live camera: ffmpeg streaming raw RGB24 frames at the source's full size on a pipe, read
/// on a thread of its own as fast as they come. A second thread reduces and renders the
/// newest frame read for the preview, off the main actor: frames read while it renders are
/// dropped, never queued, so a slow render skips frames instead of falling behind (when one
/// thread did both, ffmpeg waited on the full pipe and each frame drawn was older than the
/// last). Only the newest rendered frame is kept for the screen. The full-size frame is the
/// still the shutter keeps: no second ffmpeg, and the photo is the picture the user saw.
public final class CameraCapture: Sendable {
    /// The source.
    public let source: CameraSource
    /// The frames' size (the source's).
    public let size: PixelSize
    private let process: StreamingProcess
    private let slot = Locked(Slot())
    /// Signalled when a frame is read, the reading ends, or `stop()` is called.
    private let frameRead = LockCondition()

    private struct Slot: Sendable {
        /// The newest frame read and not yet rendered.
        var unrendered: RGBFrame?
        /// Frames read so far.
        var read = 0
        /// The stream has ended (or failed): no more frames will be read.
        var readingEnded = false
        var latest: CameraFrame?
        /// A hop to the consumer is under way: do not send another.
        var notified = false
        var target: PreviewTarget?
        var ended: CameraError?
        var stopping = false
    }

    /// How the preview is drawn, set by the screen that shows it.
    public struct PreviewTarget: Equatable, Sendable {
        /// Draws the preview (cell art today; a graphics renderer is the same call).
        public let renderer: AnyThumbnailRenderer
        /// The area, in cells.
        public let cells: TileSize

        /// A target.
        public init(renderer: AnyThumbnailRenderer, cells: TileSize) {
            self.renderer = renderer
            self.cells = cells
        }
    }

    private init(source: CameraSource, size: PixelSize, process: StreamingProcess) {
        self.source = source
        self.size = size
        self.process = process
    }

    /// Starts streaming `source` (probed first: `size` is its frame size) at `frameRate`.
    /// `notify` is called on the reading thread when a frame or the end is waiting in
    /// `take()`; at most once until `take()` is called. `didRead`, if given, is called on the
    /// reading thread with the count of frames read after each one (for tests and measurements).
    public static func start(_ source: CameraSource, size: PixelSize, ffmpeg: RawPath, frameRate: Int = 15,
                             didRead: (@Sendable (Int) -> Void)? = nil,
                             notify: @escaping @Sendable () -> Void) throws(CameraError) -> CameraCapture {
        var arguments = [b("-nostdin"), b("-hide_banner"), b("-loglevel"), b("error")]
        if case .url = source { arguments += [b("-fflags"), b("nobuffer")] }
        arguments += source.inputArguments
        // `-threads 1`: with frame threads the rawvideo encoder (a copy) holds each frame until
        // the next one comes, a whole frame interval of latency (67 ms at 15 fps; CameraBench).
        arguments += [b("-an"), b("-f"), b("rawvideo"), b("-pix_fmt"), b("rgb24"), b("-threads"), b("1"),
                      b("-s"), b("\(size.width)x\(size.height)"), b("-r"), b("\(frameRate)"), b("-")]
        guard let process = StreamingProcess.start(ffmpeg, arguments: arguments) else {
            throw .cannotOpen(source: source.description, reason: "ffmpeg could not be started")
        }
        let capture = CameraCapture(source: source, size: size, process: process)
        let started = WorkerThread.spawn(name: "camera-read") { capture.readLoop(didRead: didRead) }
            && WorkerThread.spawn(name: "camera-render") { capture.renderLoop(notify: notify) }
        guard started else {
            capture.stop()
            process.stop()
            throw .cannotOpen(source: source.description, reason: "no thread to read it")
        }
        return capture
    }

    /// Reads frames until the stream ends or `stop()`, each replacing the one not yet rendered.
    private func readLoop(didRead: (@Sendable (Int) -> Void)?) {
        FrameReader(width: size.width, height: size.height).run(process) { full in
            let (read, stopping) = slot.withLock { slot in
                slot.unrendered = full
                slot.read += 1
                return (slot.read, slot.stopping)
            }
            frameRead.signal()
            didRead?(read)
            return !stopping
        }
        slot.withLock { $0.readingEnded = true }
        frameRead.signal()
    }

    /// Renders the newest frame read, again and again; once the reading has ended (and its
    /// last frame is handed on), says why the stream ended.
    private func renderLoop(notify: @escaping @Sendable () -> Void) {
        var live = LivePreview()
        while true {
            let next = slot.withLock(waitingOn: frameRead, until: { $0.unrendered != nil || $0.readingEnded || $0.stopping }) { slot in
                defer { slot.unrendered = nil }
                return slot.stopping ? nil : (frame: slot.unrendered, target: slot.target)
            }
            guard let next else { return }
            guard let full = next.frame else { break }
            let preview = next.target.map { live.picture(of: full, for: $0) }
            let frame = CameraFrame(full: full, preview: preview?.picture, cells: next.target?.cells, previewNumber: preview?.number)
            let send = slot.withLock { slot -> Bool in
                slot.latest = frame
                defer { slot.notified = true }
                return !slot.notified
            }
            if send { notify() }
        }
        let stopping = slot.withLock { $0.stopping }
        if !stopping { _ = process.waitForExit(timeLimit: .seconds(1)) }
        let reason = Self.endReason(errorLine: process.lastErrorLine, waitStatus: process.exitStatus, source: source)
        let send = slot.withLock { slot -> Bool in
            guard !slot.stopping else { return false }
            slot.ended = .stopped(reason: reason)
            defer { slot.notified = true }
            return !slot.notified
        }
        if send { notify() }
    }

    /// Why the stream ended, after "camera stopped: ": ffmpeg's last error line when it wrote
    /// one; else how it ended (killed by a signal, or a failing status: a finite source ends
    /// with 0); else, not reaped yet (`waitStatus` nil), the stream's end.
    static func endReason(errorLine: String?, waitStatus: Int32?, source: CameraSource) -> String {
        let said = CameraProbe.reason(from: errorLine, source: source)
        if said != CameraProbe.noPicture { return said }
        guard let status = waitStatus else { return "the stream ended" }
        let signal = status & 0x7f
        if signal != 0 && signal != 0x7f {
            let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
            return "ffmpeg was ended by signal \(signal) (\(name))"
        }
        let code = (status >> 8) & 0xff
        return code == 0 ? "the stream ended" : "ffmpeg exited with status \(code)"
    }

    /// Sets how later frames are drawn for the preview; nil: they are read but not drawn.
    public func setPreviewTarget(_ target: PreviewTarget?) { slot.withLock { $0.target = target } }

    /// The cells later frames are drawn for, nil when they are not drawn.
    public var previewCells: TileSize? { slot.withLock { $0.target?.cells } }

    /// The newest frame since the last call (nil if none) and whether the stream has ended;
    /// re-arms `notify`.
    public func take() -> (frame: CameraFrame?, ended: CameraError?) {
        slot.withLock { slot in
            let taken = (slot.latest, slot.ended)
            slot.latest = nil
            slot.notified = false
            return taken
        }
    }

    /// Stops ffmpeg (SIGTERM, then SIGKILL) and reaps it; the reading thread then ends.
    public func stop() {
        slot.withLock { $0.stopping = true }
        frameRead.broadcast()
        process.stop()
    }

    deinit { process.stop() }
}

/// A frame of the live stream: the full-size picture and its preview, rendered for `cells`.
public struct CameraFrame: Sendable {
    /// The frame as read.
    public let full: RGBFrame
    /// The preview, if a target was set when the frame came.
    public let preview: RenderedThumbnail?
    /// The size the preview was rendered for.
    public let cells: TileSize?
    /// The preview's number (`NumberedPreview`): a frame with the number of the one shown
    /// looks the same and needs no redraw.
    public let previewNumber: Int?

    /// A frame; `previewNumber` nil: its preview counts as new.
    public init(full: RGBFrame, preview: RenderedThumbnail?, cells: TileSize?, previewNumber: Int? = nil) {
        self.full = full
        self.preview = preview
        self.cells = cells
        self.previewNumber = previewNumber
    }
}
