/// Runs work on several threads and hands the results back in the input's order, each as
/// soon as it and everything before it are done (`thumb`'s files, the demo's pictures).
/// On a `WorkScheduler` (plain threads, not Swift tasks): `mediapick thumb` is a short
/// synchronous command, and starting the concurrency runtime's pool and hopping to the main
/// actor cost it more than the work of a small thumbnail.
public enum InOrderWorkers {
    /// Calls `work` on every element, at most `width` at a time, and `emit` on the calling
    /// thread with the results in the elements' order. With one element or `width` 1 no
    /// thread is started.
    public static func forEach<Element: Sendable, Output: Sendable>(
        _ elements: [Element], width: Int, work: @escaping @Sendable (Element) -> Output,
        emit: (Element, Output) -> Void
    ) {
        let threads = min(max(1, width), elements.count)
        guard threads > 1 else {
            for element in elements { emit(element, work(element)) }
            return
        }
        // At the caller's priority: here the workers are the command's work, not background to it.
        let scheduler = WorkScheduler(width: threads, name: "mediapick.thumb", niceness: 0)
        let board = ResultBoard<Output>(count: elements.count)
        // One priority, so the scheduler starts them first come first served: in input order.
        for (index, element) in elements.enumerated() {
            scheduler.submit(priority: .visible) { _ in board.post(work(element), at: index) }
        }
        var emitted = 0
        while emitted < elements.count {
            for output in board.takeReady(from: emitted) {
                emit(elements[emitted], output)
                emitted += 1
            }
        }
        scheduler.shutdown()
    }
}

/// The finished results of one `InOrderWorkers.forEach` not yet emitted.
private final class ResultBoard<Output: Sendable>: Sendable {
    private let results: Locked<[Output?]>
    /// Signalled whenever a result is posted.
    private let posted = LockCondition()

    init(count: Int) {
        results = Locked(Array(repeating: nil, count: count))
    }

    func post(_ output: Output, at index: Int) {
        results.withLock { $0[index] = output }
        posted.signal()
    }

    /// Waits until the result at `start` is there, then takes it and those after it that are
    /// done with no gap.
    func takeReady(from start: Int) -> [Output] {
        results.withLock(waitingOn: posted, until: { $0[start] != nil }) { results in
            var ready: [Output] = []
            var index = start
            while index < results.count, let output = results[index] {
                ready.append(output)
                results[index] = nil
                index += 1
            }
            return ready
        }
    }
}
