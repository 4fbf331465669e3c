import Foundation

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
    private final class UnsafeResults<Output>: @unchecked Sendable {
        private var slots: [Output?]
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Output) { lock.withLock { slots[index] = value } }
        var values: [Output] { lock.withLock { slots.map { $0! } } }
    }
}
