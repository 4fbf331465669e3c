#if canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest

/// `cc_stop_job`, which Ctrl-Z runs, stops the process whichever of its threads could take the
/// signal. In the picker the caller is the main queue's thread, the thread the program started
/// on blocks SIGTSTP, and sleeping workers do not: the group's signal went to one of them,
/// which, woken late on a busy machine, ran the restored handler instead of stopping. The
/// picker then suspended again and again and the shell never saw the job stop (the rare
/// timeout of `MediapickMouseTests` in CI).
///
/// The helper program lays that out on purpose: every thread on one CPU, the worker at
/// SCHED_IDLE so it runs only once the caller has put the handler back. It is built at test
/// time from `foreground.c` itself and a small `main`, and run in a process group of its own
/// so that its stop reaches no other process.
final class StopJobTests: XCTestCase {
    private static let helperSource = #"""
    #define _GNU_SOURCE
    #include <pthread.h>
    #include <sched.h>
    #include <signal.h>
    #include <stdatomic.h>
    #include <unistd.h>

    void cc_stop_job(int signo);

    static atomic_int recorded;
    static void record(int signo) { (void)signo; atomic_fetch_add(&recorded, 1); }

    static void unblock_tstp(void) {
        sigset_t tstp;
        sigemptyset(&tstp);
        sigaddset(&tstp, SIGTSTP);
        pthread_sigmask(SIG_UNBLOCK, &tstp, NULL);
    }

    static void *worker(void *unused) {
        struct sched_param none = {0};
        pthread_setschedparam(pthread_self(), SCHED_IDLE, &none);
        unblock_tstp();
        for (;;) pause();
        return unused;
    }

    static void *caller(void *unused) {
        unblock_tstp();
        cc_stop_job(SIGTSTP);
        // 0: continued without the handler having run; 3: the handler took the stop.
        _exit(atomic_load(&recorded) == 0 ? 0 : 3);
        return unused;
    }

    // The other caller: a handler of SIGTSTP (thumb's terminal probe), where it is blocked.
    static void stop_from_handler(int signo) { cc_stop_job(signo); }

    int main(int argc, char **argv) {
        alarm(20);
        if (argc > 1) {
            struct sigaction in_handler = {0};
            in_handler.sa_handler = stop_from_handler;
            sigemptyset(&in_handler.sa_mask);
            sigaction(SIGTSTP, &in_handler, NULL);
            raise(SIGTSTP);
            return 0;
        }
        cpu_set_t allowed, one;
        sched_getaffinity(0, sizeof allowed, &allowed);
        CPU_ZERO(&one);
        for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
            if (CPU_ISSET(cpu, &allowed)) { CPU_SET(cpu, &one); break; }
        }
        sched_setaffinity(0, sizeof one, &one);
        struct sigaction action = {0};
        action.sa_handler = record;
        sigemptyset(&action.sa_mask);
        sigaction(SIGTSTP, &action, NULL);
        sigset_t tstp;
        sigemptyset(&tstp);
        sigaddset(&tstp, SIGTSTP);
        pthread_sigmask(SIG_BLOCK, &tstp, NULL);
        // Created first, the worker comes before the caller when the kernel looks for a
        // thread to take a signal sent to the process.
        pthread_t first, second;
        pthread_create(&first, NULL, worker, NULL);
        pthread_create(&second, NULL, caller, NULL);
        pthread_join(second, NULL);
        return 4;
    }
    """#

    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("stop-job-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The C compiler on PATH (`cc`, or the toolchain's `clang`).
    private func compiler() throws -> String {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/opt/swift/usr/bin", "/usr/bin"]
        for name in ["cc", "clang", "gcc"] {
            for folder in folders where access("\(folder)/\(name)", X_OK) == 0 { return "\(folder)/\(name)" }
        }
        throw XCTSkip("no C compiler to build the helper with")
    }

    /// Runs `arguments` and waits; its exit status (128 + the signal if one ended it).
    private func run(_ arguments: [String], processGroup: Bool = false, untilStopped: Bool = false) throws -> (pid: pid_t, status: Int32) {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if processGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawn(&pid, arguments[0], nil, &attributes, argv, environ)
        guard spawned == 0 else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(spawned)) }
        return (pid, wait(pid, untilStopped: untilStopped))
    }

    /// waitpid, its status as a number: the exit code, 128 + a signal that ended it, or -signo
    /// of a stop when `untilStopped`.
    private func wait(_ pid: pid_t, untilStopped: Bool = false) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, untilStopped ? WUNTRACED : 0) < 0 && errno == EINTR {}
        if status & 0xFF == 0x7F { return -((status >> 8) & 0xFF) }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// The helper, built from `foreground.c`; its path.
    private func buildHelper() throws -> String {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CSystem")
        let main = directory.appendingPathComponent("main.c")
        let helper = directory.appendingPathComponent("stop-job").path
        try Self.helperSource.write(to: main, atomically: true, encoding: .utf8)
        let build = try run([try compiler(), "-O1", "-pthread", "-I", sources.appendingPathComponent("include").path,
                             "-o", helper, main.path, sources.appendingPathComponent("foreground.c").path])
        XCTAssertEqual(build.status, 0, "the helper builds")
        return helper
    }

    /// Runs the helper with `arguments` in a process group of its own: it must stop once, and,
    /// continued, end with status 0.
    private func assertStopsOnceAndEnds(_ arguments: [String]) throws {
        let started = try run([try buildHelper()] + arguments, processGroup: true, untilStopped: true)
        XCTAssertEqual(started.status, -SIGTSTP, "the process stopped (0: it went on without stopping, 3: the handler took the stop)")
        guard started.status < 0 else { return }
        kill(started.pid, SIGCONT)
        let ended = wait(started.pid, untilStopped: true)
        if ended < 0 {
            kill(started.pid, SIGKILL)
            _ = wait(started.pid)
        }
        XCTAssertEqual(ended, 0, "continued once, it returns with the handler never run (-20: it stopped again)")
    }

    func testTheCallerStopsEvenWhenASleepingThreadCouldTakeTheSignal() throws {
        try assertStopsOnceAndEnds([])
    }

    /// In a handler of SIGTSTP the group's signal, blocked there, was not discarded as ignored:
    /// it stopped the process when the signal was unblocked, and the one raised stopped it again
    /// right after `fg` (ThumbTerminalTests' Ctrl-Z during the probe's wait).
    func testFromAHandlerOfTheSignalItStopsOnlyOnce() throws {
        try assertStopsOnceAndEnds(["handler"])
    }
}
