#if canImport(Glibc)
import Glibc
#endif
import TerminalUI

/// A terminal in memory for the camera benchmark, driven by the real run loop: it keeps the
/// screen as drawn, and at each flush reads which frame is on it (the stamp in the picture's
/// cells, or the identity of its picture for graphics renderers) and how old that frame is.
/// `readEvent` blocks for its whole timeout and returns no key, as curses does with a
/// silent keyboard, so frames reach the screen at the run loop's own cadence; it ends the
/// run (`.terminate`) once `duration` is over.
@MainActor
final class CameraBenchBackend: TerminalBackend {
    /// 80x40 cells.
    let size: Size
    /// True colour, so the cells carry the renderer's colours unchanged.
    let capabilities = TerminalCapabilities(colorDepth: .trueColor)
    /// How frames are identified on the screen.
    enum Reading {
        /// Cell art: the stamp read from the cells of `picture`.
        case cells(CameraStamp, picture: Rect)
        /// A graphics picture whose identity is the stamp plus one (see `StampingRenderer`).
        case identity
    }
    private let reading: Reading
    private var screen: ScreenBuffer
    private var images: [PlacedImage] = []
    private var lastStamp: Int?
    private let start = ContinuousClock.now
    private let warmUp: Duration
    private let duration: Duration
    /// Called at the window's start and end (CPU readings), and at each new frame drawn.
    var onWindowStart: (() -> Void)?
    var onWindowEnd: (() -> Void)?
    var onNewFrame: (() -> Void)?

    /// Frames drawn inside the measured window (a frame counts once, however often it is redrawn).
    private(set) var framesDrawn = 0
    /// Age in ms of each frame drawn inside the window, from its stamp to the flush that showed it.
    private(set) var latencies: [Int] = []
    /// Flushes inside the window (renders of the run loop).
    private(set) var flushes = 0

    init(size: Size, reading: Reading, warmUp: Duration, duration: Duration) {
        self.size = size
        self.reading = reading
        self.warmUp = warmUp
        self.duration = duration
        screen = ScreenBuffer(size: size)
    }

    private var phase: Int {
        let elapsed = start.duration(to: .now)
        return elapsed < warmUp ? 0 : elapsed < warmUp + duration ? 1 : 2
    }
    private var windowStarted = false

    func draw(_ updates: [CellUpdate]) {
        for update in updates { screen[update.position.x, update.position.y] = update.cell }
    }

    func drawImages(_ images: [PlacedImage]) { self.images = images }

    func setCursor(_ position: Point?) {}

    func invalidate() { screen = ScreenBuffer(size: size) }

    func flush() {
        let now = Self.wallClockMilliseconds()
        let stamp: Int?
        switch reading {
        case .cells(let reader, let picture): stamp = reader.read(screen, picture: picture)
        case .identity: stamp = images.first.map { $0.image.identity - 1 }
        }
        let inWindow = phase == 1 && windowStarted
        if inWindow { flushes += 1 }
        guard let stamp, stamp >= 0, stamp != lastStamp else { return }
        lastStamp = stamp
        guard inWindow else { return }
        framesDrawn += 1
        latencies.append(CameraStamp.age(of: stamp, now: now))
        onNewFrame?()
    }

    func readEvent(timeout: Duration?) -> Event? {
        switch phase {
        case 0: break
        case 1:
            if !windowStarted {
                windowStarted = true
                onWindowStart?()
            }
        default:
            onWindowEnd?()
            return .terminate
        }
        if let timeout {
            let c = timeout.components
            var pause = timespec(tv_sec: Int(c.seconds), tv_nsec: Int(c.attoseconds / 1_000_000_000))
            nanosleep(&pause, nil)
        }
        return nil
    }

    /// The wall clock in ms, the clock ffmpeg's `RTCTIME` reads.
    static func wallClockMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
