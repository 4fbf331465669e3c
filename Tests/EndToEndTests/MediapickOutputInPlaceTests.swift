import Foundation
import XCTest

/// `-o FILE` where FILE may be written but its folder may not: it said "cannot write FILE:
/// Permission denied" of a file `echo > FILE` could write (the exploratory tester's finding
/// 4), as its temporary file could not be made beside it. Such a file is written in place now.
/// The tests run as root, for whom permissions hardly count, so mediapick runs as nobody.
final class MediapickOutputInPlaceTests: PickerTerminalCase {
    func testAWritableFileInAFolderWeMayNotWriteIsWrittenInPlace() throws {
        let setpriv = "/usr/bin/setpriv"
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: setpriv) else {
            throw XCTSkip("needs root and setpriv, to run mediapick as another user")
        }
        let picture = try files.picture("a.ppm")
        let folder = files.directory + "/locked"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let shared = folder + "/picks.txt", kept = folder + "/kept.txt"
        XCTAssertTrue(FileManager.default.createFile(atPath: shared, contents: Data("old results, longer than the new\n".utf8)))
        XCTAssertTrue(FileManager.default.createFile(atPath: kept, contents: Data("kept\n".utf8)))
        XCTAssertEqual(chmod(files.directory, 0o755), 0)
        XCTAssertEqual(chmod(shared, 0o666), 0)
        XCTAssertEqual(chmod(kept, 0o644), 0)
        XCTAssertEqual(chmod(folder, 0o555), 0)
        defer { _ = chmod(folder, 0o755) }
        let asNobody = "\(setpriv) --reuid=65534 --regid=65534 --clear-groups \(MediapickFixtures.quoted(binary)) --no-cache"
        let before = try inode(of: shared)

        let run = try tmux.run("\(asNobody) -o \(MediapickFixtures.quoted(shared)) \(MediapickFixtures.quoted(picture))")
        try tmux.waitFor("Enter add")  // the footer: the command line typed holds "a.ppm" too
        try tmux.send("Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(String(decoding: try MediapickFixtures.read(shared), as: UTF8.self), picture + "\n", "replaced whole")
        XCTAssertEqual(try inode(of: shared), before, "the same file, written in place")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["kept.txt", "picks.txt"])

        // A file it may not write there either is still refused, before the picker opens.
        let errors = tmux.directory.appendingPathComponent("err").path
        XCTAssertEqual(try tmux.run("\(asNobody) -o \(MediapickFixtures.quoted(kept)) \(MediapickFixtures.quoted(picture)) 2> \(errors)").waitForExit(), 2)
        XCTAssertEqual(String(decoding: try MediapickFixtures.read(errors), as: UTF8.self), "mediapick: cannot write \(kept): Permission denied\n")
        XCTAssertEqual(String(decoding: try MediapickFixtures.read(kept), as: UTF8.self), "kept\n")
    }

    private func inode(of path: String) throws -> UInt64 {
        try XCTUnwrap((try FileManager.default.attributesOfItem(atPath: path))[.systemFileNumber] as? UInt64)
    }
}
