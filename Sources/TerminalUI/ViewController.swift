/// An imperative controller that draws into a region and handles events itself — the
/// UIKit-style half of the bridge (the picker grid is one). Declarative views host one
/// through `ControllerRepresentable`; the run loop can also host one directly.
@MainActor
public protocol ViewController: AnyObject {
    /// Called by the host with the region the controller will be drawn into, before each
    /// draw and after a resize: the place to bring its state up to date, so that `draw`
    /// only renders.
    func layout(in region: Rect)
    /// Draws the controller's content into `region` of `buffer` (it must not draw outside).
    /// It changes no state: the host has called `layout(in:)` with the same region first.
    func draw(in region: Rect, of buffer: inout ScreenBuffer)
    /// Handles an event routed to it; returns true when it used the event.
    func handle(_ event: Event) -> Bool
    /// Set by the host: call it when the controller must be redrawn for a reason other
    /// than an event it handled (a thumbnail arrived, a message timed out).
    var setNeedsDisplay: (@MainActor () -> Void)? { get set }
    /// Where the terminal cursor should be shown (a text field being edited), or nil to hide it.
    var cursorPosition: Point? { get }
}

extension ViewController {
    /// Nothing to prepare by default.
    public func layout(in region: Rect) {}

    /// No cursor by default.
    public var cursorPosition: Point? { nil }
}
