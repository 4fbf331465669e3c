import MediaDecoding
@testable import MediaPicker
import TerminalUI
import XCTest
import Platform
#if canImport(Glibc)
import Glibc
#endif

/// Update then view, without a controller, a library or a pipeline: messages go into the
/// model, the model is asserted, and the view is drawn from it.
@MainActor
final class PickerModelUpdateTests: XCTestCase {
    private func model(count: Int, limit: Int = 0, alreadyChosen: Int = 0) -> PickerModel {
        var configuration = PickerConfiguration()
        configuration.sort = .name
        configuration.selectionLimit = limit
        configuration.alreadyChosen = alreadyChosen
        // The files named exist nowhere: the readability check is told they are all there (a
        // file found gone at a pick is refused, UnreadablePickTests).
        var model = PickerModel(configuration: configuration, libraryName: "Fixtures", preselected: [], readProblem: { _ in nil })
        let entries = (0..<count).map { MediaEntry(path: RawPath("/m/img\(1000 + $0).jpg")) }
        _ = model.update(.library(entries: entries, progress: ScanProgress(isScanning: false, found: count)))
        _ = model.update(.region(Rect(x: 0, y: 0, width: 80, height: 24)))
        return model
    }

    private func screen(_ model: PickerModel) -> String {
        var buffer = ScreenBuffer(size: Size(width: 80, height: 24))
        SheetView(model: model, layout: model.layout!, tile: { _, _, _ in .loading }).draw(into: &buffer)
        return buffer.text
    }

    func testTabAndEscapeReuseTheListingInsteadOfScanningTheCatalogAgain() async {
        var configuration = PickerConfiguration()
        configuration.sort = .name
        var model = PickerModel(configuration: configuration, libraryName: "Fixtures", preselected: [])
        let entries = (0..<30).map { MediaEntry(path: RawPath($0 % 3 == 0 ? "/m/clip\(100 + $0).mp4" : "/m/img\(100 + $0).jpg")) }
        _ = model.update(.library(entries: entries, progress: ScanProgress(isScanning: false, found: 30)))
        _ = model.update(.region(Rect(x: 0, y: 0, width: 80, height: 24)))
        let scans = model.listingScans
        let all = Array(model.shownEntries.paths)
        _ = model.update(.key(.tab))
        let images = Array(model.shownEntries.paths)
        XCTAssertEqual(images.count, 20)
        XCTAssertTrue(images.allSatisfy { $0.description.hasSuffix(".jpg") })
        _ = model.update(.key(.tab))
        XCTAssertEqual(model.shownEntries.count, 10)
        _ = model.update(.key(.backTab))
        _ = model.update(.key(.backTab))
        XCTAssertEqual(Array(model.shownEntries.paths), all)
        XCTAssertEqual(model.listingScans, scans, "a tab switch reads the kept listing")
        _ = model.update(.key(.character("/")))
        _ = model.update(.key(.character("1")))
        _ = model.update(.key(.character("1")))
        XCTAssertEqual(model.listingScans, scans + 2, "each new query goes through the catalog once")
        XCTAssertTrue((1..<30).contains(model.shownEntries.count), "the search narrows")
        _ = model.update(.key(.escape))
        XCTAssertEqual(Array(model.shownEntries.paths), all, "Escape is back to the unsearched listing")
        XCTAssertEqual(model.listingScans, scans + 2, "kept from before the search")
        _ = model.update(.library(entries: Array(entries.dropFirst()), progress: ScanProgress(isScanning: false, found: 29)))
        XCTAssertEqual(model.listingScans, scans + 3, "a new catalog is gone through again")
        XCTAssertEqual(model.shownEntries.count, 29)
    }

