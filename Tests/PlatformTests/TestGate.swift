import Platform

/// A one-way gate for tests: threads wait until it opens; no sleeps, no timing.
final class TestGate: Sendable {
    private let isOpen = Locked(false)
    private let opened = LockCondition()

    func open() {
        isOpen.withLock { $0 = true }
        opened.broadcast()
    }

    func wait() {
        isOpen.withLock(waitingOn: opened, until: { $0 }) { _ in }
    }
}

/// Values appended from several threads, read back in the order they came.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])

    func append(_ value: Value) { values.withLock { $0.append(value) } }

    var all: [Value] { values.withLock { $0 } }
}
