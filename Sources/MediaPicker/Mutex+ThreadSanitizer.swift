#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

extension Mutex where Value: ~Copyable {
    /// `withLock`, with the order the lock imposes also told to ThreadSanitizer, keyed by
    /// `owner` (the object that holds this mutex, so the key lives as long as the lock).
    ///
    /// Why: `Mutex` takes a free lock with a compare-and-exchange compiled into the caller,
    /// which ThreadSanitizer sees, but waits for a held one inside the Synchronization library
    /// (`FUTEX_LOCK_PI` / `FUTEX_UNLOCK_PI`), which is not instrumented. So whenever a thread
    /// had to wait, the hand-over from the previous holder is invisible and every access to
    /// the guarded value is reported as a race (`swift test --sanitize=thread` showed ~35 in
    /// MediaLibrary and ResultBoard, all inside `withLock`). These two calls add exactly the
    /// edge the lock provides, acquire after taking it and release before giving it up, the
    /// way the Swift runtime annotates its own locks. Without ThreadSanitizer they are two
    /// nil checks.
    borrowing func withLock<Result: ~Copyable, E: Error>(
        announcingTo owner: AnyObject, _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try withLock { (value: inout sending Value) throws(E) -> sending Result in
            let key = Unmanaged.passUnretained(owner).toOpaque()
            ThreadSanitizerHooks.acquire?(key)
            defer { ThreadSanitizerHooks.release?(key) }
            return try body(&value)
        }
    }
}

/// ThreadSanitizer's happens-before annotations, found at run time: they exist only in a
/// process built with `--sanitize=thread`, whose runtime exports them.
private enum ThreadSanitizerHooks {
    typealias Hook = @convention(c) (UnsafeMutableRawPointer?) -> Void

    static let acquire = lookup("__tsan_acquire")
    static let release = lookup("__tsan_release")

    private static func lookup(_ name: String) -> Hook? {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        guard let symbol = dlsym(everywhere, name) else { return nil }
        return unsafeBitCast(symbol, to: Hook.self)
    }
}
