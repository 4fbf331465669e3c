#if canImport(Glibc)
import Glibc
#endif
import Platform
import XCTest

/// `FileAccess.readProblem` answers for the effective user, as the `open` of whoever uses a
/// picked path would: root reads a chmod 000 file, an ordinary user does not.
final class FileAccessTests: XCTestCase {
    func testAFileWithoutReadPermissionIsUnreadableForAnOrdinaryUserOnly() throws {
        let folder = "/tmp/file-access-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        XCTAssertEqual(mkdir(folder, 0o755), 0)
        defer { _ = rmdir(folder) }
        let path = folder + "/locked.jpg"
        let fd = open(path, O_CREAT | O_WRONLY, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        defer { _ = unlink(path) }
        XCTAssertNil(FileAccess.readProblem(RawPath(path)))
        XCTAssertEqual(chmod(path, 0), 0)
        XCTAssertEqual(FileAccess.readProblem(RawPath(folder + "/gone.jpg")), ENOENT)
        XCTAssertEqual(FileAccess.readProblem(RawPath(folder)), EISDIR, "a folder is no file to pick")
        guard geteuid() == 0 else {
            XCTAssertEqual(FileAccess.readProblem(RawPath(path)), EACCES)
            return
        }
        XCTAssertNil(FileAccess.readProblem(RawPath(path)), "root reads it")
        // As `nobody` (the effective user only, as the check asks for it; the real one stays root).
        try XCTSkipIf(seteuid(65534) != 0, "cannot drop privileges to test permissions")
        let asNobody = FileAccess.readProblem(RawPath(path))
        XCTAssertEqual(seteuid(0), 0)
        XCTAssertEqual(asNobody, EACCES)
    }
}
