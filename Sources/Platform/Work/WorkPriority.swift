/// How soon a `WorkScheduler` job should run: higher first, first come first served within one.
public enum WorkPriority: Int, Comparable, Sendable, CaseIterable {
    /// Whenever nothing else waits (e.g. classifying files nobody looks at yet).
    case background
    /// Soon to be needed (the next screen of tiles).
    case ahead
    /// On screen now.
    case visible

    /// Lower runs later.
    public static func < (lhs: WorkPriority, rhs: WorkPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}
