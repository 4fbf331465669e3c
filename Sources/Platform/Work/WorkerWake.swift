#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Where a `WorkQueue`'s idle workers sleep, and how a submitter wakes one without waiting.
///
/// A counting semaphore, not a condition variable: `pthread_cond_signal` takes the
/// condition's internal lock, and the main actor waited 2 to 7.5 ms there behind a
/// preempted low-priority worker (issue 14's soak, traced with `perf`). `sem_post` is an
/// atomic add, plus a futex wake only when a thread sleeps on it.
///
/// No wake-up is lost: a worker counts itself a sleeper *before* its last look for work, and
/// a submitter publishes its work *before* it counts the sleepers, both sequentially
/// consistent, so either the worker sees the work or the submitter sees the sleeper and posts.
/// A post that finds the worker already awake only costs that worker one more look.
final class WorkerWake: @unchecked Sendable {
    // Sendable proof: `semaphore` is allocated once in init, never reassigned, and used only
    // through sem_wait/sem_post, which are made for sharing between threads; `sleepers` is an
    // atomic. The queue's threads keep it alive, so it is never destroyed with a sleeper on it.
    private let semaphore: UnsafeMutablePointer<sem_t>
    private let sleepers = Atomic<Int>(0)

    init() {
        semaphore = .allocate(capacity: 1)
        semaphore.initialize(to: sem_t())
        sem_init(semaphore, 0, 0)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    /// Sleeps until woken, unless `hasWork` (checked after counting this thread a sleeper)
    /// says there is something to do already.
    func sleep(unless hasWork: () -> Bool) {
        sleepers.add(1, ordering: .sequentiallyConsistent)
        if !hasWork() {
            while sem_wait(semaphore) != 0 && errno == EINTR {}
        }
        sleepers.subtract(1, ordering: .sequentiallyConsistent)
    }

    /// Wakes a sleeping worker, if any; false when none slept (so none was woken).
    @discardableResult
    func wakeOne() -> Bool {
        guard sleepers.load(ordering: .sequentiallyConsistent) > 0 else { return false }
        sem_post(semaphore)
        return true
    }

    /// Wakes up to `count` workers whether or not they sleep yet (stopping the queue).
    func wake(count: Int) {
        for _ in 0..<max(0, count) { sem_post(semaphore) }
    }
}
