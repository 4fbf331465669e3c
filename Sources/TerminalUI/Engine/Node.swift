/// The axes along which a node takes all the space it is offered.
struct Flexibility: OptionSet {
    let rawValue: UInt8
    static let horizontal = Flexibility(rawValue: 1)
    static let vertical = Flexibility(rawValue: 2)
    static let both: Flexibility = [.horizontal, .vertical]
}

/// A resolved, laid-out element of the screen: what primitive views turn into each time
/// the tree is resolved. Layout is two questions: how big for an offered size, and draw
/// into a given rectangle (a node never draws outside it).
@MainActor
protocol Node {
    /// Axes along which the node fills whatever it is offered.
    var flexibility: Flexibility { get }
    /// The size the node wants when offered `proposal` (never larger than it).
    func size(for proposal: Size) -> Size
    /// Draws into `rect` of the context's buffer.
    func draw(in rect: Rect, context: inout DrawContext)
}

/// What a frame is drawn into, plus what drawing learns on the way.
struct DrawContext {
    /// The frame being composed.
    var buffer: ScreenBuffer
    /// The focus target drawn as focused in the layer being drawn.
    var focusedID: String?
    /// Where each focus target of the layer ended up (for mouse hits).
    var frames: [String: Rect] = [:]
    /// Where the focused controller wants the terminal cursor.
    var cursor: Point?
}

extension Size {
    /// This size, no larger than `limit` in either direction.
    func clamped(to limit: Size) -> Size {
        Size(width: max(0, min(width, limit.width)), height: max(0, min(height, limit.height)))
    }
}