    /// A vanished file leaves the focus on its entry (found through the kept catalog positions),
    /// and the focused file vanishing moves the focus to what took its place.
    func testAnEmptyGridSaysWhy() async {
        var model = model(count: 0)
        _ = model.update(.library(entries: [], progress: ScanProgress(isScanning: true, found: 0)))
        XCTAssertTrue(screen(model).contains("Looking for media"), screen(model))
        _ = model.update(.library(entries: [], progress: ScanProgress(isScanning: false, found: 0)))
        XCTAssertTrue(screen(model).contains("No media here"), screen(model))
        XCTAssertFalse(screen(model).contains("sub-folder"), screen(model))
        _ = model.update(.library(entries: [], progress: ScanProgress(isScanning: false, found: 0, skippedFolders: 1)))
        XCTAssertTrue(screen(model).contains("No media here; 1 sub-folder not searched (-r searches it)"), screen(model))
        _ = model.update(.library(entries: [], progress: ScanProgress(isScanning: false, found: 0, skippedFolders: 3)))
        XCTAssertTrue(screen(model).contains("No media here; 3 sub-folders not searched (-r searches them)"), screen(model))

        // A folder that cannot be read is not an empty one (report-picker §1: it said "No media here").
        let locked = ScanIssue(path: RawPath("lib/locked"), errno: EACCES)
        _ = model.update(.library(entries: [], progress: ScanProgress(isScanning: false, found: 0, unreadable: 1, firstIssue: locked)))
        XCTAssertTrue(screen(model).contains("No media here; cannot read lib/locked: Permission denied"), screen(model))
        _ = model.update(.library(entries: [], progress: ScanProgress(isScanning: false, found: 0, skippedFolders: 1,
                                                                      unreadable: 3, firstIssue: locked)))
        // Too long for the grid's 80 columns: a clause a line.
        let lines = screen(model).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let message = ["No media here", "3 paths unreadable, first lib/locked: Permission denied", "1 sub-folder not searched (-r searches it)"]
        XCTAssertEqual(lines.firstIndex(of: message[0]).map { Array(lines[$0..<$0 + 3]) }, message, screen(model))
        XCTAssertTrue(screen(model).split(separator: "\n")[22].contains("3 paths unreadable"), "and on the status line:\n" + screen(model))
        // With files shown, the status line still says some are missing.
        let shown = [MediaEntry(path: RawPath("/m/a.jpg"))]
        _ = model.update(.library(entries: shown, progress: ScanProgress(isScanning: false, found: 1, unreadable: 1, firstIssue: locked)))
        XCTAssertTrue(screen(model).split(separator: "\n")[22].contains("1 path unreadable"), screen(model))
        _ = model.update(.library(entries: shown, progress: ScanProgress(isScanning: false, found: 1)))
        XCTAssertFalse(screen(model).contains("unreadable"), screen(model))

        // A path not found is missing, not unreadable (user testing), named in the words of a
        // missing operand's error; counted apart from the unreadable ones.
        let gone = ScanIssue(path: RawPath("/nonexistent.jpg"), errno: ENOENT)
        _ = model.update(.library(entries: [], progress: ScanProgress(isScanning: false, found: 0, missing: 1, firstIssue: gone)))
        XCTAssertTrue(screen(model).contains("No media here; /nonexistent.jpg: No such file or directory"), screen(model))
        XCTAssertTrue(screen(model).split(separator: "\n")[22].contains("1 path missing"), screen(model))
        XCTAssertFalse(screen(model).contains("unreadable"), screen(model))
        _ = model.update(.library(entries: shown, progress: ScanProgress(isScanning: false, found: 1, unreadable: 2, missing: 1,
                                                                         firstIssue: gone)))
        XCTAssertTrue(screen(model).split(separator: "\n")[22].contains("1 path missing, 2 paths unreadable"), screen(model))

        // Files named by themselves that are not media (tester report §5: "No media here", no reason).
        let zero = NotMediaFile(path: RawPath("zero.jpg"), isEmpty: true)
        _ = model.update(.library(entries: [], progress: ScanProgress(isScanning: false, found: 1, notMedia: 1, firstNotMedia: zero)))
        XCTAssertTrue(screen(model).contains("No media here; zero.jpg: empty file"), screen(model))
        XCTAssertTrue(screen(model).split(separator: "\n")[22].contains("1 not media"), screen(model))
        let notes = NotMediaFile(path: RawPath("notes.txt"), isEmpty: false)
        _ = model.update(.library(entries: [], progress: ScanProgress(isScanning: false, found: 2, notMedia: 2, firstNotMedia: notes)))
        XCTAssertTrue(screen(model).contains("No media here; 2 not media, first notes.txt: not a picture or video"), screen(model))
        _ = model.update(.library(entries: shown, progress: ScanProgress(isScanning: false, found: 3, missing: 1, firstIssue: gone,
                                                                         notMedia: 2, firstNotMedia: notes)))
        XCTAssertTrue(screen(model).split(separator: "\n")[22].contains("1 path missing, 2 not media"), screen(model))

        let videos = (0..<4).map { MediaEntry(path: RawPath("/m/clip\($0).mp4")) }
        _ = model.update(.library(entries: videos, progress: ScanProgress(isScanning: false, found: 4)))
        _ = model.update(.selectTab(.images))
        XCTAssertTrue(screen(model).contains("No images here"), screen(model))
        _ = model.update(.selectTab(.all))
        _ = model.update(.action(.beginSearch))
        for character in "zebra" { _ = model.update(.action(.insert(character))) }
        XCTAssertTrue(screen(model).contains("Nothing matches \"zebra\""), screen(model))
    }

