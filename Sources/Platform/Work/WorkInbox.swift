import Synchronization

/// What other threads hand a `WorkQueue`'s workers, without a lock: a list pushed with one
/// compare-and-swap and emptied whole with one exchange.
///
/// Why no lock: the main actor submits and reprioritises tile jobs on every key, and a lock
/// shared with the workers made it wait whenever a worker, 10 nice levels down, was preempted
/// while holding it (issue 14's soak, traced with `perf`: waits of 3.4 and 7.8 ms in
/// `WorkQueue.submit`). Pushing cannot wait on anyone. Taking the whole list at once (never
/// one node) means no taker can see a node freed under it, so there is no ABA problem.
final class WorkInbox<Request: Sendable>: Sendable {
    /// One pushed request; `next` is the address of the node pushed before it (0 at the end).
    /// Written only by its pusher before the compare-and-swap publishes it, read only by the
    /// taker after the exchange that took it: the atomics order the two.
    private final class Node {
        let request: Request
        var next: UInt = 0

        init(_ request: Request) { self.request = request }
    }

    /// The address of the newest node, 0 when empty. An address, not a pointer: raw pointers
    /// are not `Sendable`, and the list is only ever handed over whole through this word.
    private let newest = Atomic<UInt>(0)

    init() {}

    deinit { _ = takeAll() }

    /// Adds `request` after every request pushed before it. Sequentially consistent, so that a
    /// pusher that then finds no worker asleep knows a worker will still see it (`WorkerWake`).
    func push(_ request: Request) {
        let node = Node(request)
        let address = UInt(bitPattern: Unmanaged.passRetained(node).toOpaque())
        var expected = newest.load(ordering: .relaxed)
        while true {
            node.next = expected
            let (pushed, found) = newest.compareExchange(
                expected: expected, desired: address,
                successOrdering: .sequentiallyConsistent, failureOrdering: .relaxed)
            if pushed { return }
            expected = found
        }
    }

    /// True when nothing waits to be taken (a snapshot: a push may follow at once).
    var isEmpty: Bool { newest.load(ordering: .sequentiallyConsistent) == 0 }

    /// Everything pushed so far, oldest first, leaving the inbox empty.
    func takeAll() -> [Request] {
        var address = newest.exchange(0, ordering: .sequentiallyConsistent)
        var newestFirst: [Request] = []
        while let pointer = UnsafeRawPointer(bitPattern: address) {
            let node = Unmanaged<Node>.fromOpaque(pointer).takeRetainedValue()
            newestFirst.append(node.request)
            address = node.next
        }
        return newestFirst.reversed()
    }
}
