#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Something threads wait for while holding a `Locked` value (a pthread condition variable,
/// which ThreadSanitizer understands). Waiting is `Locked.withLock(waitingOn:until:_:)`.
public final class LockCondition: @unchecked Sendable {
    // Sendable proof: the condition variable is made to be shared between threads and is only
    // used through pthread calls; the pointer is allocated once in init and never reassigned.
    let condition: UnsafeMutablePointer<pthread_cond_t>

    /// A condition nobody waits on yet.
    public init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Wakes one waiting thread, if any (after changing what it waits for).
    public func signal() { pthread_cond_signal(condition) }

    /// Wakes every waiting thread (after changing what they wait for).
    public func broadcast() { pthread_cond_broadcast(condition) }
}