    func testFocusStaysOnItsEntryWhenOtherFilesVanish() async {
        var m = model(count: 40)
        let entries = (0..<40).map { MediaEntry(path: RawPath("/m/img\(1000 + $0).jpg")) }
        _ = m.update(.focus(25))
        XCTAssertEqual(m.focusedEntry?.path, RawPath("/m/img1025.jpg"))
        var left = entries
        left.remove(at: 30)
        left.remove(at: 3)
        left.remove(at: 0)
        _ = m.update(.library(entries: left, progress: ScanProgress(isScanning: false, found: 37)))
        XCTAssertEqual(m.shownEntries.count, 37)
        XCTAssertEqual(m.focusIndex, 23)
        XCTAssertEqual(m.focusedEntry?.path, RawPath("/m/img1025.jpg"))
        XCTAssertEqual(left.remove(at: 23).path, RawPath("/m/img1025.jpg"))
        _ = m.update(.library(entries: left, progress: ScanProgress(isScanning: false, found: 36)))
        XCTAssertEqual(m.focusIndex, 23)
        XCTAssertEqual(m.focusedEntry?.path, RawPath("/m/img1026.jpg"), "the next entry moved into the vanished one's place")
    }

    /// Entries stream in while a folder is scanned, in the order found, and each snapshot
    /// sorts them: until the user moves, the focus is the first entry of the current order.
    /// It used to follow the first entry found, which the name sort put anywhere (img0006 of 2,000).
    func testFocusStaysOnTheFirstEntryWhileEntriesStreamInUntilTheUserMoves() async {
        var m = model(count: 0)
        let found = [6, 3, 9, 1, 2, 4, 5, 7, 8].map { MediaEntry(path: RawPath("/m/img000\($0).png")) }
        for count in [1, 2, 3, 9] {
            _ = m.update(.library(entries: Array(found.prefix(count)), progress: ScanProgress(isScanning: count < 9, found: count)))
            XCTAssertEqual(m.focusIndex, 0, "after \(count) found")
            XCTAssertEqual(m.focusedEntry?.path, m.shownEntries.first?.path, "after \(count) found")
        }
        XCTAssertEqual(m.focusedEntry?.path, RawPath("/m/img0001.png"))
        // Once the user has moved, the focus keeps its entry when others arrive before it.
        _ = m.update(.key(.right))
        XCTAssertEqual(m.focusedEntry?.path, RawPath("/m/img0002.png"))
        let earlier = [MediaEntry(path: RawPath("/m/img0000.png"))]
        _ = m.update(.library(entries: found + earlier, progress: ScanProgress(isScanning: false, found: 10)))
        XCTAssertEqual(m.focusedEntry?.path, RawPath("/m/img0002.png"), "the moved focus follows its entry")
        // Home puts it back on the first, where it stays.
        _ = m.update(.key(.home))
        _ = m.update(.library(entries: found + earlier + [MediaEntry(path: RawPath("/m/aaa.png"))],
                              progress: ScanProgress(isScanning: false, found: 11)))
        XCTAssertEqual(m.focusedEntry?.path, m.shownEntries.first?.path)
        XCTAssertEqual(m.focusedEntry?.path, RawPath("/m/aaa.png"))
    }

