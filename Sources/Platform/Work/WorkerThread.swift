#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A named, detached thread for a long blocking loop (a folder scan), which would tie up
/// one of the concurrency pool's few threads. Plain pthreads: Foundation's `Thread` would
/// bring all of Foundation into the process for this one call.
public final class WorkerThread: Sendable {
    private let name: String
    private let body: @Sendable () -> Void

    private init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }

    /// Starts `body` on a new thread called `name` (Linux keeps the first 15 bytes).
    /// Runs `body` on the calling thread when no thread can be made, so the work still happens.
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        if !spawn(name: name, body) { body() }
    }

    /// Starts `body` on a new thread called `name`; false (and `body` not run) when no thread
    /// can be made, for callers whose body must not run on the calling thread (a worker loop).
    public static func spawn(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let worker = WorkerThread(name: name, body: body)
        let context = Unmanaged.passRetained(worker).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, workerEntry, context) == 0 else {
            Unmanaged<WorkerThread>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    fileprivate func run() {
        Self.nameCurrentThread(name)
        body()
    }

    /// Names the calling thread for `top -H` and debuggers, through `/proc/thread-self/comm`
    /// (`pthread_setname_np` is not visible to Swift on glibc); nothing happens elsewhere.
    private static func nameCurrentThread(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}

private func workerEntry(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<WorkerThread>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
