import MediaDecoding
import MediaPicker
@testable import MediapickCLI
import XCTest

final class PreselectionResolverTests: XCTestCase {
    /// The working folder is /home/u; `pics` and `~/pics` are the same folder; `link` points to it.
    private func real(_ path: RawPath) -> RawPath? {
        switch path.string {
        case ".", "/home/u": return RawPath("/home/u")
        case "pics", "./pics", "/home/u/pics", "link": return RawPath("/home/u/pics")
        case "pics/trip", "/home/u/pics/trip": return RawPath("/home/u/pics/trip")
        default: return nil
        }
    }

    private func resolve(_ paths: [String], _ sources: [LibrarySource], recursive: Bool = false) -> [String] {
        PreselectionResolver.resolve(paths.map(RawPath.init), sources: sources, recursive: recursive, realPath: real).map(\.string)
    }

    func testCurrentFolder() {
        XCTAssertEqual(resolve(["a.jpg", "./b.jpg", "/home/u/c.jpg"], [.folder(RawPath("."))]), ["./a.jpg", "./b.jpg", "./c.jpg"])
    }

    func testFolderGivenAnotherWay() {
        XCTAssertEqual(resolve(["/home/u/pics/a.jpg", "link/b.jpg"], [.file(RawPath("pics"))]), ["pics/a.jpg", "pics/b.jpg"])
    }

    func testSubFoldersOnlyWhenRecursive() {
        XCTAssertEqual(resolve(["/home/u/pics/trip/a.jpg"], [.file(RawPath("pics"))]), ["/home/u/pics/trip/a.jpg"])
        XCTAssertEqual(resolve(["/home/u/pics/trip/a.jpg"], [.file(RawPath("pics"))], recursive: true), ["pics/trip/a.jpg"])
    }

    func testExplicitFiles() {
        XCTAssertEqual(resolve(["/home/u/pics/a.jpg"], [.file(RawPath("pics/a.jpg"))]), ["pics/a.jpg"])
        XCTAssertEqual(resolve(["x.jpg"], [.file(RawPath("x.jpg"))]), ["x.jpg"])
    }

    func testUnknownPathsStayAsTheyAre() {
        XCTAssertEqual(resolve(["/elsewhere/a.jpg", "pics/a.jpg"], [.folder(RawPath("/tmp"))]), ["/elsewhere/a.jpg", "pics/a.jpg"])
    }
}
