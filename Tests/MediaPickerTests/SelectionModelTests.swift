import MediaDecoding
@testable import MediaPicker
import XCTest
import Thumbnails

final class SelectionModelTests: XCTestCase {
    let a = RawPath("/a"), b = RawPath("/b"), c = RawPath("/c"), d = RawPath("/d")

    func testLimitRefusesTheFourthAndKeepsOrder() {
        var model = SelectionModel(limit: 3)
        XCTAssertEqual(model.toggle(c), .selected(order: 1))
        XCTAssertEqual(model.toggle(a), .selected(order: 2))
        XCTAssertEqual(model.toggle(b), .selected(order: 3))
        XCTAssertEqual(model.toggle(d), .refusedAtLimit)
        XCTAssertEqual(model.ordered, [c, a, b])
        XCTAssertEqual(model.counterText, "3/3")
        XCTAssertTrue(model.isFull)
    }

    func testDeselectRenumbers() {
        var model = SelectionModel(limit: 0)
        model.toggle(a); model.toggle(b); model.toggle(c)
        XCTAssertEqual(model.toggle(a), .deselected)
        XCTAssertEqual(model.order(of: b), 1)
        XCTAssertEqual(model.order(of: c), 2)
        XCTAssertNil(model.order(of: a))
        XCTAssertEqual(model.counterText, "2")
    }

    func testSelectAllStopsAtLimit() {
        var model = SelectionModel(limit: 2, preselected: [b])
        XCTAssertEqual(model.selectAll([a, b, c, d]), 2)
        XCTAssertEqual(model.ordered, [b, a])
    }

    func testUnlimitedSelectAllTakesEverything() {
        var model = SelectionModel(limit: 0)
        XCTAssertEqual(model.selectAll([a, b, c]), 0)
        XCTAssertEqual(model.count, 3)
        model.clear()
        XCTAssertTrue(model.isEmpty)
    }

    func testDeselectInTheMiddleOfManyKeepsOrderNumbers() {
        let paths = (0..<300).map { RawPath("/m/\($0).png") }
        var model = SelectionModel(limit: 0)
        XCTAssertEqual(model.selectAll(paths), 0)
        XCTAssertEqual(model.toggle(paths[100]), .deselected)
        XCTAssertEqual(model.order(of: paths[99]), 100)
        XCTAssertEqual(model.order(of: paths[101]), 101)
        XCTAssertEqual(model.order(of: paths[299]), 299)
        XCTAssertEqual(model.toggle(paths[100]), .selected(order: 300))
        XCTAssertEqual(model, { var m = SelectionModel(limit: 0); m.selectAll(paths.filter { $0 != paths[100] } + [paths[100]]); return m }())
    }

    func testSelectAllHashedSqueezesOutRepeatsAndFillsUpToTheLimit() {
        var model = SelectionModel(limit: 3, preselected: [b])
        XCTAssertEqual(model.selectAll(hashed: [a, b, a, c, d].map { (path: $0, hash: PathBytes.hash($0)) }), 1)
        XCTAssertEqual(model.ordered, [b, a, c])
        XCTAssertEqual(model.order(of: c), 3)
        var unlimited = SelectionModel(limit: 0, preselected: [c])
        XCTAssertEqual(unlimited.selectAll(hashed: [a, c, a, b].map { (path: $0, hash: PathBytes.hash($0)) }), 0)
        XCTAssertEqual(unlimited.ordered, [c, a, b])
        XCTAssertEqual(unlimited.order(of: b), 3)
    }

    /// Ctrl-R under a search: the shown paths leave, the rest keep their order and numbers
    /// follow it; paths not selected and repeats are passed by.
    func testDeselectHashedKeepsTheRestInOrder() {
        var model = SelectionModel(limit: 0)
        model.selectAll([d, a, c, b])
        let hashed = { (paths: [RawPath]) in paths.map { (path: $0, hash: PathBytes.hash($0)) } }
        XCTAssertEqual(model.deselect(hashed: hashed([a, RawPath("/x"), b, a])), 2)
        XCTAssertEqual(model.ordered, [d, c])
        XCTAssertEqual(model.order(of: c), 2)
        XCTAssertFalse(model.contains(a))
        XCTAssertEqual(model.toggle(a), .selected(order: 3), "the positions follow the array")
        XCTAssertEqual(model.deselect(hashed: hashed([b])), 0)
        XCTAssertEqual(model.deselect(hashed: hashed([a, c, d])), 3)
        XCTAssertTrue(model.isEmpty)
        let many = (0..<300).map { RawPath("/m/\($0).png") }
        model.selectAll(many)
        model.deselect(hashed: hashed(many.filter { $0.string.contains("1") }))
        XCTAssertEqual(model.ordered, many.filter { !$0.string.contains("1") })
        XCTAssertEqual(model.order(of: RawPath("/m/299.png")), model.count)
    }

