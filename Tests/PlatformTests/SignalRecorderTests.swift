#if canImport(Glibc)
import Glibc
#endif
import XCTest
@testable import Platform

/// The one way mediapick records signals (the picker's run loop, the writing of results, a
/// camera's probe): each arrival taken once, in the order of arrival, and everything found
/// at the start put back at the end. `raise` delivers to this thread before it returns.
final class SignalRecorderTests: XCTestCase {
    /// The disposition of `signo` now, as a handler address (SIG_DFL is 0, SIG_IGN 1).
    private func handler(_ signo: Int32) -> Int {
        var current = sigaction()
        sigaction(signo, nil, &current)
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
    }

    private func isBlocked(_ signo: Int32) -> Bool {
        var mask = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &mask)
        return sigismember(&mask, signo) == 1
    }

    func testARaisedSignalIsTakenOnce() {
        let recorder = SignalRecorder([SIGUSR1, SIGTERM])
        defer { recorder.stop() }
        XCTAssertEqual(recorder.take(), [])
        raise(SIGUSR1)
        XCTAssertEqual(recorder.take(), [SIGUSR1])
        XCTAssertEqual(recorder.take(), [], "taken once")
        raise(SIGTERM)
        raise(SIGTERM)
        XCTAssertEqual(recorder.take(), [SIGTERM], "a signal that came twice is taken once, as the kernel merges it")
    }

    /// In the order they first came, not in signal-number order: SIGUSR2 (12) before SIGUSR1 (10).
    func testSignalsAreTakenInTheOrderTheyFirstArrived() {
        let recorder = SignalRecorder([SIGUSR1, SIGUSR2, SIGALRM])
        defer { recorder.stop() }
        raise(SIGUSR2)
        raise(SIGUSR1)
        raise(SIGUSR2)
        XCTAssertEqual(recorder.take(), [SIGUSR2, SIGUSR1])
        raise(SIGALRM)
        raise(SIGUSR1)
        XCTAssertEqual(recorder.take(), [SIGALRM, SIGUSR1])
    }

    func testStopPutsBackThePreviousDispositions() {
        let ignoredBefore = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, ignoredBefore) }
        XCTAssertEqual(handler(SIGUSR1), 0, "SIGUSR1 starts at its default")
        let recorder = SignalRecorder([SIGUSR1, SIGUSR2])
        XCTAssertTrue(recorder.wasIgnored(SIGUSR2))
        XCTAssertFalse(recorder.wasIgnored(SIGUSR1))
        XCTAssertGreaterThan(handler(SIGUSR1), 1, "recorded: a handler of its own")
        XCTAssertGreaterThan(handler(SIGUSR2), 1)
        recorder.stop()
        XCTAssertEqual(handler(SIGUSR1), 0, "back at its default")
        XCTAssertEqual(handler(SIGUSR2), 1, "ignored again")
        recorder.stop()
        XCTAssertEqual(handler(SIGUSR1), 0, "a second stop changes nothing")
    }

    /// A signal the thread blocked (a mask inherited from whoever started the program) would
    /// stay pending for ever: recording unblocks it, and stop blocks it again.
    func testASignalBlockedBeforeIsRecordedAndBlockedAgainAfter() {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGUSR1)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let recorder = SignalRecorder([SIGUSR1, SIGUSR2])
        XCTAssertFalse(isBlocked(SIGUSR1))
        raise(SIGUSR1)
        XCTAssertEqual(recorder.take(), [SIGUSR1])
        recorder.stop()
        XCTAssertTrue(isBlocked(SIGUSR1), "blocked again, as found")
        XCTAssertFalse(isBlocked(SIGUSR2), "one that was not blocked is not blocked by stop")
    }

    /// What a recorder left untaken is not the next one's.
    func testANewRecorderStartsEmpty() {
        let first = SignalRecorder([SIGUSR1])
        raise(SIGUSR1)
        first.stop()
        let second = SignalRecorder([SIGUSR1])
        defer { second.stop() }
        XCTAssertEqual(second.take(), [])
    }

    /// Sent to the process rather than raised: any thread that does not block it runs the
    /// handler; the arrival is there once `kill` returns for this thread or soon after, so the
    /// test waits for it (by taking) rather than for a time.
    func testASignalSentToTheProcessIsRecorded() {
        let recorder = SignalRecorder([SIGUSR2])
        defer { recorder.stop() }
        kill(getpid(), SIGUSR2)
        var taken: [Int32] = []
        while taken.isEmpty { taken = recorder.take() }
        XCTAssertEqual(taken, [SIGUSR2])
        XCTAssertEqual(recorder.take(), [])
    }
}
