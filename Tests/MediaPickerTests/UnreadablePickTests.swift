#if canImport(Glibc)
import Glibc
#endif
import MediaDecoding
@testable import MediaPicker
import Platform
import TerminalUI
import XCTest

/// A file the user cannot read is not offered for picking (user testing: as a non-root user a
/// chmod 000 file showed "no access" on its tile, yet Space selected it and Enter printed its
/// path, which nothing could then open). The tests run as root, who reads every file, so the
/// library's readability check is replaced: a `.locked` name (or a name in `denied`) reads as
/// permission denied, as `faccessat` says for an ordinary user (FileAccessTests checks that).
@MainActor
final class UnreadablePickTests: XCTestCase {
    /// The names that cannot be read now (changed by a test while the picker is open).
    private let denied = Locked(Set<String>())

    private func harness(_ names: [String], limit: Int = 0, preselect: [String] = []) async -> PickerHarness {
        let denied = denied
        let isDenied: @Sendable (RawPath) -> Bool = { path in
            let name = path.lastComponent.string
            return name.contains(".locked") || denied.withLock { $0.contains(name) }
        }
        return await PickerHarness(names: names, configure: { config in
            config.selectionLimit = limit
            config.preselectedPaths = preselect.map { RawPath($0) }
        }, classifier: { path in isDenied(path) ? .unreadable(errno: EACCES) : FakeContent.classifier(path) },
           readCheck: { path in isDenied(path) ? EACCES : FileAccess.readProblem(path) })
    }

    private func focus(_ h: PickerHarness, _ name: String) {
        guard let index = h.picker.shownEntries.firstIndex(where: { $0.name.string == name }) else { return XCTFail("\(name) not shown") }
        h.picker.setFocus(index)
    }

    func testSpaceAndEnterOnAnUnreadableFileAreRefusedSayingWhy() async {
        let h = await harness(["a.jpg", "b.locked.jpg", "c.jpg"])
        focus(h, "b.locked.jpg")
        h.press(.character(" "))
        XCTAssertTrue(h.picker.selection.isEmpty, "an unreadable file is not selected")
        XCTAssertEqual(h.picker.statusMessage, "Cannot pick b.locked.jpg: Permission denied")
        XCTAssertTrue(h.screen().text.contains("Cannot pick b.locked.jpg: Permission denied"), h.screen().text)
        h.press(.enter)
        XCTAssertFalse(h.picker.isFinished, "Enter with nothing selected does not pick the unreadable focused file")
        XCTAssertTrue(h.delegate.calls.isEmpty)
        focus(h, "a.jpg")
        h.press(.character(" "))
        XCTAssertEqual(h.picker.selection.ordered.map(\.lastComponent.string), ["a.jpg"], "a readable one still is")
        h.press(.enter)
        XCTAssertEqual(h.delegate.names, ["a.jpg"])
    }

    func testWithLimitOneAnUnreadableFileDoesNotFinish() async {
        let h = await harness(["a.jpg", "b.locked.jpg"], limit: 1)
        focus(h, "b.locked.jpg")
        h.press(.character(" "))
        h.press(.control("a"))
        XCTAssertFalse(h.picker.isFinished)
        XCTAssertEqual(h.picker.statusMessage, "Cannot pick b.locked.jpg: Permission denied")
        focus(h, "a.jpg")
        h.press(.character(" "))
        XCTAssertEqual(h.delegate.names, ["a.jpg"])
    }

    func testSelectAllSkipsUnreadableFilesAndSaysHowMany() async {
        let h = await harness(["a.jpg", "b.locked.jpg", "c.jpg", "d.locked.mp4", "e.jpg"])
        h.press(.control("a"))
        XCTAssertEqual(h.picker.selection.ordered.map(\.lastComponent.string), ["a.jpg", "c.jpg", "e.jpg"])
        XCTAssertEqual(h.picker.statusMessage, "Skipped 2 unreadable files (first b.locked.jpg: Permission denied)")
        h.press(.control("r"))
        let limited = await harness(["a.jpg", "b.locked.jpg", "c.jpg", "e.jpg"], limit: 2)
        limited.press(.control("a"))
        XCTAssertEqual(limited.picker.selection.ordered.map(\.lastComponent.string), ["a.jpg", "c.jpg"])
        XCTAssertEqual(limited.picker.statusMessage, "Selected up to the limit of 2; skipped 1 unreadable")
    }

    /// Permissions may change while the picker is open: each pick asks again, and the tile
    /// follows (the library reads the file again).
    func testAFileThatBecomesUnreadableOrReadableAgainIsTreatedAsItIsNow() async {
        let h = await harness(["a.jpg", "b.jpg", "c.jpg"])
        focus(h, "a.jpg")
        h.press(.character(" "))
        _ = denied.withLock { $0.insert("b.jpg") }
        focus(h, "b.jpg")
        h.press(.character(" "))
        XCTAssertEqual(h.picker.statusMessage, "Cannot pick b.jpg: Permission denied")
        await h.settle()
        XCTAssertEqual(h.picker.library.entry(for: h.folder.path.appending("b.jpg"))?.status, .unreadable(errno: EACCES),
                       "read again, it is marked")
        XCTAssertTrue(h.screen().text.contains("no access"), h.screen().text)

        // Selected while readable, unreadable by Enter: unselected, and the picker stays open.
        _ = denied.withLock { $0.insert("a.jpg") }
        h.press(.enter)
        XCTAssertFalse(h.picker.isFinished)
        XCTAssertTrue(h.picker.selection.isEmpty)
        XCTAssertEqual(h.picker.statusMessage, "Cannot pick a.jpg: Permission denied — unselected it")

        // Readable again: picked, and its mark goes.
        denied.withLock { $0.removeAll() }
        focus(h, "b.jpg")
        h.press(.character(" "))
        XCTAssertEqual(h.picker.selection.ordered.map(\.lastComponent.string), ["b.jpg"])
        await h.settle()
        XCTAssertEqual(h.picker.library.entry(for: h.folder.path.appending("b.jpg"))?.format, .png, "read again, it is media")
        h.press(.enter)
        XCTAssertEqual(h.delegate.names, ["b.jpg"])
        XCTAssertEqual(h.delegate.calls.last?.first?.format, .png)
    }