    func testPreselectionBeyondLimitIsDropped() {
        let model = SelectionModel(limit: 2, preselected: [a, a, b, c])
        XCTAssertEqual(model.ordered, [a, b])
    }
}

final class TextHelpersTests: XCTestCase {
    func testNaturalSortOrdersNumbersByValue() {
        let names = ["img10.jpg", "IMG2.jpg", "img1.jpg", "img02b.jpg", "b.png", "A.png"]
        let sorted = names.sorted { NaturalSort.areInIncreasingOrder(Array($0.utf8), Array($1.utf8)) }
        XCTAssertEqual(sorted, ["A.png", "b.png", "img1.jpg", "IMG2.jpg", "img02b.jpg", "img10.jpg"])
    }

    func testNaturalSortHandlesInvalidUTF8() {
        XCTAssertLessThan(NaturalSort.compare([0x61, 0xFF], [0x61, 0xFF, 0x00]), 0)
        XCTAssertEqual(NaturalSort.compare([0xC3, 0x28], [0xC3, 0x28]), 0)
    }

    func testFuzzyMatchFindsSubsequencesCaseInsensitively() {
        XCTAssertTrue(FuzzyMatch.matches("ldb", in: "LadyBird.jpg"))
        XCTAssertTrue(FuzzyMatch.matches("LADY", in: "ladybird.jpg"))
        XCTAssertTrue(FuzzyMatch.matches("", in: "x"))
        XCTAssertFalse(FuzzyMatch.matches("bdl", in: "LadyBird.jpg"))
        XCTAssertFalse(FuzzyMatch.matches("jpgx", in: "LadyBird.jpg"))
        XCTAssertGreaterThan(FuzzyMatch.score("lady", in: "LadyBird.jpg")!, FuzzyMatch.score("lady", in: "l_a_d_y.jpg")!)
    }

    func testNeedleMatchesFileNamesAsBytes() {
        let needle = FuzzyMatch.Needle("ldb")!
        XCTAssertTrue(needle.matches(MediaEntry(path: RawPath("/photos/LadyBird.jpg"))))
        XCTAssertFalse(needle.matches(MediaEntry(path: RawPath("/ladybird/other.jpg"))), "only the name counts, not the folder")
        XCTAssertTrue(needle.matches(MediaEntry(path: RawPath(bytes: Array("l".utf8) + [0xFF] + Array("db".utf8)))))
        XCTAssertTrue(FuzzyMatch.Needle("été")!.matches(MediaEntry(path: RawPath("/x/Été-2024.jpg"))), "non-ASCII queries fold too")
        XCTAssertNil(FuzzyMatch.Needle("  "))
    }

    /// A query with a `/` is matched against the path below the library's folder, with the
    /// slash before it (report §8: with -r, `/y/` found nothing).
    func testAQueryWithASlashMatchesThePathBelowTheLibrarysFolder() {
        let found = MediaEntry(path: RawPath("dup/y/Photo.jpg"), rootLength: 4)
        XCTAssertEqual(found.relativePath, RawPath("y/Photo.jpg"))
        XCTAssertTrue(FuzzyMatch.Needle("/y/")!.matches(found))
        XCTAssertTrue(FuzzyMatch.Needle("y/pho")!.matches(found))
        XCTAssertFalse(FuzzyMatch.Needle("dup/")!.matches(found), "the library's own folder is not searched")
        XCTAssertFalse(FuzzyMatch.Needle("y")!.matches(found), "without a slash, the name only")
        XCTAssertTrue(FuzzyMatch.Needle("é/")!.matches(MediaEntry(path: RawPath("lib/été/a.jpg"), rootLength: 4)))
        let given = MediaEntry(path: RawPath("/home/me/y/a.jpg"))
        XCTAssertEqual(given.relativePath, given.path, "a file given by itself keeps its path")
        XCTAssertTrue(FuzzyMatch.Needle("me/y/")!.matches(given))
    }

