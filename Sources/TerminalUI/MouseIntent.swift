/// What a mouse report asks of a screen whose things can be focused (the picker's grid and
/// buttons, the app's list of chosen files): every such screen reads the mouse through
/// `MouseEvent.intent(hitTest:)`, so the wheel and the buttons mean the same on each.
public enum MouseIntent<Target> {
    /// The wheel turned: move the focus `by` rows (-1 up, the wheel turned away from the
    /// user; 1 down), as the Up and Down keys do, wherever the pointer is.
    case move(by: Int)
    /// The left button went down on `Target`.
    case click(Target)
}

extension MouseEvent {
    /// This report as a `MouseIntent`: a wheel turn moves the focus, a left press clicks what
    /// `hitTest` finds under the pointer. Nil for what no screen acts on: a release (the press
    /// acted already), the middle and right buttons, a press on nothing.
    public func intent<Target>(hitTest: (Point) -> Target?) -> MouseIntent<Target>? {
        switch kind {
        case .wheelUp: return .move(by: -1)
        case .wheelDown: return .move(by: 1)
        case .release, .press(.middle), .press(.right): return nil
        case .press(.left): return hitTest(position).map { .click($0) }
        }
    }
}
