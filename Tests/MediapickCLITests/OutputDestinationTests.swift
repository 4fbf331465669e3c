#if canImport(Glibc)
import Glibc
#endif
@testable import MediapickCLI
import Foundation
import Platform
import XCTest

/// `-o FILE` onto what is not a plain new file: a FIFO, a device, /dev/stdout and /dev/fd/N
/// are written straight (a temporary file renamed over them replaced them with a regular
/// file), symbolic links are followed and stay, and a replaced file keeps its mode.
final class OutputDestinationTests: XCTestCase {
    private var scratch: ScratchFolder!
    private var folder: RawPath { scratch.path }

    override func setUpWithError() throws {
        scratch = try ScratchFolder("mp-out")
    }

    override func tearDownWithError() throws {
        scratch = nil
    }

    private func write(_ name: String, _ text: String = "") throws -> RawPath {
        let file = folder.appending(name)
        try FileBytes.createNew(file, bytes: Array(text.utf8))
        return file
    }

    private func lstatMode(_ path: RawPath) -> mode_t {
        var st = stat()
        XCTAssertEqual(path.withCString { lstat($0, &st) }, 0, path.string)
        return st.st_mode
    }

    private func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.string).sorted()
    }

    /// Everything readable now from `fd` (non-blocking).
    private func drain(_ fd: Int32) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(fd, &buffer, buffer.count)
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    func testAReplacedFileKeepsItsMode() throws {
        let file = try write("out.txt", "old\n")
        XCTAssertEqual(file.withCString { chmod($0, 0o600) }, 0)
        XCTAssertTrue(try OutputSink.writeFile(Array("new\n".utf8), to: file))
        XCTAssertEqual(try FileBytes.read(file), Array("new\n".utf8))
        XCTAssertEqual(lstatMode(file) & 0o7777, 0o600, "was 644")
        XCTAssertEqual(try entries(), ["out.txt"], "no temporary file left")
    }

    func testASymbolicLinkIsFollowedAndStays() throws {
        let target = try write("target.txt", "target\n")
        try FileManager.default.createDirectory(atPath: folder.appending("sub").string, withIntermediateDirectories: false)
        let link = folder.appending("sub/link.txt")
        XCTAssertEqual(symlink("../target.txt", link.string), 0)
        XCTAssertTrue(try OutputSink.writeFile(Array("new\n".utf8), to: link))
        XCTAssertEqual(lstatMode(link) & S_IFMT, S_IFLNK, "the link stays a link")
        XCTAssertEqual(try FileBytes.read(target), Array("new\n".utf8))

        let dangling = folder.appending("dangling")
        XCTAssertEqual(symlink("made.txt", dangling.string), 0)
        XCTAssertTrue(try OutputSink.writeFile(Array("made\n".utf8), to: dangling))
        XCTAssertEqual(lstatMode(dangling) & S_IFMT, S_IFLNK)
        XCTAssertEqual(try FileBytes.read(folder.appending("made.txt")), Array("made\n".utf8))
    }

    func testAFIFOIsWrittenStraight() throws {
        let fifo = folder.appending("fifo")
        XCTAssertEqual(mkfifo(fifo.string, 0o644), 0)
        let reader = fifo.withCString { open($0, O_RDONLY | O_NONBLOCK) }
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        XCTAssertTrue(try OutputSink.writeFile(Array("picked\n".utf8), to: fifo))
        XCTAssertEqual(drain(reader), Array("picked\n".utf8), "the reader gets the results")
        XCTAssertEqual(lstatMode(fifo) & S_IFMT, S_IFIFO, "still a FIFO")
    }

    /// With no reader the FIFO is waited for, and a stop signal (`abandon`) ends the wait.
    func testAFIFOWithoutAReaderIsWaitedForUntilAbandoned() throws {
        let fifo = folder.appending("fifo")
        XCTAssertEqual(mkfifo(fifo.string, 0o644), 0)
        var asked = 0
        XCTAssertFalse(try OutputSink.writeFile([1], to: fifo) {
            asked += 1
            return asked == 3
        })
        XCTAssertEqual(asked, 3)
        XCTAssertEqual(lstatMode(fifo) & S_IFMT, S_IFIFO)
    }

    /// A node like /dev/null (made here: replacing the real one is what the bug did, as root).
    func testACharacterDeviceStaysADevice() throws {
        let node = folder.appending("null")
        guard mknod(node.string, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 else { throw XCTSkip("mknod needs root") }
        XCTAssertTrue(try OutputSink.writeFile(Array("gone\n".utf8), to: node))
        XCTAssertEqual(lstatMode(node) & S_IFMT, S_IFCHR)
        XCTAssertEqual(try OutputDestination.of(RawPath("/dev/null")), .straight(isRegular: false))
    }

    /// /proc/self/fd/N, /dev/fd/N and a link to them (as /dev/stdout is) reach the open file.
    func testProcFileDescriptorsAreWrittenStraight() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        let link = folder.appending("stdout")
        XCTAssertEqual(symlink("/proc/self/fd/\(ends[1])", link.string), 0)
        for (index, path) in ["/proc/self/fd/\(ends[1])", "/dev/fd/\(ends[1])", link.string].enumerated() {
            XCTAssertTrue(try OutputSink.writeFile([UInt8(index)], to: RawPath(path)), path)
            XCTAssertEqual(drain(ends[0]), [UInt8(index)], path)
        }
        XCTAssertEqual(lstatMode(link) & S_IFMT, S_IFLNK, "the link stays a link")
    }

    func testDestinations() throws {
        let file = try write("file.txt")
        let existing = try FileStat.of(file).get()
        XCTAssertEqual(try OutputDestination.of(file), .replace(file, existing: existing))
        XCTAssertEqual(try OutputDestination.of(folder.appending("new.txt")), .replace(folder.appending("new.txt"), existing: nil))
        let loop = folder.appending("loop")
        XCTAssertEqual(symlink("loop", loop.string), 0)
        XCTAssertThrowsError(try OutputDestination.of(loop)) { error in
            XCTAssertEqual("\(error)", "cannot write \(loop.string): Too many levels of symbolic links")
        }
    }
}
