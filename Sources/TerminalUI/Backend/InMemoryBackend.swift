/// A terminal in memory, for tests: a screen buffer updated by exactly what is drawn, a
/// record of every draw call, and a script of events.
///
/// When the script runs out, `readEvent` returns `.terminate` by default so that a run loop
/// under test always ends (set `whenExhausted` to `nil` to get "no event" instead, for tests
/// that feed events one at a time). A scripted `.resize` changes `size` as it is read, as a
/// real terminal would have before reporting it.
@MainActor
public final class InMemoryBackend: TerminalBackend {
    /// The screen size.
    public private(set) var size: Size
    /// The capabilities reported.
    public var capabilities: TerminalCapabilities
    /// The colour depth reported (settable, for tests that change it mid-run).
    public var colorDepth: ColorDepth {
        get { capabilities.colorDepth }
        set { capabilities.colorDepth = newValue }
    }
    /// What the terminal shows now: cells with their (mapped) styles.
    public private(set) var screen: ScreenBuffer
    /// Every `draw` call's updates, in order.
    public private(set) var drawCalls: [[CellUpdate]] = []
    /// The pictures shown now (the last `drawImages`; none after `invalidate` or a resize, as a
    /// cleared terminal shows none). `screen.images` holds them too.
    public private(set) var images: [PlacedImage] = []
    /// Every `drawImages` call's pictures, in order.
    public private(set) var imageCalls: [[PlacedImage]] = []
    /// The cursor position last set (nil: hidden).
    public private(set) var cursor: Point?
    /// How many times `flush` was called.
    public private(set) var flushCount = 0
    /// How many times `invalidate` was called.
    public private(set) var invalidateCount = 0
    /// Events still to be read, first first.
    public var events: [Event]
    /// What `readEvent` returns once `events` is empty.
    public var whenExhausted: Event?
    /// The bytes a draw may send (nil: frames go whole), to test frames sent in parts.
    public var outputBudget: Int?

    /// A terminal of `size` and `colorDepth` that will report `events`.
    public init(size: Size, colorDepth: ColorDepth = .trueColor, events: [Event] = [], whenExhausted: Event? = .terminate) {
        self.size = size
        self.capabilities = TerminalCapabilities(colorDepth: colorDepth)
        self.events = events
        self.whenExhausted = whenExhausted
        screen = ScreenBuffer(size: size)
    }

    /// The screen as text, one line per row (what snapshots compare).
    public var text: String { screen.text }

    /// Adds events to the end of the script.
    public func enqueue(_ more: Event...) { events.append(contentsOf: more) }

    /// Changes the size at once, as when a terminal is resized (a `.resize` event should follow).
    public func resize(to newSize: Size) {
        size = newSize
        screen = ScreenBuffer(size: newSize)
        images = []
    }

    /// Applies the updates to `screen` and records them.
    public func draw(_ updates: [CellUpdate]) {
        drawCalls.append(updates)
        for update in updates {
            let p = update.position
            screen[p.x, p.y] = update.cell
            if update.cell.width == 2 { screen[p.x + 1, p.y] = .continuation(update.cell.style) }
        }
    }

    /// Shows exactly `images` and records the call.
    public func drawImages(_ images: [PlacedImage]) {
        imageCalls.append(images)
        self.images = images
        screen.images = images
    }

    /// Records the cursor.
    public func setCursor(_ position: Point?) { cursor = position }

    /// Clears the screen, as a real terminal's full repaint would start from nothing.
    public func invalidate() {
        invalidateCount += 1
        screen = ScreenBuffer(size: size)
        images = []
    }

    /// Counts flushes.
    public func flush() { flushCount += 1 }

    /// The timeout of each `readEvent` call, in order.
    public private(set) var readTimeouts: [Duration?] = []

    /// The next scripted event (never waits).
    public func readEvent(timeout: Duration?) -> Event? {
        readTimeouts.append(timeout)
        guard !events.isEmpty else { return whenExhausted }
        let event = events.removeFirst()
        if case .resize(let newSize) = event, newSize != size { resize(to: newSize) }
        return event
    }
}
