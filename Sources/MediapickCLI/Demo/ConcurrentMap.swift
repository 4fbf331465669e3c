import Dispatch
import Synchronization

/// Runs a closure over every element on all cores, keeping the order.
enum ConcurrentMap {
    static func map<Element: Sendable, Output: Sendable>(_ elements: [Element], _ transform: @Sendable (Element) -> Output) -> [Output] {
        let results = UnsafeResults<Output>(count: elements.count)
        DispatchQueue.concurrentPerform(iterations: elements.count) { index in
            results.set(index, transform(elements[index]))
        }
        return results.values
    }

    /// Slots written once each from different threads, read after all are done.
    private final class UnsafeResults<Output: Sendable>: Sendable {
        private let slots: Mutex<[Output?]>
        init(count: Int) { slots = Mutex(Array(repeating: nil, count: count)) }
        func set(_ index: Int, _ value: Output) { slots.withLock { $0[index] = value } }
        var values: [Output] { slots.withLock { $0.map { $0! } } }
    }
}