    /// A search (or tab) that leaves the focused entry out focuses the first match, as fzf's
    /// cursor goes to the top one; it kept the old index, so `/img42` in 5,000 files by name
    /// focused img4992.png, the last match, and Space picked it. A focused entry that still
    /// matches stays focused.
    func testASearchThatLeavesTheFocusOutFocusesTheFirstMatch() async {
        var configuration = PickerConfiguration()
        configuration.sort = .name
        var m = PickerModel(configuration: configuration, libraryName: "Fixtures", preselected: [])
        let names = ["a-beach.jpg", "b-beach.jpg", "c-city.jpg", "d-zoo.jpg", "e-zoo.jpg", "f-zoo.mp4"]
        let entries = names.map { MediaEntry(path: RawPath("/m/" + $0)) }  // the kind from the extension while pending
        _ = m.update(.library(entries: entries, progress: ScanProgress(isScanning: false, found: names.count)))
        _ = m.update(.region(Rect(x: 0, y: 0, width: 80, height: 24)))
        func type(_ text: String) { for c in text { _ = m.update(.key(.character(c))) } }

        _ = m.update(.focus(4))
        _ = m.update(.key(.character("/")))
        type("beach")
        XCTAssertEqual(m.shownEntries.count, 2)
        XCTAssertEqual(m.focusedEntry?.path, RawPath("/m/a-beach.jpg"), "the first match, not the old index's neighbour")
        _ = m.update(.key(.escape))
        _ = m.update(.focus(1))
        _ = m.update(.key(.character("/")))
        type("beach")
        XCTAssertEqual(m.focusedEntry?.path, RawPath("/m/b-beach.jpg"), "a focused entry that matches stays focused")
        _ = m.update(.key(.escape))
        XCTAssertEqual(m.focusedEntry?.path, RawPath("/m/b-beach.jpg"), "and stays when the search is cleared")

        _ = m.update(.focus(4))
        _ = m.update(.key(.tab))
        _ = m.update(.key(.tab))
        XCTAssertEqual(m.tab, .videos)
        XCTAssertEqual(m.focusedEntry?.path, RawPath("/m/f-zoo.mp4"))
        _ = m.update(.key(.backTab))
        XCTAssertEqual(m.focusedEntry?.path, RawPath("/m/a-beach.jpg"), "Images: the video is not listed, so the first image")
    }

    func testASearchFocusesItsBestMatchNotTheFirstThatHoldsItsLetters() async {
        var configuration = PickerConfiguration()
        configuration.sort = .name
        var m = PickerModel(configuration: configuration, libraryName: "Fixtures", preselected: [])
        let names = ["brokenvid.mp4", "img4.png", "img420.png", "img42.png", "vid.mp4", "x-img42.png"]
        let entries = names.map { MediaEntry(path: RawPath("/m/" + $0)) }
        _ = m.update(.library(entries: entries, progress: ScanProgress(isScanning: false, found: names.count)))
        _ = m.update(.region(Rect(x: 0, y: 0, width: 80, height: 24)))
        func type(_ text: String) { for c in text { _ = m.update(.key(.character(c))) } }
        func focused() -> String? { m.focusedEntry?.path.lastComponent.string }

        _ = m.update(.key(.character("/")))
        type("vid.mp4")
        XCTAssertEqual(m.shownEntries.count, 2)
        XCTAssertEqual(focused(), "vid.mp4", "the whole name typed, not brokenvid.mp4 listed first")
        _ = m.update(.key(.escape))

        _ = m.update(.focus(0))  // the user moves the focus: the search then starts from it
        _ = m.update(.key(.character("/")))
        type("img4")
        XCTAssertEqual(focused(), "img4.png", "the name without its extension")
        type("2")
        XCTAssertEqual(focused(), "img42.png", "placed again at each key: img420 starts so, img42 is it")
        _ = m.update(.key(.backspace))
        _ = m.update(.key(.backspace))
        XCTAssertEqual(focused(), "img4.png", "img: a prefix of img4.png, listed before img42.png")
        type("42")
        XCTAssertEqual(focused(), "img42.png")
        // Down, not Right: while the search is typed, Left and Right move in the query.
        _ = m.update(.key(.down))
        XCTAssertEqual(focused(), "x-img42.png")
        type("p")
        XCTAssertEqual(focused(), "x-img42.png", "moved by the user, the focus stays while it matches")
    }

