import Synchronization

/// The shared part of a `WorkScheduler`, kept alive by its threads and tickets while the
/// scheduler itself may be released (which shuts this down).
///
/// Two sides. Submitters (the main actor, on every key) only push to a lock-free `WorkInbox`
/// and post a `WorkerWake`: they never take a lock a worker holds, so a worker preempted at
/// nice +10 cannot make a key wait. The workers take the inbox into `State` under `state`'s
/// lock, which only they (and the rare `waitUntilIdle` and `shutdown`) contend for.
final class WorkQueue: Sendable {
    /// A queued job.
    struct Job: Sendable {
        let ticket: WorkTicket
        let run: @Sendable (WorkTicket) -> Void
        var priority: WorkPriority
        /// Bumped on each move, so the job's entry in its old line is recognised as stale.
        var epoch: Int
    }

    /// What a submitter asks of the workers, applied in the order asked.
    enum Request: Sendable {
        case submit(Job)
        case move(id: UInt64, to: WorkPriority)
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

    /// The workers' view: what is queued by priority, and what runs.
    struct State: Sendable {
        var queued: [UInt64: Job] = [:]
        var lines = [Line](repeating: Line(), count: WorkPriority.allCases.count)
        var running: [UInt64: WorkTicket] = [:]

        var isIdle: Bool { running.isEmpty && queued.isEmpty }

        mutating func apply(_ requests: [Request]) {
            for request in requests {
                switch request {
                case .submit(let job):
                    queued[job.ticket.id] = job
                    lines[job.priority.rawValue].append(job.ticket.id, epoch: job.epoch)
                case .move(let id, let priority):
                    guard var job = queued[id], job.priority != priority else { continue }
                    job.priority = priority
                    job.epoch += 1
                    queued[id] = job
                    lines[priority.rawValue].append(id, epoch: job.epoch)
                }
            }
        }

        /// The queued job of highest priority that came first, removed from the queue and
        /// counted as running. A cancelled job is dropped on the way: cancelling only sets the
        /// ticket's flag, so that it too never waits for this lock.
        mutating func startNext() -> Job? {
            for priority in WorkPriority.allCases.reversed() {
                while let entry = lines[priority.rawValue].popFirst() {
                    guard let job = queued[entry.id], job.epoch == entry.epoch else { continue }
                    queued[entry.id] = nil
                    if job.ticket.isCancelled { continue }
                    running[job.ticket.id] = job.ticket
                    return job
                }
            }
            return nil
        }

        /// Cancels and forgets every job (the queue stops).
        mutating func cancelAll(_ requests: [Request]) {
            for case .submit(let job) in requests { job.ticket.markCancelled() }
            for job in queued.values { job.ticket.markCancelled() }
            queued.removeAll()
            for index in lines.indices { lines[index].removeAll() }
            for ticket in running.values { ticket.markCancelled() }
        }
    }

    /// What a worker does next.
    private enum Step {
        case run(Job)
        case sleep
        case end
    }

    let width: Int
    private let name: String
    private let niceness: Int32
    private let inbox = WorkInbox<Request>()
    private let wake = WorkerWake()
    private let nextID = Atomic<UInt64>(0)
    private let threads = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    private let state = Locked(State())
    /// Broadcast when the queue may have become idle.
    private let idle = LockCondition()

    init(width: Int, name: String, niceness: Int32) {
        self.width = width
        self.name = name
        self.niceness = niceness
    }

    func submit(priority: WorkPriority, _ run: @escaping @Sendable (WorkTicket) -> Void) -> WorkTicket {
        let ticket = WorkTicket(id: nextID.wrappingAdd(1, ordering: .relaxed).oldValue, queue: self)
        guard !stopping.load(ordering: .sequentiallyConsistent) else {
            ticket.markCancelled()
            return ticket
        }
        inbox.push(.submit(Job(ticket: ticket, run: run, priority: priority, epoch: 0)))
        if stopping.load(ordering: .sequentiallyConsistent) {
            // `shutdown` may have emptied the inbox before this push: cancel what it missed.
            cancelAllQueued()
        } else if !wake.wakeOne() {
            startThreadIfRoom()
        }
        return ticket
    }

    /// Cancelling only sets the ticket's flag (`WorkTicket.cancel`); the job is dropped when it
    /// comes up, which is soon: no worker sleeps while a job is queued.
    func move(_ ticket: WorkTicket, to priority: WorkPriority) {
        inbox.push(.move(id: ticket.id, to: priority))
        // A sleeping worker takes it, so the inbox is not left holding it while the queue idles.
        wake.wakeOne()
    }

    func waitUntilIdle() {
        state.withLock(waitingOn: idle, until: { $0.isIdle && inbox.isEmpty }) { _ in }
    }

    func shutdown(waiting: Bool) {
        stopping.store(true, ordering: .sequentiallyConsistent)
        cancelAllQueued()
        wake.wake(count: width)
        if waiting { waitUntilIdle() }
    }

    /// Runs `body` while holding the workers' lock: tests show that submitting, moving and
    /// cancelling never wait for it.
    func holdingWorkersLock(_ body: () -> Void) { state.withLock { _ in body() } }

    private func cancelAllQueued() {
        state.withLock { $0.cancelAll(inbox.takeAll()) }
        idle.broadcast()
    }

    /// Starts one more worker while fewer than `width` run (none is asleep to take the job).
    private func startThreadIfRoom() {
        var count = threads.load(ordering: .relaxed)
        while count < width {
            let (claimed, found) = threads.compareExchange(expected: count, desired: count + 1, ordering: .relaxed)
            if !claimed { count = found; continue }
            if !WorkerThread.spawn(name: name, { self.runWorker() }) {
                // No thread could be made: if none exists, do the work here rather than never.
                if threads.subtract(1, ordering: .relaxed).newValue == 0 { runPendingHere() }
            }
            return
        }
    }

    /// A worker thread's loop: take the next job, run it, sleep when there is none, until the
    /// queue stops.
    private func runWorker() {
        if niceness > 0 { ThreadPriority.lowerCurrentThread(by: niceness) }
        while true {
            switch nextStep() {
            case .run(let job): run(job)
            case .sleep: wake.sleep(unless: { !inbox.isEmpty || stopping.load(ordering: .sequentiallyConsistent) })
            case .end:
                threads.subtract(1, ordering: .relaxed)
                return
            }
        }
    }

    private func nextStep() -> Step {
        let (step, nowIdle) = state.withLock { state -> (Step, Bool) in
            guard !stopping.load(ordering: .sequentiallyConsistent) else { return (.end, false) }
            state.apply(inbox.takeAll())
            if let job = state.startNext() { return (.run(job), false) }
            return (.sleep, state.isIdle)
        }
        if nowIdle { idle.broadcast() }
        return step
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
            state.apply(inbox.takeAll())
            return state.startNext()
        }) { run(job) }
        idle.broadcast()
    }
}