    func testMiddleTruncationKeepsBothEnds() {
        XCTAssertEqual(MiddleTruncation.truncate("IMG_20240101_123456.jpg", toWidth: 12), "IMG_20…6.jpg")
        XCTAssertEqual(MiddleTruncation.truncate("short.png", toWidth: 12), "short.png")
        // Captions: the extension goes first, so the end of the stem stays (user testing: every
        // clip of a folder read `▶ 0:36 clip….mp4`).
        XCTAssertEqual(MiddleTruncation.truncateFileName("clip_12.mp4", toWidth: 9), "clip_12")
        XCTAssertEqual(MiddleTruncation.truncateFileName("IMG_20240101_123456.jpg", toWidth: 16), "IMG_2024…_123456")
        XCTAssertEqual(MiddleTruncation.truncateFileName("VID_20240101_123456.mp4", toWidth: 9), "VID_…3456")
        XCTAssertEqual(MiddleTruncation.truncateFileName("short.png", toWidth: 9), "short.png", "whole when it fits")
        XCTAssertEqual(MiddleTruncation.truncateFileName(".hidden_picture", toWidth: 9), ".hid…ture", "a leading dot is no extension")
        XCTAssertEqual(MiddleTruncation.truncate("abc", toWidth: 0), "")
    }

    /// In the C locale a caption's `\xHH` was cut in two (`caf\xc…e.png`, `\xc3\x…xa9-1`):
    /// an escape is kept or cut whole, at either end.
    func testMiddleTruncationKeepsEscapesWhole() {
        XCTAssertEqual(MiddleTruncation.truncate("caf\\xc3\\xa9-plage.png", toWidth: 12), "caf…e.png")
        XCTAssertEqual(MiddleTruncation.truncate("plage-caf\\xc3\\xa9.png", toWidth: 12), "plage-….png")
        XCTAssertEqual(MiddleTruncation.truncate("a\\\\bcdefgh\\e", toWidth: 5), "a…\\e", "`\\\\` (a backslash) whole, and `\\e`")
        XCTAssertEqual(MiddleTruncation.truncateFileName("\\xc3\\xa9t\\xc3\\xa9-1.png", toWidth: 12), "\\xc3…-1")
    }

    /// The line above the keys drops facts from the end until the path has room, not all of
    /// them at once (user testing: at 60 columns a video's line read `old.avi` alone).
    func testTheInfoLineKeepsTheFactsThatFit() {
        let facts = ["▶ 0:05", "AVI", "320×240", "300 kB", "2026-12-04 17:56"]
        let glyphs = ChromeGlyphs.unicode
        XCTAssertEqual(SheetFooter.infoLine(path: "old.avi", facts: facts, room: 80, glyphs: glyphs),
                       "old.avi · ▶ 0:05 · AVI · 320×240 · 300 kB · 2026-12-04 17:56")
        XCTAssertEqual(SheetFooter.infoLine(path: "old.avi", facts: facts, room: 56, glyphs: glyphs),
                       "old.avi · ▶ 0:05 · AVI · 320×240 · 300 kB", "a 60-column sheet's room")
        XCTAssertEqual(SheetFooter.infoLine(path: "a-rather-long-name-of-a-clip.avi", facts: facts, room: 30, glyphs: glyphs),
                       "a-rathe…lip.avi · ▶ 0:05 · AVI", "the path keeps 8 columns at least")
        XCTAssertEqual(SheetFooter.infoLine(path: "old.avi", facts: facts, room: 12, glyphs: glyphs), "old.avi", "no room for a fact")
        let photo = ["JPEG", "4000×3000", "2.1 MB", "2026-12-04 17:56"]
        XCTAssertEqual(SheetFooter.infoLine(path: "IMG_20240101_123456.jpg", facts: photo, room: 56, glyphs: glyphs),
                       "IMG_20240101_123456.jpg · JPEG · 4000×3000 · 2.1 MB", "the whole name before the date")
    }