    func testAnUnreadablePreselectionIsLeftOut() async {
        let h = await harness(["p.locked.jpg", "q.jpg", "x.jpg"])
        var configuration = h.picker.configuration
        configuration.preselectedPaths = ["p.locked.jpg", "q.jpg"].map { h.folder.path.appending($0) }
        let picker = PickerController(configuration: configuration, library: h.picker.library, pipeline: h.picker.pipeline)
        XCTAssertEqual(picker.selection.ordered.map(\.lastComponent.string), ["q.jpg"])
    }

    /// A selected picture deleted and a folder made under its name while the picker was open
    /// (`rm p.png; mkdir p.png`): Enter printed the folder's path, and `--format json` gave it
    /// the picture's type, size and pixels. It is gone, as a deleted file is: unselected and
    /// dropped from the grid, and Space refuses it.
    func testASelectedFileReplacedByAFolderIsGone() async {
        let h = await harness(["a.jpg", "p.png"])
        for name in ["a.jpg", "p.png"] {
            focus(h, name)
            h.press(.character(" "))
        }
        let path = h.folder.path.appending("p.png")
        XCTAssertEqual(unlink(path.string), 0)
        XCTAssertEqual(mkdir(path.string, 0o755), 0)
        h.press(.enter)
        XCTAssertFalse(h.picker.isFinished, "the picker stays open")
        XCTAssertEqual(h.picker.selection.ordered.map(\.lastComponent.string), ["a.jpg"])
        XCTAssertEqual(h.picker.statusMessage, "p.png is gone — unselected it")
        await h.settle()
        XCTAssertFalse(h.picker.shownEntries.contains { $0.name.string == "p.png" }, "its tile is gone too")
        h.press(.enter)
        XCTAssertEqual(h.delegate.names, ["a.jpg"])
    }

    /// A selected file deleted while the picker is open is treated as an unreadable one is
    /// (tester report §6: Enter ended the picker with "No such file or directory", exit 2,
    /// while a chmod-ed one was unselected and the picker stayed open): unselected, named on
    /// the status line, dropped from the grid; a second Enter picks the rest.
    func testASelectedFileDeletedMeanwhileIsUnselectedAndLeavesTheGrid() async {
        let h = await harness(["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        for name in ["a.jpg", "b.jpg", "c.jpg"] {
            focus(h, name)
            h.press(.character(" "))
        }
        XCTAssertEqual(unlink(h.folder.path.appending("b.jpg").string), 0)
        h.press(.enter)
        XCTAssertFalse(h.picker.isFinished, "the picker stays open")
        XCTAssertEqual(h.picker.selection.ordered.map(\.lastComponent.string), ["a.jpg", "c.jpg"])
        XCTAssertEqual(h.picker.statusMessage, "b.jpg is gone — unselected it")
        await h.settle()
        XCTAssertFalse(h.picker.shownEntries.contains { $0.name.string == "b.jpg" }, "its tile is gone too")
        XCTAssertTrue(h.screen().text.contains("b.jpg is gone — unselected it"), h.screen().text)

        // Gone and unreadable at once: one line names both.
        XCTAssertEqual(unlink(h.folder.path.appending("c.jpg").string), 0)
        _ = denied.withLock { $0.insert("a.jpg") }
        h.press(.enter)
        XCTAssertFalse(h.picker.isFinished)
        XCTAssertEqual(h.picker.statusMessage, "Cannot pick a.jpg: Permission denied; c.jpg is gone — unselected them")
        denied.withLock { $0.removeAll() }
        focus(h, "a.jpg")
        h.press(.character(" "))
        h.press(.enter)
        XCTAssertEqual(h.delegate.names, ["a.jpg"])
        XCTAssertTrue(h.picker.vanishedPicks.isEmpty, "nothing left for the host to report as gone")
    }

    /// The focused file deleted meanwhile: Enter (nothing selected) and a limit-1 Space say so
    /// and stay open, rather than finish with a pick the host reports gone (exit 2).
    func testAFocusedFileDeletedMeanwhileIsNotPicked() async {
        let h = await harness(["a.jpg", "b.jpg"], limit: 1)
        focus(h, "b.jpg")
        XCTAssertEqual(unlink(h.folder.path.appending("b.jpg").string), 0)
        h.press(.character(" "))
        XCTAssertFalse(h.picker.isFinished)
        XCTAssertEqual(h.picker.statusMessage, "b.jpg is gone")
        await h.settle()
        XCTAssertEqual(h.picker.shownEntries.map(\.name.string), ["a.jpg"])
        h.press(.enter)
        XCTAssertEqual(h.delegate.names, ["a.jpg"])
    }
}
