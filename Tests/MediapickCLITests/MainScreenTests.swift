import CellArt
import Foundation
import MediaDecoding
import MediaPicker
@testable import MediapickCLI
import TerminalUI
import TerminalUITesting
import XCTest
import Thumbnails
import Platform

/// The app's main screen through the in-memory terminal: empty, with the picker sheet open
/// over it, after picking (list and thumbnails), removing, and quitting with the results.
@MainActor
final class MainScreenTests: XCTestCase {
    private var folder: URL!
    private var previousDirectory = ""

    override func setUp() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mp-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, name) in ["apple.png", "berry.png", "cherry.png", "damson.png"].enumerated() {
            let image = PixelImage(width: 16, height: 8, fill: (UInt8(index * 60), 100, 200, 255))
            let bytes = try PNGEncoder.encode(image)
            let file = folder.appendingPathComponent(name)
            try Data(bytes).write(to: file)
            // A fixed date, so the sheet's detail line is the same on every run.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)],
                                                  ofItemAtPath: file.path)
        }
        // Relative paths ("./apple.png"), so the list does not show the scratch folder's name.
        previousDirectory = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path), "cannot enter \(folder.path)")
    }

    override func tearDown() async throws {
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(previousDirectory), "cannot go back to \(previousDirectory)")
        try? FileManager.default.removeItem(at: folder)
    }

    /// A screen over the scratch folder; thumbnails are the file's initial letter repeated,
    /// so the grid shows which file each tile is.
    private func makeScreen() async -> (ViewHost<[PickerResult]>, InMemoryBackend, ThumbnailShelf) {
        let library = MediaLibrary(name: "fruit", sources: [.folder(RawPath("."))])
        await library.waitUntilIdle()
        var configuration = PickerConfiguration()
        configuration.selectionLimit = 0
        configuration.sort = .name
        configuration.symbols = .ascii
        configuration.colors = .none
        configuration.diskCacheEnabled = false
        configuration.tileSize = Size(width: 8, height: 3)
        let art = ArtOptions(columns: 6, rows: 2, symbols: .ascii, colors: .none)
        let shelf = ThumbnailShelf(options: art) { path, _ throws(ThumbnailError) in
            let letter = path.lastComponent.string.unicodeScalars.first!
            if letter == "d" { throw .notMedia(path: path.string) }  // damson cannot be shown
            return .cells(CellImage(columns: art.columns, rows: art.rows,
                                    cells: Array(repeating: ArtCell(glyph: letter), count: art.columns * art.rows)))
        }
        let backend = InMemoryBackend(size: Size(width: 72, height: 24), colorDepth: .none)
        let host = ViewHost(MainScreen(configuration: configuration, library: library, shelf: shelf), backend: backend, stopsWith: [PickerResult].self)
        return (host, backend, shelf)
    }

    func testEmptyMainScreen() async {
        let (host, _, _) = await makeScreen()
        assertSnapshot(host, named: "main-empty")
    }

    func testSheetOpensOverTheDimmedMainScreen() async {
        let (host, backend, _) = await makeScreen()
        host.send(.key(.enter))
        host.render()
        assertSnapshot(backend, named: "sheet-open")
        XCTAssertTrue(backend.screen[0, 0].style.attributes.contains(.dim), "the main screen is dimmed around the sheet")
    }

    func testPlusAlsoOpensTheSheet() async {
        let (host, backend, _) = await makeScreen()
        host.send(.key(.character("+")))
        host.render()
        XCTAssertTrue(backend.text.contains("apple.png"))
    }

    /// A newline in a chosen name broke the list onto two rows; it shows as `\n`, as in the sheet.
    func testControlCharactersInChosenNamesStayOnOneRow() async throws {
        let bytes = try PNGEncoder.encode(PixelImage(width: 4, height: 4, fill: (9, 9, 9, 255)))
        try Data(bytes).write(to: folder.appendingPathComponent("zz\nline.png"))
        let (host, backend, shelf) = await makeScreen()
        host.send(.key(.enter))
        for key: Key in [.end, .character(" "), .enter] { host.send(.key(key)) }
        await shelf.waitUntilIdle()
        host.render()
        XCTAssertTrue(backend.text.contains("▸ ./zz\\nline.png"), backend.text)
        XCTAssertFalse(backend.screen.lines.contains { $0.hasPrefix("line.png") }, backend.text)
    }

    func testPickingAddsToTheListAndGridAndPickingAgainAddsMore() async {
        let (host, backend, shelf) = await makeScreen()
        host.send(.key(.enter))
        for key: Key in [.character(" "), .right, .character(" "), .right, .character(" "), .enter] { host.send(.key(key)) }
        await shelf.waitUntilIdle()
        host.render()
        assertSnapshot(backend, named: "after-picking-three")
        XCTAssertTrue(backend.text.contains("Chosen (3):"))

        host.send(.key(.enter))
        for key: Key in [.end, .character(" "), .enter] { host.send(.key(key)) }
        await shelf.waitUntilIdle()
        host.render()
        XCTAssertTrue(backend.text.contains("Chosen (4):"))
        XCTAssertTrue(backend.text.contains("damson.png"), "the new file is in the grid")
        XCTAssertTrue(backend.text.contains("no preview"), "a file that cannot be shown says so")
    }

    func testCancellingTheSheetChangesNothing() async {
        let (host, backend, _) = await makeScreen()
        host.send(.key(.enter))
        host.send(.key(.character(" ")))
        host.send(.key(.escape))
        host.render()
        XCTAssertTrue(backend.text.contains("Nothing chosen yet"))
        XCTAssertFalse(backend.text.contains("apple.png"))
    }

    func testMoveRemoveAndQuitWithTheResults() async throws {
        let (host, _, _) = await makeScreen()
        host.send(.key(.enter))
        for key: Key in [.character(" "), .right, .character(" "), .right, .character(" "), .enter] { host.send(.key(key)) }
        host.send(.key(.down))
        host.send(.key(.character("d")))
        host.send(.key(.character("q")))
        let results = try XCTUnwrap(host.outcome?.value)
        XCTAssertEqual(results.map { $0.path.lastComponent.string }, ["apple.png", "cherry.png"])
    }

    func testVisibleRangeFollowsTheFocus() {
        XCTAssertEqual(MainScreen.visibleRange(count: 3, focus: 2, rows: 6), 0..<3)
        XCTAssertEqual(MainScreen.visibleRange(count: 20, focus: 0, rows: 6), 0..<6)
        XCTAssertEqual(MainScreen.visibleRange(count: 20, focus: 10, rows: 6), 7..<13)
        XCTAssertEqual(MainScreen.visibleRange(count: 20, focus: 19, rows: 6), 14..<20)
    }
}
