#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Platform
import XCTest

/// A file system without hard links (exFAT and FAT, as on most USB sticks) refuses `link` with
/// EPERM, and every `--export` to one failed after the pick: "cannot export v.mp4: cannot
/// create usb/photos/<UUID>.mp4: Operation not permitted", nothing copied. The file is renamed
/// into place there instead, still never over a file. (`link` is played by the test: a FAT
/// file system needs a block device and FUSE to mount.)
final class WholeFilePartTests: XCTestCase {
    private let noHardLinks: WholeFile.Part.Link = { _, _ in EPERM }

    func testWithoutHardLinksTheFileIsRenamedIntoPlaceAndNeverReplacesOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mp-part-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = RawPath(folder.appendingPathComponent("copy.jpg").path)

        let part = try WholeFile.Part(for: target)
        XCTAssertNil(WholeFile.write(Array("first".utf8), to: part.fd))
        try part.commit(link: noHardLinks)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: target.string))), Array("first".utf8))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["copy.jpg"])

        let again = try WholeFile.Part(for: target)
        XCTAssertNil(WholeFile.write(Array("second".utf8), to: again.fd))
        XCTAssertThrowsError(try again.commit(link: noHardLinks)) { error in
            XCTAssertEqual("\(error)", "cannot create \(target.string): File exists")
        }
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: target.string))), Array("first".utf8), "never replaced")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["copy.jpg"], "no temporary file left")
    }
}
