import MediaDecoding
@testable import MediaPicker
import Platform
import TestFixtures
import XCTest

/// `--sort input` keeps the order the candidates were given in, as fzf's `--no-sort` does
/// (tester report §13: `ls -t | mediapick` and `git ls-files | mediapick` were always sorted
/// again): the sources in order (each line of stdin is one), a folder's files in name order.
final class InputOrderTests: XCTestCase {
    func testInputOrderIsTheSourcesOrderAndEachFoldersNameOrder() async {
        let folder = TempFolder()
        let z = folder.write("z.jpg"), m = folder.write("m.jpg")
        _ = folder.folder("dir")
        _ = folder.folder("dir/sub")
        for name in ["dir/img10.jpg", "dir/img2.jpg", "dir/B.jpg", "dir/sub/c.jpg"] { folder.write(name) }
        // Newest first would be the other way round: each file written later is newer.
        let library = MediaLibrary(name: "t", sources: [.file(z), .file(folder.path.appending("dir")), .file(m)],
                                   options: ScanOptions(recursive: true), classifier: FakeContent.classifier)
        // As stdin feeds them, after the operands: in the order the lines come.
        library.add(files: [folder.write("late.jpg", mtime: 1_000), folder.write("a.jpg", mtime: 2_000)])
        library.add(files: [m])  // given again: it keeps its first place
        await library.waitUntilIdle()
        let entries = library.snapshot().entries
        let names = { (sorted: [MediaEntry]) in sorted.map(\.relativePath.string) }
        XCTAssertEqual(names(EntryListing.sorted(entries, by: .input, reverse: false)),
                       [z.string, "B.jpg", "img2.jpg", "img10.jpg", "sub/c.jpg", m.string, folder.path.appending("late.jpg").string,
                        folder.path.appending("a.jpg").string])
        XCTAssertEqual(names(EntryListing.sorted(entries, by: .input, reverse: true)),
                       names(EntryListing.sorted(entries, by: .input, reverse: false)).reversed())
        XCTAssertNotEqual(names(EntryListing.sorted(entries, by: .date, reverse: false)),
                          names(EntryListing.sorted(entries, by: .input, reverse: false)), "the date order is another")

        // A file made in a folder later (the app's camera) comes last.
        let photo = folder.write("dir/photo.jpg")
        XCTAssertTrue(library.addCreatedFile(photo))
        await library.waitUntilIdle()
        XCTAssertEqual(EntryListing.sorted(library.snapshot().entries, by: .input, reverse: false).last?.path, photo)
    }
}
