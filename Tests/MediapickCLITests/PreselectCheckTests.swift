#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import MediapickCLI
import MediaPicker
import Platform
import XCTest

/// `--preselect` names pictures and videos the picker can show, within `--filter` and the
/// limit; anything else is an error before the picker opens. Such a preselection used to be
/// counted invisibly (`[ Add 1/1 ]` over a grid without it), and Enter then picked nothing.
final class PreselectCheckTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("preselect-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/deep", withIntermediateDirectories: true)
        let ppm = Array("P6\n2 2\n255\n".utf8) + [UInt8](repeating: 200, count: 12)
        for name in ["a.ppm", "b.ppm", "c.ppm"] { FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(ppm)) }
        FileManager.default.createFile(atPath: folder + "/notes.txt", contents: Data("a note\n".utf8))
        FileManager.default.createFile(atPath: folder + "/empty.jpg", contents: Data())
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The error `--preselect NAMES` gives with these options, nil when there is none.
    private func check(_ names: [String], limit: Int? = 0, filter: FilterChoice = .all) -> String? {
        var options = PickOptions()
        options.preselect = names.map { RawPath(folder + "/" + $0) }
        options.limit = limit
        options.filter = filter
        do {
            try PreselectCheck.check(options)
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testPicturesPass() {
        XCTAssertNil(check(["a.ppm", "b.ppm"]))
        XCTAssertNil(check(["a.ppm"], limit: nil), "one under the default limit of 1")
        XCTAssertNil(check(["a.ppm", "./a.ppm", "a.ppm"], limit: 1), "one file however often and however spelt")
    }

    func testANonMediaFileOrAFolderIsNamed() {
        XCTAssertEqual(check(["a.ppm", "notes.txt"]), "--preselect \(folder)/notes.txt: not a picture or video")
        XCTAssertEqual(check(["empty.jpg"]), "--preselect \(folder)/empty.jpg: an empty file, not a picture or video")
        XCTAssertEqual(check(["deep"]), "--preselect \(folder)/deep: a folder, not a picture or video")
    }

    func testMoreThanTheLimitIsAnError() {
        XCTAssertEqual(check(["a.ppm", "b.ppm", "c.ppm"], limit: 2),
                       "--preselect names 3 files, but at most 2 may be picked (--limit 2); -l N or -m allows more")
        XCTAssertEqual(check(["a.ppm", "b.ppm"], limit: nil),
                       "--preselect names 2 files, but at most 1 may be picked (--limit 1); -l N or -m allows more")
        XCTAssertNil(check(["a.ppm", "b.ppm", "c.ppm"], limit: 3))
    }

    func testAPreselectionOutsideTheFilterIsAnError() {
        XCTAssertEqual(check(["a.ppm"], filter: .videos), "--preselect \(folder)/a.ppm: a picture, and --filter videos offers only videos")
        XCTAssertNil(check(["a.ppm"], filter: .images))
        XCTAssertEqual(PreselectCheck.problem(.media(.video), filter: .images), "a video, and --filter images offers only pictures")
        XCTAssertNil(PreselectCheck.problem(.media(.video), filter: .videos))
    }

    /// A file that cannot be read cannot be picked (the picker refuses it), so it cannot be
    /// preselected either: exit 2 before the picker opens, in the words of a missing one's.
    /// (As root every file reads; `check` on a chmod 000 file was tried by hand as a user.)
    func testAnUnreadablePreselectionIsAnError() {
        XCTAssertEqual(PreselectCheck.problem(.unreadable(errno: EACCES), filter: .all), "Permission denied")
        XCTAssertEqual(PreselectCheck.problem(.unreadable(errno: EIO), filter: .videos), "Input/output error")
    }
    /// The error `checkOffered` gives for `--preselect NAMES` with PATH operands `paths` (none:
    /// the working folder, here `folder`), nil when there is none.
    private func offered(_ names: [String], paths: [String], recursive: Bool = false, hidden: Bool = false) -> String? {
        var options = PickOptions()
        options.preselect = names.map { RawPath($0) }
        options.recursive = recursive
        options.hidden = hidden
        let cwd = FileManager.default.currentDirectoryPath
        defer { _ = FileManager.default.changeCurrentDirectoryPath(cwd) }
        _ = FileManager.default.changeCurrentDirectoryPath(folder)
        let sources = CandidateSources.sources(paths: paths.map { RawPath($0) }, fromStandardInput: false)
        do {
            try PreselectCheck.checkOffered(options, sources: sources)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// A preselection the picker would not list was selected invisibly (tester report §2:
    /// `--preselect sub/2024/x.jpg sub/2023` read `[ Add 2 ]` over "No media here", and Enter
    /// printed it): refused before the picker opens, saying what would offer it.
    func testAPreselectionNotAmongTheCandidatesIsRefused() throws {
        try FileManager.default.createDirectory(atPath: folder + "/other", withIntermediateDirectories: true)
        let ppm = Array("P6\n2 2\n255\n".utf8) + [UInt8](repeating: 200, count: 12)
        for name in ["deep/d.ppm", "other/o.ppm", ".hid.ppm"] { _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(ppm)) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/deep")

        XCTAssertEqual(offered(["other/o.ppm"], paths: ["deep"]),
                       "--preselect other/o.ppm: not among the files to pick from (name it or its folder as a PATH)")
        XCTAssertEqual(offered(["deep/d.ppm"], paths: []),
                       "--preselect deep/d.ppm: in a sub-folder, not among the files to pick from (-r searches sub-folders)")
        XCTAssertEqual(offered([".hid.ppm"], paths: []),
                       "--preselect .hid.ppm: a hidden name, not among the files to pick from (--hidden lists such names)")
        XCTAssertEqual(offered(["link/d.ppm"], paths: ["."], recursive: true),
                       "--preselect link/d.ppm: under a symlink to a folder, which -r does not follow; not among the files to pick from (name it or its folder as a PATH)")
        XCTAssertEqual(offered([folder + "/a.ppm"], paths: ["deep/d.ppm"]),
                       "--preselect \(folder)/a.ppm: not among the files to pick from (name it or its folder as a PATH)")

        // Among them: in a folder given (however spelt), the operand itself, deeper with -r,
        // hidden with --hidden, or named by a later operand when the first passes it by.
        XCTAssertNil(offered(["deep/d.ppm", "./deep//d.ppm", folder + "/deep/d.ppm"], paths: ["deep"]))
        XCTAssertNil(offered(["a.ppm", "./b.ppm"], paths: []))
        XCTAssertNil(offered(["other/o.ppm"], paths: ["other/o.ppm"]))
        XCTAssertNil(offered(["deep/d.ppm", "other/o.ppm"], paths: [], recursive: true))
        XCTAssertNil(offered([".hid.ppm"], paths: ["."], hidden: true))
        XCTAssertNil(offered(["deep/d.ppm"], paths: [".", "deep/d.ppm"]))
        XCTAssertNil(offered(["link/d.ppm"], paths: ["link"]), "a symlink given as the PATH is scanned")
    }
}
