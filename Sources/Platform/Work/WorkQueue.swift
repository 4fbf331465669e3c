/// The shared part of a `WorkScheduler`, kept alive by its threads and tickets while the
/// scheduler itself may be released (which shuts this down).
final class WorkQueue: Sendable {
    /// A queued job.
    struct Job: Sendable {
        let ticket: WorkTicket
        let run: @Sendable (WorkTicket) -> Void
        var priority: WorkPriority
        /// Bumped on each move, so the job's entry in its old line is recognised as stale.
        var epoch: Int
    }

    /// One priority's first-come-first-served line of job ids; entries may be stale (the job
    /// was cancelled or moved) and are skipped when they come up.
    struct Line: Sendable {
        private var entries: [(id: UInt64, epoch: Int)] = []
        private var head = 0

        mutating func append(_ id: UInt64, epoch: Int) { entries.append((id, epoch)) }

        mutating func popFirst() -> (id: UInt64, epoch: Int)? {
            guard head < entries.count else { return nil }
            defer {
                head += 1
                // Drop the taken front now and then, so the array does not only grow.
                if head == entries.count || head >= 1024 && head * 2 >= entries.count {
                    entries.removeFirst(head)
                    head = 0
                }
            }
            return entries[head]
        }

        mutating func removeAll() { entries.removeAll(); head = 0 }
    }

    struct State: Sendable {
        var queued: [UInt64: Job] = [:]
        var lines = [Line](repeating: Line(), count: WorkPriority.allCases.count)
        var running: [UInt64: WorkTicket] = [:]
        var nextID: UInt64 = 0
        var threads = 0
        var stopping = false

        var isIdle: Bool { running.isEmpty && queued.isEmpty }

        /// The queued job of highest priority that came first, removed from the queue.
        mutating func popNext() -> Job? {
            for priority in WorkPriority.allCases.reversed() {
                while let entry = lines[priority.rawValue].popFirst() {
                    if let job = queued[entry.id], job.epoch == entry.epoch {
                        queued[entry.id] = nil
                        return job
                    }
                }
            }
            return nil
        }
    }

    let width: Int
    private let name: String
    private let niceness: Int32
    private let state = Locked(State())
    /// Signalled when a job is queued or the queue stops.
    private let work = LockCondition()
    /// Broadcast when the queue becomes idle.
    private let idle = LockCondition()

    init(width: Int, name: String, niceness: Int32) {
        self.width = width
        self.name = name
        self.niceness = niceness
    }

    func submit(priority: WorkPriority, _ run: @escaping @Sendable (WorkTicket) -> Void) -> WorkTicket {
        let (ticket, startThread) = state.withLock { state -> (WorkTicket, Bool) in
            let ticket = WorkTicket(id: state.nextID, queue: self)
            state.nextID += 1
            if state.stopping {
                ticket.markCancelled()
                return (ticket, false)
            }
            state.queued[ticket.id] = Job(ticket: ticket, run: run, priority: priority, epoch: 0)
            state.lines[priority.rawValue].append(ticket.id, epoch: 0)
            // A thread more when the queued jobs outnumber the threads not running one.
            let free = state.threads - state.running.count
            guard state.threads < width, state.queued.count > free else { return (ticket, false) }
            state.threads += 1
            return (ticket, true)
        }
        work.signal()
        if startThread && !WorkerThread.spawn(name: name, { self.runWorker() }) {
            // No thread could be made: if none exists, do the work here rather than never.
            let alone = state.withLock { state -> Bool in
                state.threads -= 1
                return state.threads == 0
            }
            if alone { runPendingHere() }
        }
        return ticket
    }

    func drop(_ ticket: WorkTicket) {
        let nowIdle = state.withLock { state -> Bool in
            guard state.queued.removeValue(forKey: ticket.id) != nil else { return false }
            return state.isIdle
        }
        if nowIdle { idle.broadcast() }
    }

    func move(_ ticket: WorkTicket, to priority: WorkPriority) {
        state.withLock { state in
            guard var job = state.queued[ticket.id], job.priority != priority else { return }
            job.priority = priority
            job.epoch += 1
            state.queued[ticket.id] = job
            state.lines[priority.rawValue].append(ticket.id, epoch: job.epoch)
        }
    }

    func waitUntilIdle() {
        state.withLock(waitingOn: idle, until: { $0.isIdle }) { _ in }
    }

    func shutdown(waiting: Bool) {
        state.withLock { state in
            state.stopping = true
            for job in state.queued.values { job.ticket.markCancelled() }
            state.queued.removeAll()
            for index in state.lines.indices { state.lines[index].removeAll() }
            for ticket in state.running.values { ticket.markCancelled() }
        }
        work.broadcast()
        idle.broadcast()
        if waiting { waitUntilIdle() }
    }

    /// A worker thread's loop: take the next job, run it, until the queue stops.
    private func runWorker() {
        if niceness > 0 { ThreadPriority.lowerCurrentThread(by: niceness) }
        while let job = nextJob() { run(job) }
    }

    private func nextJob() -> Job? {
        state.withLock(waitingOn: work, until: { $0.stopping || !$0.queued.isEmpty }) { state -> Job? in
            guard !state.stopping, let job = state.popNext() else {
                state.threads -= 1
                return nil
            }
            state.running[job.ticket.id] = job.ticket
            return job
        }
    }

    private func run(_ job: Job) {
        if !job.ticket.isCancelled { job.run(job.ticket) }
        let nowIdle = state.withLock { state -> Bool in
            state.running[job.ticket.id] = nil
            return state.isIdle
        }
        if nowIdle { idle.broadcast() }
    }

    /// Runs the queued jobs on the calling thread (when no worker thread could be started).
    private func runPendingHere() {
        while let job = state.withLock({ state -> Job? in
            guard let job = state.popNext() else { return nil }
            state.running[job.ticket.id] = job.ticket
            return job
        }) { run(job) }
    }
}
