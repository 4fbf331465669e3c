import Synchronization

/// One job handed to a `WorkScheduler`: the job polls `isCancelled`, its owner may `cancel`
/// it or move it to another priority while it waits.
public final class WorkTicket: Sendable {
    /// The job's number within its scheduler.
    let id: UInt64
    private let queue: WorkQueue
    // An atomic, not the scheduler's lock: a running job polls this often and must not
    // contend with the scheduler (atomics are instrumented by ThreadSanitizer).
    private let cancelled = Atomic<Bool>(false)

    init(id: UInt64, queue: WorkQueue) {
        self.id = id
        self.queue = queue
    }

    /// True once `cancel()` was called (or the scheduler shut down): a running job should
    /// stop at its next check.
    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Cancels the job: dropped without running when it is still queued; told through
    /// `isCancelled` when it runs. Calling it again, or after the job ended, does nothing.
    /// Only a flag is set, so the caller never waits on the scheduler (the queue drops the job
    /// when it comes up).
    public func cancel() { markCancelled() }

    /// Moves the job, when still queued, to the end of `priority`'s line; no effect otherwise.
    public func reprioritize(_ priority: WorkPriority) {
        queue.move(self, to: priority)
    }

    /// Sets the flag.
    func markCancelled() { cancelled.store(true, ordering: .releasing) }
}
