#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a pthread mutex, reachable only inside `withLock`, with waiting on a
/// `LockCondition` until the value says so.
///
/// Why not `Synchronization.Mutex`: on Linux it locks with raw futex calls that
/// ThreadSanitizer does not see, so every access it guards is reported as a race (a 4-thread
/// counter under `Mutex<Int>` reports one with Swift 6.3); and a condition variable needs a
/// pthread mutex anyway. pthread calls are intercepted by ThreadSanitizer, so what this type
/// guards is checked, not argued.
public final class Locked<State: Sendable>: @unchecked Sendable {
    // Sendable proof: `state` is only read or written inside `withLock`, between
    // pthread_mutex_lock and pthread_mutex_unlock of `mutex`, so no two threads touch it at
    // once; `mutex` is allocated once in init, never reassigned, and is made for sharing.
    // State is Sendable, so values moved in or out of the lock may cross threads.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    /// Guards `initial`.
    public init(_ initial: State) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        state = initial
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    public func withLock<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }

    /// Waits on `condition` until `ready` holds for the value, then runs `body` with it, all
    /// while holding the lock (released while waiting). Whoever changes what `ready` reads
    /// signals `condition` after the change.
    public func withLock<Result, Failure: Error>(
        waitingOn condition: LockCondition, until ready: (State) -> Bool,
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !ready(state) { pthread_cond_wait(condition.condition, mutex) }
        return try body(&state)
    }
}
