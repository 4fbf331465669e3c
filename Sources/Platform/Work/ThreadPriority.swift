import CSystem

/// The calling thread's share of the cores, for background work that must not delay the
/// thread that draws (decoders beside the UI on a 2-core machine, as browsers and file
/// managers run their image decoders).
public enum ThreadPriority {
    /// How much a background worker's nice value is raised: at +10 a worker competing with a
    /// nice-0 thread for one core gets about a tenth of it (the kernel's weights 110 and 1024),
    /// so a key waits at most a scheduler slice behind a decode, not half of it.
    public static let backgroundNiceness: Int32 = 10

    /// Raises the calling thread's nice value by `by` (at most to 19). Lowering a priority
    /// needs no privilege; it lasts for the thread's life (Linux; nothing elsewhere).
    public static func lowerCurrentThread(by: Int32 = backgroundNiceness) {
        _ = cc_lower_thread_priority(by)
    }

    /// The calling thread's nice value (0 where threads have none of their own).
    public static var currentNiceness: Int32 { cc_thread_niceness() }
}