    /// The preview's facts lose the hint, then whole facts from the end, instead of being cut
    /// in the middle of the date (user testing at 60 columns: `65 kB…12-04 17:56`).
    func testThePreviewsFactsKeepWholeFacts() {
        let facts = ["JPEG", "4000×3000", "2.1 MB", "2026-12-04 17:56"]
        let glyphs = ChromeGlyphs.unicode
        XCTAssertEqual(PreviewView.factsLine(facts, room: 80, glyphs: glyphs), "JPEG · 4000×3000 · 2.1 MB · 2026-12-04 17:56  (any key closes)")
        XCTAssertEqual(PreviewView.factsLine(facts, room: 58, glyphs: glyphs), "JPEG · 4000×3000 · 2.1 MB · 2026-12-04 17:56")
        XCTAssertEqual(PreviewView.factsLine(facts, room: 30, glyphs: glyphs), "JPEG · 4000×3000 · 2.1 MB")
        XCTAssertEqual(PreviewView.factsLine(facts, room: 5, glyphs: glyphs), "JPEG")
    }

    /// A 16-column tile: twelve clips read `▶ 0:36 clip….mp4` alike (user testing, a folder of
    /// clip_1.mp4 … clip_12.mp4, and a search for `clip1` showed four identical captions).
    func testACaptionThatDoesNotFitKeepsTheEndOfTheName() {
        var clip = MediaEntry(path: RawPath("/m/clip_12.mp4"), status: .media(.mp4))
        clip.duration = 36
        XCTAssertEqual(TileView.captionText(for: clip, width: 16), "▶ 0:36 clip_12")
        let photo = MediaEntry(path: RawPath("/m/IMG_20240101_123456.jpg"), status: .media(.jpeg))
        XCTAssertEqual(TileView.captionText(for: photo, width: 16), "IMG_2024…_123456")
        XCTAssertEqual(TileView.captionText(for: photo, width: 30), "IMG_20240101_123456.jpg")
    }

    func testMiddleTruncationCountsWideCharacters() {
        let shown = MiddleTruncation.truncate("日本語のファイル名.jpg", toWidth: 10)
        XCTAssertLessThanOrEqual(DisplayWidthProbe.width(shown), 10)
        XCTAssertTrue(shown.hasPrefix("日本"))
        XCTAssertTrue(shown.hasSuffix(".jpg"))
    }

    func testDurationText() {
        XCTAssertEqual(DurationText.format(42.9), "0:43")
        XCTAssertEqual(DurationText.format(725), "12:05")
        XCTAssertEqual(DurationText.format(3723), "1:02:03")
    }

    /// Rounded to the nearest second as players show it, in every caption (report §14: a
    /// 2.6 s clip read 0:02 and a 0.4 s one 0:00 while the JSON said 2.6 and 0.4).
    func testDurationIsRoundedToTheNearestSecondEverywhere() {
        XCTAssertEqual(DurationText.format(2.6), "0:03")
        XCTAssertEqual(DurationText.format(2.4), "0:02")
        XCTAssertEqual(DurationText.format(0.4), "0:01")
        XCTAssertEqual(DurationText.format(0), "0:00")
        XCTAssertEqual(DurationText.format(59.5), "1:00")
        XCTAssertEqual(DurationText.format(3599.7), "1:00:00")
        XCTAssertEqual(DurationText.format(1e300), "?:??")
        let clip = MediaEntry(path: RawPath("clip.mp4"), status: .media(.mp4), byteSize: 1, duration: 2.6)
        XCTAssertEqual(EntryDetails.facts(clip).first, "▶ 0:03")
    }

    func testByteText() {
        XCTAssertEqual(EntryDetails.bytes(999), "999 B")
        XCTAssertEqual(EntryDetails.bytes(2_100_000), "2.1 MB")
        XCTAssertEqual(EntryDetails.bytes(123_456_789), "123 MB")
    }
}

import TerminalUI
import Platform

enum DisplayWidthProbe {
    static func width(_ s: String) -> Int { DisplayWidth.of(s) }
}