    func testMovingDownScrollsTheTopRowInUpdate() async {
        var model = model(count: 40)
        let columns = model.layout!.gridLayout.columns, rows = model.layout!.gridLayout.rows
        for _ in 0..<rows { _ = model.update(.key(.down)) }
        XCTAssertEqual(model.focusIndex, rows * columns)
        XCTAssertEqual(model.topRow, 1, "the update scrolls; the draw only follows")
        XCTAssertTrue(screen(model).contains("img\(1000 + rows * columns).jpg"))
    }

    func testRefusedPickShowsAMessageUntilItsOwnTimeOut() async {
        var model = model(count: 3, limit: 1 + 1)
        _ = model.update(.key(.character(" ")))
        _ = model.update(.key(.right))
        _ = model.update(.key(.character(" ")))
        _ = model.update(.key(.right))
        let reply = model.update(.key(.character(" ")))
        XCTAssertEqual(reply.effects, [.expireMessage(generation: 1)])
        XCTAssertNotNil(model.statusMessage)
        XCTAssertTrue(screen(model).contains("Limit reached"))
        _ = model.update(.messageExpired(generation: 0))
        XCTAssertNotNil(model.statusMessage, "an older time-out leaves a newer message")
        _ = model.update(.messageExpired(generation: 1))
        XCTAssertNil(model.statusMessage)
    }

    func testEnterFinishesOnceWithAnEffect() async {
        var model = model(count: 2)
        XCTAssertEqual(model.update(.key(.enter)).effects, [.finish([RawPath("/m/img1000.jpg")])])
        XCTAssertTrue(model.isFinished)
        XCTAssertFalse(model.update(.key(.enter)).handled)
    }

    /// With a limit of 1 choosing is finishing: Ctrl-A chooses the focused entry and finishes,
    /// as Space does (report §14: it selected the grid's first entry and stayed open).
    func testControlAWithALimitOfOneFinishesWithTheFocusedEntry() async {
        var model = model(count: 5, limit: 1)
        _ = model.update(.key(.right))
        _ = model.update(.key(.right))
        XCTAssertEqual(model.update(.key(.control("a"))).effects, [.finish([RawPath("/m/img1002.jpg")])])
        XCTAssertTrue(model.isFinished)
    }

    /// The app's `-l 3` is the total: a sheet opened with two files chosen allows one more, and
    /// says so in the numbers of the limit the user set (`2/3`, not a sheet-local `0/1`),
    /// while the Add button counts what it adds. Room 1 is not a limit of 1: Space selects.
    func testPicksMadeBeforeCountAgainstTheLimit() async {
        var model = model(count: 5, limit: 3, alreadyChosen: 2)
        XCTAssertEqual(model.selection.counterText, "2/3")
        XCTAssertTrue(screen(model).contains("[ Add 0 ]"), screen(model))
        XCTAssertEqual(model.update(.key(.character(" "))).effects, [], "selected, not finished")
        XCTAssertEqual(model.selection.counterText, "3/3")
        XCTAssertTrue(screen(model).contains("[ Add 1 ]"), screen(model))
        XCTAssertTrue(screen(model).contains("3/3"), screen(model))
        _ = model.update(.key(.right))
        _ = model.update(.key(.character(" ")))
        XCTAssertEqual(model.selection.count, 1)
        XCTAssertEqual(model.statusMessage, "Limit of 3 reached (2 chosen before) — unselect one (Space)")
        _ = model.update(.key(.control("a")))
        XCTAssertEqual(model.statusMessage, "Selected up to the limit of 3 (2 chosen before)")
        XCTAssertEqual(model.update(.key(.enter)).effects, [.finish([RawPath("/m/img1000.jpg")])])

        var fresh = self.model(count: 5, limit: 3)
        _ = fresh.update(.key(.control("a")))
        XCTAssertEqual(fresh.selection.count, 3)
        XCTAssertEqual(fresh.statusMessage, "Selected up to the limit of 3", "without picks before, as it was")
        XCTAssertTrue(screen(fresh).contains("[ Add 3/3 ]"), screen(fresh))
    }

