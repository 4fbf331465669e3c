#if canImport(Glibc)
import Glibc
#endif
import Platform
import XCTest

/// One errno → decision and one wording, whoever asks.
final class SystemErrorTests: XCTestCase {
    func testMissingMeansNoEntryOrNotADirectory() {
        XCTAssertTrue(SystemError.isMissing(ENOENT))
        XCTAssertTrue(SystemError.isMissing(ENOTDIR))
        XCTAssertFalse(SystemError.isMissing(EACCES))
        XCTAssertFalse(SystemError(path: "/x", code: EIO).isMissing)
    }

    func testOneLineWording() {
        XCTAssertEqual(SystemError(path: "/a/b.jpg", code: ENOENT).description, "/a/b.jpg: No such file or directory")
        XCTAssertEqual(SystemError("cannot read", path: "/a", code: EACCES).description, "cannot read /a: Permission denied")
        XCTAssertEqual(SystemError("cannot write to stdout", code: EPIPE).description, "cannot write to stdout: Broken pipe")
        XCTAssertEqual(SystemError(code: EIO).description, "Input/output error")
        XCTAssertEqual(SystemError(path: "", code: ENOENT).description, "'': No such file or directory", "an empty name is named")
        XCTAssertEqual(SystemError("--preselect", path: "", code: ENOENT).description, "--preselect '': No such file or directory")
    }

    func testStatOfAFileBelowAFileIsMissing() throws {
        let result = FileStat.of(RawPath("/etc/passwd/inner"))
        guard case .failure(let error) = result else { return XCTFail("stat succeeded") }
        XCTAssertEqual(error.code, ENOTDIR)
        XCTAssertTrue(error.isMissing)
        XCTAssertEqual(error.path, "/etc/passwd/inner")
    }

    func testStatOfAFolderAndItsDescriptor() throws {
        let folder = try FileStat.of(RawPath("/")).get()
        XCTAssertTrue(folder.isDirectory)
        let fd = open("/", O_RDONLY | O_DIRECTORY)
        defer { close(fd) }
        let same = try FileStat.of(descriptor: fd).get()
        XCTAssertEqual([same.device, same.inode], [folder.device, folder.inode])
    }

    func testOpeningAFolderIsRefused() {
        XCTAssertThrowsError(try FileIO.OpenFile(RawPath("/"))) { error in
            XCTAssertEqual((error as? SystemError)?.code, EISDIR)
        }
    }
}
