/// Where a screen is drawn and events come from: a real terminal (CursesBackend) or memory
/// (`InMemoryBackend`, for tests). Modelled on ratatui's `Backend`: it is sent only diffs.
@MainActor
public protocol TerminalBackend: AnyObject {
    /// The current screen size in cells.
    var size: Size { get }
    /// What the terminal can show (colour depth, graphics protocol, cell size in pixels).
    var capabilities: TerminalCapabilities { get }
    /// Draws changed cells (the output of `ScreenBuffer.diff`). Colours are already
    /// matched to `colorDepth` by the caller.
    func draw(_ updates: [CellUpdate])
    /// Shows exactly these pictures over the frame drawn with `draw` (terminal graphics):
    /// the backend sends what is new or moved and takes away what is gone. Called once per
    /// frame, before `flush`.
    func drawImages(_ images: [PlacedImage])
    /// Places the visible cursor, or hides it with nil.
    func setCursor(_ position: Point?)
    /// Forgets what is on the screen so the next frame is drawn whole (after a resize or resume).
    func invalidate()
    /// Makes everything drawn so far visible.
    func flush()
    /// The next event: waits up to `timeout` (nil = until one arrives); nil when none came.
    func readEvent(timeout: Duration?) -> Event?
    /// About how many bytes one `draw` + `flush` should send, so that writing never waits long
    /// for the terminal to read (`FrameChunks`); nil sends every frame whole.
    var outputBudget: Int? { get }
}

extension TerminalBackend {
    /// Frames go whole (memory and test backends, which never make the program wait).
    public var outputBudget: Int? { nil }

    /// A backend without terminal graphics shows no pictures (their cells stay blank).
    public func drawImages(_ images: [PlacedImage]) {}

    /// How many colours the terminal can show (`capabilities.colorDepth`).
    public var colorDepth: ColorDepth { capabilities.colorDepth }
}