    /// A sheet opened with no room left picks nothing: Enter does not pick the focused entry
    /// past the limit, Space says why, and Add is drawn as unavailable.
    func testASheetWithNoRoomLeftPicksNothing() async {
        var model = model(count: 5, limit: 3, alreadyChosen: 3)
        XCTAssertFalse(model.header.canAdd)
        XCTAssertEqual(model.update(.key(.enter)).effects.filter { if case .finish = $0 { true } else { false } }, [])
        XCTAssertEqual(model.statusMessage, "Limit of 3 reached before this sheet — nothing can be added")
        _ = model.update(.key(.character(" ")))
        XCTAssertTrue(model.selection.isEmpty)
        XCTAssertFalse(model.isFinished)
        var one = self.model(count: 5, limit: 1, alreadyChosen: 1)
        XCTAssertEqual(one.update(.key(.character(" "))).effects.filter { if case .finish = $0 { true } else { false } }, [],
                       "a limit of 1 taken already does not finish with a second file")
        XCTAssertEqual(self.model(count: 5, limit: 0, alreadyChosen: 7).selection.counterText, "0", "no limit: this sheet's count")
    }

    /// Enter with nothing to pick, the grid empty (no match for the search, an empty tab or
    /// folder), ends the picker with nothing picked, as fzf's and gum's accept do (the command
    /// exits 1). Before, `mediapick -q zzz lib`, Enter did nothing and said nothing, under a
    /// key line offering `Enter add`. A dimmed Add button still takes a click and does nothing.
    func testEnterWithNothingToPickEndsWithNothing() async {
        var search = model(count: 3)
        _ = search.update(.action(.beginSearch))
        for character in "zebra" { _ = search.update(.action(.insert(character))) }
        XCTAssertEqual(search.update(.key(.enter)).effects, [], "the first Enter keeps the filter")
        XCTAssertNil(search.focusedEntry)
        XCTAssertFalse(search.header.canAdd)
        let add = search.header.hits(in: search.layout!.header).add
        _ = search.update(.mouse(MouseEvent(kind: .press(.left), position: Point(x: add.x, y: add.y))))
        XCTAssertFalse(search.isFinished, "a click on the dimmed Add does nothing")
        XCTAssertEqual(search.update(.key(.enter)).effects, [.finish([])])
        XCTAssertTrue(search.isFinished)

        var empty = model(count: 0)
        XCTAssertEqual(empty.update(.key(.enter)).effects, [.finish([])], "an empty folder")
        // While the folder is still read and nothing found yet, Enter waits for the first entry.
        var reading = model(count: 0)
        _ = reading.update(.library(entries: [], progress: ScanProgress(isScanning: true, found: 0)))
        XCTAssertEqual(reading.update(.key(.enter)).effects, [], "nothing read yet: not the end")
        XCTAssertFalse(reading.isFinished)
        _ = reading.update(.library(entries: [MediaEntry(path: RawPath("/m/first.jpg"))], progress: ScanProgress(isScanning: true, found: 1)))
        XCTAssertEqual(reading.update(.key(.enter)).effects, [.finish([RawPath("/m/first.jpg")])], "then the first entry")
        var selected = model(count: 3)
        _ = selected.update(.key(.character(" ")))
        _ = selected.update(.action(.beginSearch))
        for character in "zebra" { _ = selected.update(.action(.insert(character))) }
        _ = selected.update(.key(.enter))
        XCTAssertEqual(selected.update(.key(.enter)).effects, [.finish([RawPath("/m/img1000.jpg")])],
                       "a selection hidden by the search is still what Enter picks")
    }
}
