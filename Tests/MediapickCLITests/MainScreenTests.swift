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
    /// so the grid shows which file each tile is. Each thumbnail made is counted in `made`.
    private func makeScreen(made: RenderCount = RenderCount(), limit: Int = 0, preselected: [RawPath] = [],
                            camera: CameraAccess? = nil) async -> (ViewHost<[PickerResult]>, InMemoryBackend, ThumbnailShelf) {
        let library = MediaLibrary(name: "fruit", sources: [.folder(RawPath("."))])
        await library.waitUntilIdle()
        var configuration = PickerConfiguration()
        configuration.selectionLimit = limit
        configuration.preselectedPaths = preselected
        configuration.sort = .name
        configuration.symbols = .ascii
        configuration.colors = .none
        configuration.diskCacheEnabled = false
        configuration.tileSize = Size(width: 8, height: 3)
        let art = ArtOptions(columns: 6, rows: 2, symbols: .ascii, colors: .none)
        let shelf = ThumbnailShelf(options: art) { path, _ throws(ThumbnailError) in
            made.add(path)
            let letter = path.lastComponent.string.unicodeScalars.first!
            if letter == "d" { throw .notMedia(path: path.string) }  // damson cannot be shown
            return .cells(CellImage(columns: art.columns, rows: art.rows,
                                    cells: Array(repeating: ArtCell(glyph: letter), count: art.columns * art.rows)))
        }
        let backend = InMemoryBackend(size: Size(width: 72, height: 24), colorDepth: .none)
        let host = ViewHost(MainScreen(configuration: configuration, library: library, shelf: shelf, camera: camera), backend: backend,
                            stopsWith: [PickerResult].self)
        return (host, backend, shelf)
    }

    /// A camera that cannot be opened (no ffmpeg on its PATH): `c` says so in one line.
    private func unopenableCamera() -> CameraAccess {
        var options = CameraOptions()
        options.device = Array("/dev/no-such-camera".utf8)
        return CameraAccess(options: options, environment: ["PATH": "/nonexistent"],
                            renderer: AnyThumbnailRenderer(CellArtRenderer(ArtOptions(columns: 6, rows: 2))))
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
        host.render()  // the screen asks for the thumbnails its grid shows, before drawing it
        await shelf.waitUntilIdle()
        host.render()
        XCTAssertTrue(backend.text.contains("▸ ./zz\\nline.png"), backend.text)
        XCTAssertFalse(backend.screen.lines.contains { $0.hasPrefix("line.png") }, backend.text)
    }

    func testPickingAddsToTheListAndGridAndPickingAgainAddsMore() async {
        let (host, backend, shelf) = await makeScreen()
        host.send(.key(.enter))
        for key: Key in [.character(" "), .right, .character(" "), .right, .character(" "), .enter] { host.send(.key(key)) }
        host.render()  // the screen asks for the thumbnails its grid shows, before drawing it
        await shelf.waitUntilIdle()
        host.render()
        assertSnapshot(backend, named: "after-picking-three")
        XCTAssertTrue(backend.text.contains("Chosen (3):"))

        host.send(.key(.enter))
        for key: Key in [.end, .character(" "), .enter] { host.send(.key(key)) }
        host.render()  // the screen asks for the thumbnails its grid shows, before drawing it
        await shelf.waitUntilIdle()
        host.render()
        XCTAssertTrue(backend.text.contains("Chosen (4):"))
        XCTAssertTrue(backend.text.contains("damson.png"), "the new file is in the grid")
        XCTAssertTrue(backend.text.contains("no preview"), "a file that cannot be shown says so")
    }

    /// A pick whose file went while the sheet was open was left out of the list without a
    /// word; now the sheet's Enter finds it gone, unselects it and stays open, saying so, and a
    /// second Enter adds the rest. (One gone after that check is named on the main screen,
    /// `notice(vanished:)`, as pick mode says so on stderr.)
    func testAPickThatVanishedInTheSheetIsNamed() async {
        let (host, backend, shelf) = await makeScreen()
        host.send(.key(.enter))
        for key: Key in [.character(" "), .right, .character(" ")] { host.send(.key(key)) }
        XCTAssertEqual(unlink(folder.appendingPathComponent("berry.png").path), 0)
        host.send(.key(.enter))
        XCTAssertTrue(host.render().text.contains("berry.png is gone — unselected it"), backend.text)
        host.send(.key(.enter))
        host.render()
        await shelf.waitUntilIdle()
        let text = host.render().text
        XCTAssertTrue(text.contains("Chosen (1):"), text)
        XCTAssertFalse(text.contains("Not added"), text)
        XCTAssertEqual(MainScreen.notice(vanished: [RawPath("a\nb.png"), RawPath("c.png")]),
                       "Not added, 2 files: a\\nb.png, c.png: No such file or directory")
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

    /// An Esc too many after closing a sheet did nothing, without a word: the main screen now
    /// says that q quits, and keeps the files chosen (an Esc that quit would lose them).
    func testAnEscapeTooManySaysHowToQuitAndKeepsTheChosenFiles() async throws {
        let (host, _, _) = await makeScreen()
        host.send(.key(.enter))
        for key: Key in [.character(" "), .enter] { host.send(.key(key)) }
        host.send(.key(.enter))
        host.send(.key(.escape))  // closes the second sheet
        XCTAssertFalse(host.render().text.contains("q quits"), "the sheet's Esc is the sheet's")
        XCTAssertTrue(host.send(.key(.escape)), "the main screen takes the Esc")
        let text = host.render().text
        XCTAssertNil(host.outcome, "Esc does not quit")
        XCTAssertTrue(text.contains("Chosen (1):"), text)
        XCTAssertTrue(text.contains(MainScreen.quitHint), text)
        XCTAssertLessThanOrEqual(MainScreen.quitHint.count, 40, "fits a 40-column terminal")
        host.send(.key(.character("q")))
        XCTAssertEqual(try XCTUnwrap(host.outcome?.value).map { $0.path.lastComponent.string }, ["apple.png"])
    }

    /// Ctrl-A in a second sheet took the files chosen in the first again (the list doubled
    /// them); it passes them by and says so. Space on one still chooses it again.
    func testSelectAllInALaterSheetSkipsTheFilesAlreadyChosen() async throws {
        let (host, _, _) = await makeScreen()
        host.send(.key(.enter))
        for key: Key in [.character(" "), .right, .right, .character(" "), .enter] { host.send(.key(key)) }
        host.send(.key(.enter))
        host.send(.key(.control("a")))
        XCTAssertTrue(host.render().text.contains("Skipped 2 files already chosen"), host.render().text)
        host.send(.key(.enter))
        XCTAssertTrue(host.render().text.contains("Chosen (4):"), host.render().text)
        host.send(.key(.enter))
        for key: Key in [.character(" "), .enter] { host.send(.key(key)) }
        host.send(.key(.character("q")))
        XCTAssertEqual(try XCTUnwrap(host.outcome?.value).map { $0.path.lastComponent.string },
                       ["apple.png", "cherry.png", "berry.png", "damson.png", "apple.png"])
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

    /// `app -l 3` limited each sheet, not the total: two sheets of three gave six files. The
    /// limit is the total now: the second sheet opens with the place left (its counter `2/3`),
    /// refuses a second pick naming the limit, and at the limit `+` and Enter say why instead of
    /// opening a sheet; removing a file frees a place. A file chosen again counts again, as it
    /// is printed again.
    func testTheLimitIsTheTotalNotEachSheets() async throws {
        // A camera that cannot be opened: at the limit `c` must refuse before trying it.
        let (host, backend, _) = await makeScreen(limit: 3, camera: unopenableCamera())
        host.send(.key(.enter))
        for key: Key in [.character(" "), .right, .character(" "), .enter] { host.send(.key(key)) }
        XCTAssertTrue(host.render().text.contains("Chosen (2/3):"), backend.text)

        host.send(.key(.character("+")))
        var text = host.render().text
        XCTAssertTrue(text.contains("[ Add 0 ]") && text.contains("2/3"), text)
        for key: Key in [.character(" "), .right, .character(" ")] { host.send(.key(key)) }
        text = host.render().text
        XCTAssertTrue(text.contains("Limit of 3 reached (2 chosen before) — unselect one (Space)"), text)
        XCTAssertTrue(text.contains("3/3"), text)
        host.send(.key(.enter))
        text = host.render().text
        XCTAssertTrue(text.contains("Chosen (3/3):"), text)

        for key: Key in [.character("+"), .enter, .character("c")] {
            host.send(.key(key))
            text = host.render().text
            XCTAssertFalse(text.contains("Space pick") || text.contains("Retake"), "no sheet opens at the limit (\(key)): \(text)")
            XCTAssertTrue(text.contains("Limit reached: 3 chosen, at most 3 (-l 3) — remove one first (d)"), text)
        }
        host.send(.key(.character("d")))
        text = host.render().text
        XCTAssertTrue(text.contains("Chosen (2/3):"), text)
        XCTAssertFalse(text.contains("Limit reached"), "the refusal goes with the place freed: \(text)")
        host.send(.key(.character("+")))
        XCTAssertTrue(host.render().text.contains("Space pick"), "a place is free: the sheet opens")
        for key: Key in [.end, .character(" "), .enter] { host.send(.key(key)) }
        host.send(.key(.character("q")))
        let results = try XCTUnwrap(host.outcome?.value)
        XCTAssertEqual(results.map { $0.path.lastComponent.string }, ["berry.png", "apple.png", "damson.png"])
    }

    /// `app --preselect cherry.png` selected cherry in every sheet, so that Enter in the second
    /// added it a second time (and took a place under the limit). It is the first sheet's only.
    func testThePreselectionIsTheFirstSheetsOnly() async throws {
        let (host, _, _) = await makeScreen(preselected: [RawPath("./cherry.png")])
        host.send(.key(.enter))
        XCTAssertTrue(host.render().text.contains("[ Add 1 ]"), "the first sheet opens with it selected")
        host.send(.key(.enter))
        host.send(.key(.enter))
        XCTAssertTrue(host.render().text.contains("[ Add 0 ]"), "the second opens with nothing selected")
        host.send(.key(.enter))  // nothing selected: the focused entry, apple
        host.send(.key(.character("q")))
        let results = try XCTUnwrap(host.outcome?.value)
        XCTAssertEqual(results.map { $0.path.lastComponent.string }, ["cherry.png", "apple.png"])
    }

    /// Writes `count` more pictures, `fig000.png` on, sorting after the fruit.
    private func addFigures(_ count: Int) throws {
        let bytes = try PNGEncoder.encode(PixelImage(width: 4, height: 4, fill: (9, 90, 9, 255)))
        for index in 0..<count {
            try Data(bytes).write(to: folder.appendingPathComponent("fig" + String(index + 1000).dropFirst() + ".png"))
        }
    }

    /// Picks every file of the library through the sheet (Ctrl-A, Enter).
    private func pickAll(_ host: ViewHost<[PickerResult]>, shelf: ThumbnailShelf) async {
        host.send(.key(.enter))
        host.send(.key(.control("a")))
        host.send(.key(.enter))
        host.render()
        await shelf.waitUntilIdle()
        host.render()
    }

    /// With many files chosen the grid showed the first ones whatever the focus: it scrolls
    /// with the focus, and the focused file's name is marked as in the list.
    func testTheGridFollowsTheFocusAndMarksIt() async throws {
        try addFigures(20)
        let (host, backend, shelf) = await makeScreen()
        await pickAll(host, shelf: shelf)
        for _ in 0..<19 { host.send(.key(.down)) }
        host.render()
        await shelf.waitUntilIdle()
        assertSnapshot(host, named: "grid-follows-the-focus")
        XCTAssertTrue(backend.text.contains("▸ fig015.png"), backend.text)
        XCTAssertFalse(backend.text.contains("apple.png"), "the first row has scrolled away")
    }

    /// A name longer than its caption is shortened in the middle, as in the sheet, so that names
    /// sharing a long start stay apart: cut at the end, `holiday-in-the-mountains-day-1.png` to
    /// `-day-3` read the same under their pictures (the second exploratory tester's finding).
    func testLongNamesUnderThePicturesKeepTheirEnds() async throws {
        let bytes = try PNGEncoder.encode(PixelImage(width: 4, height: 4, fill: (9, 90, 9, 255)))
        for day in 1...3 { try Data(bytes).write(to: folder.appendingPathComponent("holiday-in-the-mountains-day-\(day).png")) }
        let (host, backend, shelf) = await makeScreen()
        await pickAll(host, shelf: shelf)
        // The list above the grid names the focused file whole; the captions are the lines
        // with a shortened name.
        let captions = backend.screen.lines.filter { $0.contains("holiday-in-…") }.joined(separator: "\n")
        for day in 1...3 {
            XCTAssertNotNil(captions.firstMatch(of: try Regex("holiday-in-…[a-z-]*day-\(day)")), "day-\(day)'s caption\n\(backend.text)")
        }
    }

    /// The cause of 50–60 ms a key with 2,000 files chosen: every chosen file had a tile (and
    /// a thumbnail made at once), each laid out and captioned at every key. Only the tiles
    /// shown are made: after picking 64 files and moving to the last, the thumbnails made are
    /// the first screenful and the last, not all 64.
    func testOnlyTheTilesShownAreMade() async throws {
        try addFigures(60)
        let made = RenderCount()
        let (host, backend, shelf) = await makeScreen(made: made)
        await pickAll(host, shelf: shelf)
        XCTAssertTrue(backend.text.contains("Chosen (64):"), backend.text)
        XCTAssertEqual(made.paths.count, 12, "four rows of three: \(made.paths.sorted())")
        for _ in 0..<63 { host.send(.key(.down)) }
        host.render()
        await shelf.waitUntilIdle()
        host.render()
        XCTAssertTrue(backend.text.contains("▸ fig059.png"), backend.text)
        XCTAssertLessThanOrEqual(made.paths.count, 24, "the first screenful and the last: \(made.paths.count)")
        XCTAssertEqual(made.paths.count, Set(made.paths).count, "each thumbnail is made once")
    }

    /// The grid asked the shelf for its thumbnails from inside its draw: every frame composed
    /// asked again, a thumbnail arriving or each key in the picker sheet drawn over the
    /// screen too. The request is made when what the grid shows changes, and the files are
    /// checked at each key the screen handles; the draw asks nothing (fails without the
    /// change: the five frames with the sheet open asked five times more).
    func testDrawingTheGridAsksTheShelfNothing() async throws {
        try addFigures(8)
        let (host, backend, shelf) = await makeScreen()
        await pickAll(host, shelf: shelf)
        XCTAssertTrue(backend.text.contains("Chosen (12):"), backend.text)
        let requests = shelf.requests
        // The sheet over the screen, keys in it, and cancelled: each a frame with the grid
        // drawn under the sheet, none changing what it shows.
        host.send(.key(.enter))
        host.render()
        for key: Key in [.right, .right, .down] {
            host.send(.key(key))
            host.render()
        }
        XCTAssertTrue(backend.screen[0, 0].style.attributes.contains(.dim), "the sheet is open")
        host.send(.key(.escape))
        host.render()
        XCTAssertTrue(backend.text.contains("Chosen (12):"), backend.text)
        XCTAssertEqual(shelf.requests, requests, "no request from the frames drawn")
        host.render()
        host.render()
        XCTAssertEqual(shelf.requests, requests)
        // A key the screen handles asks once (its files checked), and a move that scrolls the
        // grid once more (the new tiles).
        host.send(.key(.up))
        host.render()
        XCTAssertEqual(shelf.requests, requests + 1)
        for _ in 0..<11 { host.send(.key(.down)) }
        host.render()
        XCTAssertEqual(shelf.requests, requests + 13)
        await shelf.waitUntilIdle()
        host.render()
        XCTAssertTrue(backend.text.contains("▸ fig007.png"), backend.text)
    }

    /// A taller terminal shows more rows of the grid: their thumbnails are asked for at the
    /// resize and arrive (the grid's place comes from the screen's layout, not from a draw).
    func testATallerTerminalGetsTheThumbnailsOfTheRowsItShows() async throws {
        try addFigures(20)
        let made = RenderCount()
        let (host, backend, shelf) = await makeScreen(made: made)
        await pickAll(host, shelf: shelf)
        XCTAssertEqual(made.paths.count, 12, "four rows of three: \(made.paths.sorted())")
        backend.resize(to: Size(width: 72, height: 40))
        host.send(.resize(Size(width: 72, height: 40)))
        host.render()
        await shelf.waitUntilIdle()
        let screen = host.render().text
        XCTAssertEqual(made.paths.count, 24, "eight rows of three, the last cut short: \(made.paths.sorted())")
        XCTAssertTrue(screen.contains("fig016.png"), screen)
        XCTAssertFalse(screen.contains("…"), "no placeholder left:\n\(screen)")
    }

    /// The main screen's cell art assumed 1:2 cells whatever the terminal said: a 5:1 picture
    /// in a 20x8 tile was two rows tall on square cells too. Its shelf is made as the picker's
    /// tiles are (`PickerConfiguration.artOptions`): four rows on square cells.
    func testTheGridsCellArtTakesTheCellsShape() async throws {
        let wide = folder.appendingPathComponent("wide")
        try FileManager.default.createDirectory(at: wide, withIntermediateDirectories: true)
        try Data(try PNGEncoder.encode(PixelImage(width: 80, height: 16, fill: (255, 255, 255, 255))))
            .write(to: wide.appendingPathComponent("strip.png"))
        let library = MediaLibrary(name: "wide", sources: [.folder(RawPath("wide"))])
        await library.waitUntilIdle()
        var rows: [Size?: Int] = [:]
        for cell: Size? in [nil, Size(width: 10, height: 20), Size(width: 10, height: 10)] {
            var configuration = PickerConfiguration()
            configuration.symbols = .ascii
            configuration.colors = .none
            configuration.diskCacheEnabled = false
            configuration.cellPixelSize = cell
            let shelf = AppMode.makeShelf(configuration, tile: CellSize(columns: 20, rows: 8))
            let backend = InMemoryBackend(size: Size(width: 72, height: 24), colorDepth: .none)
            let host = ViewHost(MainScreen(configuration: configuration, library: library, shelf: shelf), backend: backend, stopsWith: [PickerResult].self)
            for key: Key in [.enter, .enter] { host.send(.key(key)) }
            host.render()
            await shelf.waitUntilIdle()
            host.render()
            // The grid starts under the list (three header rows, two list rows, a blank one).
            let grid = backend.screen.lines.dropFirst(6).prefix { !$0.contains("strip.png") }
            rows[cell] = grid.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
        }
        XCTAssertEqual(rows[nil], 2, "10x20 cells when the terminal does not say")
        XCTAssertEqual(rows[Size(width: 10, height: 20)], 2)
        XCTAssertEqual(rows[Size(width: 10, height: 10)], 4, "twice as many rows on square cells")
        var configuration = PickerConfiguration()
        configuration.cellPixelSize = Size(width: 10, height: 10)
        XCTAssertEqual(configuration.artOptions(columns: 20, rows: 8).cellAspect, 1)
        XCTAssertEqual(PickerConfiguration().artOptions().cellAspect, 2)
    }

    /// The main screen's thumbnails were made once: a chosen file still being written when it
    /// was chosen (a download) said "no preview" for as long as the app was open, and one
    /// rewritten kept its old picture. The shelf makes them through the picker's pipeline, and
    /// the screen has the shown thumbnails' files checked at each key it handles: the frame
    /// after the next key, once the file is complete, or rewritten, shows it as it is.
    func testAChosenFileCompletedOrRewrittenWhileTheAppIsOpenIsShownAnew() async throws {
        let changing = folder.appendingPathComponent("changing"), file = changing.appendingPathComponent("x.png")
        try FileManager.default.createDirectory(at: changing, withIntermediateDirectories: true)
        // Two pictures whose cell art differs in shape (5 rows of 20 columns; 2 rows), and
        // the first one cut short after its header.
        let square = try PNGEncoder.encode(PixelImage(width: 32, height: 16, fill: (255, 255, 255, 255)))
        let strip = try PNGEncoder.encode(PixelImage(width: 80, height: 16, fill: (255, 255, 255, 255)))
        try Data(square.prefix(40)).write(to: file)
        let library = MediaLibrary(name: "changing", sources: [.folder(RawPath("changing"))])
        await library.waitUntilIdle()
        let (host, shelf, backend) = chosenGridScreen(library)
        for key: Key in [.enter, .enter] { host.send(.key(key)) }
        /// The grid (below the three header rows, two list rows and a blank one) after a key
        /// (Down, which with one file moves nothing, but has the files checked) and the
        /// thumbnails made again.
        func grid() async -> [String] {
            host.send(.key(.down))
            host.render()
            await shelf.waitUntilIdle()
            return Array(host.render().lines.dropFirst(6))
        }
        let broken = await grid()
        XCTAssertTrue(backend.text.contains("changing/x.png") && backend.text.contains("no preview"), backend.text)
        // Each new content replaces the file whole (written aside, renamed over): a check made
        // while a plain write is under way may find it half written, fail it again, and leave the
        // retry to the next draw, after this test has read the screen.
        try Data(square).write(to: file, options: .atomic)
        let whole = await grid()
        XCTAssertFalse(whole.contains { $0.contains("no preview") }, "the complete file is shown:\n\(backend.text)")
        XCTAssertNotEqual(whole, broken)
        try Data(strip).write(to: file, options: .atomic)
        let rewritten = await grid()
        XCTAssertNotEqual(rewritten, whole, "the rewritten file is shown anew:\n\(backend.text)")
        let again = await grid()
        XCTAssertEqual(again, rewritten, "and stays so")
    }

    /// At 60 columns the row of keys was cut as one text, "… ↑↓ move…", and lost `q quit`
    /// first. Hints go whole, the least wanted first; `q quit` stays down to the sheet's 24
    /// columns, the Camera button going before it (its key's hint takes its place).
    func testTheQuitKeyStaysOnTheRowAtEveryWidth() async {
        let (host, backend, _) = await makeScreen(camera: unopenableCamera())
        var rows: [Int: String] = [:]
        for width in [80, 60, 40, 34, 33, 22, 21, 20, 12, 24] {
            backend.resize(to: Size(width: width, height: 24))
            host.send(.resize(Size(width: width, height: 24)))
            rows[width] = host.render().lines[1].trimmingCharacters(in: .whitespaces)
        }
        XCTAssertEqual(rows[80], "[ Pick media ]  [ Camera ]  Enter/+ pick  c camera  ↑↓ move  d remove  q quit")
        XCTAssertEqual(rows[60], "[ Pick media ]  [ Camera ]  Enter/+ pick  c camera  q quit")
        XCTAssertEqual(rows[40], "[ Pick media ]  [ Camera ]  q quit")
        XCTAssertEqual(rows[34], "[ Pick media ]  [ Camera ]  q quit")
        XCTAssertEqual(rows[33], "[ Pick media ]  c camera  q quit")
        XCTAssertEqual(rows[24], "[ Pick media ]  q quit")
        // Below the app's smallest supported size (24x7: the sheet then says it is too small),
        // the main screen still draws, and the way out stays named (tester2's finding 6: at
        // 20 and 21 columns the row read only "[ Pick media ]").
        XCTAssertEqual(rows[22], "[ Pick media ]  q quit")
        XCTAssertEqual(rows[21], "Enter/+ pick  q quit")
        XCTAssertEqual(rows[20], "Enter/+ pick  q quit")
        XCTAssertEqual(rows[12], "q quit")
        host.send(.key(.character("c")))
        XCTAssertTrue(host.render().text.contains("camera needs ffmpeg"), "c works without its button: \(backend.text)")
    }
}

/// The thumbnails a test's shelf made, in order (the shelf renders off the main actor).
/// `Locked`, not `Synchronization.Mutex`: the latter's contended futex path is invisible to
/// ThreadSanitizer, which then reports the list as raced (seen in CI on two cores).
final class RenderCount: Sendable {
    private let made = Locked<[RawPath]>([])

    func add(_ path: RawPath) { made.withLock { $0.append(path) } }

    var paths: [RawPath] { made.withLock { $0 } }
}
