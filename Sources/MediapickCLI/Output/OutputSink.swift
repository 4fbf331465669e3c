#if canImport(Glibc)
import Glibc
#endif
import MediaDecoding
import Platform
import MediaPicker

/// Where results go: stdout, or `-o FILE` (a regular file replaced whole, anything else written straight).
public enum OutputSink {
    /// Writes all of `bytes` to a file descriptor (retrying short writes and EINTR).
    public static func write(_ bytes: [UInt8], to fd: Int32) throws(CommandError) {
        if let code = WholeFile.write(bytes, to: fd) {
            throw .system(what: fd == 1 ? "cannot write to stdout" : "cannot write", errno: code)
        }
    }

    /// Writes `bytes` to standard output.
    public static func writeStandardOutput(_ bytes: [UInt8]) throws(CommandError) {
        try write(bytes, to: 1)
    }

    /// Writes `bytes` to `-o FILE` as `OutputDestination` says: a regular file (or a new one)
    /// through a temporary file renamed over it, so a reader never sees half a result and a
    /// failure leaves any old file as it was; a FIFO, a device or /dev/stdout straight, and so
    /// is a file we may write in a folder we may not (`OutputDestination.writesInPlace`).
    /// `abandon` is asked just before the rename (or the opening): true (a signal arrived)
    /// leaves FILE untouched; the result says whether FILE was written.
    @discardableResult
    public static func writeFile(_ bytes: [UInt8], to path: RawPath, abandon: () -> Bool = { false }) throws(CommandError) -> Bool {
        try writeFile({ _ in bytes }, to: path, abandon: abandon)
    }

    /// Writes to `-o FILE` as `writeFile(_:to:abandon:)` does the bytes `bytes` gives for
    /// FILE's `NameOutput`: names as the screen shows them when FILE is a terminal
    /// (`-o /dev/tty`), exact in a file, a FIFO or any other device.
    @discardableResult
    public static func writeFile(_ bytes: (NameOutput) -> [UInt8], to path: RawPath,
                                 abandon: () -> Bool = { false }) throws(CommandError) -> Bool {
        switch try OutputDestination.of(path) {
        case .replace(let target, let existing) where OutputDestination.writesInPlace(target, existing: existing, access: DestinationCheck.system.access):
            return try writeStraight(bytes, to: target, truncating: true, abandon: abandon)
        case .replace(let target, let existing):
            return try writeAtomically(bytes(.exact), to: target, keeping: existing, named: path, abandon: abandon)
        case .straight(let isRegular):
            return try writeStraight(bytes, to: path, truncating: isRegular, abandon: abandon)
        }
    }

    /// A temporary file beside `target`, renamed over it; `existing`'s permission bits and
    /// owner are given to the new file (a 600 file stayed private no longer, it became 644).
    /// `named` is the path the user gave, for messages.
    private static func writeAtomically(_ bytes: [UInt8], to target: RawPath, keeping existing: FileStat?, named path: RawPath,
                                        abandon: () -> Bool) throws(CommandError) -> Bool {
        let template = target.parent.appending(temporaryName(for: target.lastComponent))
        var buffer = template.bytes.map { CChar(bitPattern: $0) } + [0]
        let fd = mkstemp(&buffer)
        guard fd >= 0 else { throw .cannotWrite(path, errno: errno) }
        let temporary = RawPath(bytes: buffer.dropLast().map { UInt8(bitPattern: $0) })
        var descriptor: Int32? = fd
        do throws(CommandError) {
            // Named: "cannot write: No space left on device" did not say which file.
            if let code = WholeFile.write(bytes, to: fd) {
                throw CommandError.cannotWrite(path, errno: code)
            }
            if let existing {
                // The owner first: chown clears the set-user-ID bits, which fchmod then restores.
                // Only root may give a file away; anyone else keeps the file as theirs.
                _ = fchown(fd, existing.owner, existing.group)
                fchmod(fd, mode_t(existing.permissions))
            } else {
                // mkstemp makes the file 0600; new results are ordinary files.
                let mask = umask(0o022)
                umask(mask)
                fchmod(fd, 0o666 & ~mask)
            }
            guard fsync(fd) == 0 || errno == EINVAL else { throw CommandError.cannotWrite(path, errno: errno) }
            close(fd)
            descriptor = nil
            if abandon() {
                _ = temporary.withCString { unlink($0) }
                return false
            }
            let renamed = temporary.withCString { from in target.withCString { to in rename(from, to) } }
            guard renamed == 0 else { throw CommandError.cannotWrite(path, errno: errno) }
            return true
        } catch {
            if let descriptor { close(descriptor) }
            _ = temporary.withCString { unlink($0) }
            throw error
        }
    }

    /// The `mkstemp` template of the temporary file for `name`: `.NAME.XXXXXX`, the name cut
    /// so that the whole fits in a file name's 255 bytes (a name of 250 bytes, which `>` can
    /// write, failed after the pick with "File name too long").
    static func temporaryName(for name: RawPath) -> RawPath {
        let suffix = Array(".XXXXXX".utf8)
        return RawPath(bytes: Array(".".utf8) + name.bytes.prefix(Int(NAME_MAX) - 1 - suffix.count) + suffix)
    }

    /// Opens `path` for writing as it is (truncated only when it is a regular file, reached
    /// through /proc) and writes what `bytes` gives for it (a terminal or not). A FIFO without a reader is waited for, asking
    /// `abandon` between tries, so that Ctrl-C still ends the wait.
    private static func writeStraight(_ bytes: (NameOutput) -> [UInt8], to path: RawPath, truncating: Bool,
                                      abandon: () -> Bool) throws(CommandError) -> Bool {
        // O_NOCTTY: a terminal named by -o (/dev/tty, /dev/pts/N) is written to, never adopted.
        let flags = O_WRONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (truncating ? O_TRUNC : 0)
        var fd: Int32 = -1
        while true {
            if abandon() { return false }
            fd = path.withCString { open($0, flags) }
            if fd >= 0 { break }
            let code = errno
            if code == EINTR { continue }
            // ENXIO is a FIFO with no reader yet (or a socket, which cannot be opened at all).
            guard code == ENXIO, case .success(let status) = FileStat.of(path), status.isFIFO else {
                throw .cannotWrite(path, errno: code)
            }
            // No event says when a reader comes; look again shortly.
            var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            nanosleep(&pause, nil)
        }
        defer { close(fd) }
        // Non-blocking only to open a FIFO without hanging; the writing may wait for the reader.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        if let code = WholeFile.write(bytes(NameOutput.forDescriptor(fd)), to: fd) {
            throw .cannotWrite(path, errno: code)
        }
        return true
    }
}
