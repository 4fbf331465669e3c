import Dispatch
import MediaPicker
import Synchronization

/// Runs work on several threads and hands the results back in the input's order, each as
/// soon as it and everything before it are done (`thumb`'s files, the demo's pictures).
/// Plain threads, not Swift tasks: `mediapick thumb` is a short synchronous command, and
/// starting the concurrency runtime's pool and hopping to the main actor cost it more than
/// the work of a small thumbnail.
enum InOrderWorkers {
    /// Calls `work` on every element, at most `width` at a time, and `emit` on the calling
    /// thread with the results in the elements' order. With one element or `width` 1 no
    /// thread is started.
    static func forEach<Element: Sendable, Output: Sendable>(
        _ elements: [Element], width: Int, work: @escaping @Sendable (Element) -> Output,
        emit: (Element, Output) -> Void
    ) {
        let threads = min(max(1, width), elements.count)
        guard threads > 1 else {
            for element in elements { emit(element, work(element)) }
            return
        }
        let board = ResultBoard<Output>(count: elements.count)
        for _ in 0..<threads {
            WorkerThread.start(name: "mediapick.thumb") {
                while let index = board.claim() {
                    board.post(work(elements[index]), at: index)
                }
            }
        }
        var printed = 0
        while printed < elements.count {
            board.waitForOne()
            for output in board.takeReady(from: printed) {
                emit(elements[printed], output)
                printed += 1
            }
        }
    }
}

/// The shared state of one `InOrderWorkers.forEach`: which element is next to start, and
/// the finished results not yet emitted. `finished` counts one signal per posted result.
private final class ResultBoard<Output: Sendable>: Sendable {
    private struct State {
        var next = 0
        var results: [Output?]
    }
    private let count: Int
    private let state: Mutex<State>
    private let finished = DispatchSemaphore(value: 0)

    init(count: Int) {
        self.count = count
        state = Mutex(State(results: Array(repeating: nil, count: count)))
    }

    /// The index of the next element to work on, or nil when all are taken.
    func claim() -> Int? {
        state.withLock { state in
            guard state.next < count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    func post(_ output: Output, at index: Int) {
        state.withLock { $0.results[index] = output }
        finished.signal()
    }

    func waitForOne() { finished.wait() }

    /// The results from `start` on that are done with no gap, removed from the board.
    func takeReady(from start: Int) -> [Output] {
        state.withLock { state in
            var ready: [Output] = []
            var index = start
            while index < count, let output = state.results[index] {
                ready.append(output)
                state.results[index] = nil
                index += 1
            }
            return ready
        }
    }
}
