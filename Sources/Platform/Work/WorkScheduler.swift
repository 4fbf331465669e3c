/// Runs background jobs on a fixed number of threads, the highest `WorkPriority` first and in
/// submission order within one, with cancellation and reprioritisation through `WorkTicket`.
///
/// Plain pthreads (`WorkerThread`), not Swift tasks: `mediapick thumb` is a short synchronous
/// command that must not start the concurrency runtime's pool. Threads start when work first
/// needs them, up to `width`, and wait for more work until `shutdown()` (or until the
/// scheduler is released). No global instance: whoever needs one makes and owns it.
public final class WorkScheduler: Sendable {
    private let queue: WorkQueue

    /// A scheduler with at most `width` threads (at least 1), named `name` for `top -H`, whose
    /// threads run `niceness` below the thread that made them (`ThreadPriority`): background
    /// decodes on as many threads as cores otherwise take half the cores' time from the main
    /// thread, and a key that arrives then waits for a slice (issue 14's soak: keys of 10 ms of
    /// CPU took up to 30 ms of wall time).
    public init(width: Int = ProcessEnvironment.activeProcessorCount(), name: String = "mediapick.work",
                niceness: Int32 = ThreadPriority.backgroundNiceness) {
        queue = WorkQueue(width: max(1, width), name: name, niceness: niceness)
    }

    deinit { queue.shutdown(waiting: false) }

    /// The most jobs run at once.
    public var width: Int { queue.width }

    /// Queues `job`; it is called on a worker thread with its ticket (to poll `isCancelled`),
    /// unless cancelled first. After `shutdown()` the job never runs and the ticket is cancelled.
    @discardableResult
    public func submit(priority: WorkPriority = .background, _ job: @escaping @Sendable (WorkTicket) -> Void) -> WorkTicket {
        queue.submit(priority: priority, job)
    }

    /// Runs `body` while holding the lock the scheduler's threads share (tests only).
    func holdingWorkersLock(_ body: () -> Void) { queue.holdingWorkersLock(body) }

    /// Blocks until no job is queued or running. Not from inside a job.
    public func waitUntilIdle() { queue.waitUntilIdle() }

    /// Stops: queued jobs are dropped, running ones see `isCancelled`; returns once none runs,
    /// and the threads then end. Not from inside a job.
    public func shutdown() { queue.shutdown(waiting: true) }
}
