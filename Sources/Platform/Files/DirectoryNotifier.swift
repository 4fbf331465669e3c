#if canImport(Glibc)
import Glibc

/// Says soon after something changes in the folders it watches (Linux inotify): a file made,
/// removed or renamed, or closed after writing. It says only *that* something changed,
/// once for a burst (`settle`): the caller looks for itself (`MediaLibrary`'s looks), so that
/// a lost or overflowed event, or a folder it could not watch (the system's
/// `max_user_watches`), costs only time until the caller's own polling.
///
/// A folder is watched at its path: removed or moved away and made again there, it is watched
/// again as soon as it is back, and that is told too (`NotifierWatches`).
///
/// One thread blocks in `poll` on the inotify descriptor and a pipe that `stop` writes to;
/// the descriptors are closed by that thread, under the lock, so `watch` never reaches a
/// closed (or reused) descriptor.
public final class DirectoryNotifier: Sendable {
    private struct State {
        var stopped = false
        /// The thread has ended and closed the inotify descriptor and the pipe's read end.
        var closed = false
        /// The folders watched (`inotify_add_watch` is asked once per path) and awaited.
        var watches: NotifierWatches
    }

    private let inotify: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let state: Locked<State>

    /// What is told: names made, removed or renamed, files closed after writing or touched,
    /// the folder itself removed or moved. Not each write (`IN_MODIFY`): a copy of a large
    /// video says so thousands of times a second, and its close says it once.
    private static let events = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE
                                       | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// Starts watching nothing yet; `onChange` runs on the notifier's thread after each burst of
    /// changes has been quiet for `settle` (a folder being filled, by `tar x` or a camera
    /// import, says so for every file). Nil when inotify or a thread is not to be had.
    public init?(settle: Duration = .milliseconds(100), onChange: @escaping @Sendable () -> Void) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(descriptor)
            return nil
        }
        // Not handed to helpers (ffmpeg) started meanwhile.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        (inotify, wakeRead, wakeWrite) = (descriptor, ends[0], ends[1])
        state = Locked(State(watches: NotifierWatches(inotify: descriptor, events: Self.events)))
        let milliseconds = Int32(settle.components.seconds * 1000 + settle.components.attoseconds / 1_000_000_000_000_000)
        let (inotify, wakeRead, state) = (inotify, wakeRead, state)
        let started = WorkerThread.spawn(name: "mediapick.notify") {
            Self.loop(inotify: inotify, wake: wakeRead, settle: milliseconds, state: state, onChange: onChange)
        }
        guard started else {
            (close(descriptor), close(ends[0]), close(ends[1]))
            return nil
        }
    }

    deinit { stop() }

    /// Watches the folder at `path` (again: nothing); false when it cannot be (gone, not a
    /// folder, the system's limit reached, or stopped).
    @discardableResult
    public func watch(_ path: RawPath) -> Bool {
        state.withLock { state in
            guard !state.stopped, !state.closed else { return false }
            return state.watches.add(path) == 0
        }
    }

    /// Ends the watching: `onChange` is not called after this returns (but for a call under
    /// way). Also on release.
    public func stop() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            // Under the lock: the thread closes the read end under it too, and a write to a
            // pipe nobody reads would raise SIGPIPE.
            if !state.closed {
                var byte: UInt8 = 1
                _ = write(wakeWrite, &byte, 1)
            }
            close(wakeWrite)
        }
    }

    private static func loop(inotify: Int32, wake: Int32, settle: Int32, state: Locked<State>, onChange: @Sendable () -> Void) {
        defer {
            state.withLock { state in
                state.closed = true
                close(inotify)
                close(wake)
            }
        }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            var both = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            if poll(&both, 2, -1) < 0 {
                if errno == EINTR { continue }
                return
            }
            if both[1].revents != 0 { return }
            // A burst: wait until it has been quiet for `settle`, reading it away meanwhile.
            var told = false
            repeat {
                if take(from: inotify, into: &buffer, state: state) { told = true }
                var quiet = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0), pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)]
                let ready = poll(&quiet, 2, settle)
                if quiet[0].revents != 0 { return }
                if ready <= 0 { break }
            } while true
            if state.withLock({ $0.stopped }) { return }
            // Only the changes of an ancestor watched for a folder awaited: not told.
            if told { onChange() }
        }
    }

    /// Reads the events waiting and hands each to the watches (which watch a folder back
    /// again before the caller is told, so that its look reads a folder watched); true when
    /// one is to be told.
    private static func take(from inotify: Int32, into buffer: inout [UInt8], state: Locked<State>) -> Bool {
        var told = false
        let header = MemoryLayout<inotify_event>.size
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { return told }
            let taken = state.withLock { state in
                buffer.withUnsafeBytes { raw in
                    var (offset, any) = (0, false)
                    while offset + header <= count {
                        let descriptor = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                        let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                        let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        // The name is padded with NULs to the length given.
                        let name = raw[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                        if state.watches.take(descriptor, mask: mask, name: Array(name)) { any = true }
                        offset += header + length
                    }
                    return any
                }
            }
            if taken { told = true }
        }
    }
}
#endif
