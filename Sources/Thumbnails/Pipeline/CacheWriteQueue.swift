import Synchronization
import Platform

/// Disk-cache writes put off until the screen's tiles are done, so writing never delays a tile.
final class CacheWriteQueue: Sendable {
    private let pending = Locked<[@Sendable () -> Void]>([])

    func add(_ write: @escaping @Sendable () -> Void) { pending.withLock { $0.append(write) } }

    func takeAll() -> [@Sendable () -> Void] {
        pending.withLock { writes in
            defer { writes.removeAll() }
            return writes
        }
    }
}
