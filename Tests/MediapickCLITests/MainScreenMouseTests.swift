import MediaDecoding
import MediaPicker
@testable import MediapickCLI
import Platform
import TerminalUI
import TestFixtures
import XCTest

/// The app's main screen takes the mouse as the picker sheet does (`MouseEvent.intent`): a
/// click on a chosen file's row in the list or on its tile in the grid focuses it, the wheel
/// moves the focus as Up and Down do, and the buttons take their clicks as their keys. Before,
/// only the buttons did: a click on a row, a tile or the wheel did nothing.
@MainActor
final class MainScreenMouseTests: XCTestCase {
    private let folder = TempFolder()

    /// The main screen with the ten files `p00.png`… all chosen through the sheet (Ctrl-A, Enter).
    private func screenWithTenChosen() async throws -> ViewHost<[PickerResult]> {
        let bytes = try PNGEncoder.encode(PixelImage(width: 8, height: 8, fill: (40, 90, 200, 255)))
        for index in 0..<10 { folder.write("p0\(index).png", bytes: bytes) }
        let library = MediaLibrary(name: "mouse", sources: [.folder(folder.path)])
        await library.waitUntilIdle()
        let (host, _, _) = chosenGridScreen(library, limit: 0)
        for key: Key in [.enter, .control("a"), .enter] { host.send(.key(key)) }
        let text = host.render().text
        return try XCTUnwrap(text.contains("Chosen (10):") ? host : nil, "the ten files chosen:\n\(text)")
    }

    private func press(_ x: Int, _ y: Int, _ button: MouseEvent.Button = .left) -> Event {
        .mouse(MouseEvent(kind: .press(button), position: Point(x: x, y: y)))
    }

    private func wheel(_ kind: MouseEvent.Kind, _ x: Int = 40, _ y: Int = 0) -> Event {
        .mouse(MouseEvent(kind: kind, position: Point(x: x, y: y)))
    }

    /// The list's rows on screen: each one's row number and the file name it shows.
    private func listRows(_ host: ViewHost<[PickerResult]>) -> [(y: Int, name: String)] {
        host.render().lines.enumerated().compactMap { y, line in
            guard line.hasPrefix("  /") || line.hasPrefix("▸ /") else { return nil }
            return (y, String(line.trimmingCharacters(in: .whitespaces).split(separator: "/").last ?? ""))
        }
    }

    /// The name of the focused file, as the list marks it.
    private func focusedName(_ host: ViewHost<[PickerResult]>) -> String? {
        host.render().lines.first { $0.hasPrefix("▸ /") }.flatMap { $0.trimmingCharacters(in: .whitespaces).split(separator: "/").last.map(String.init) }
    }

    func testAClickOnAListRowFocusesItsFile() async throws {
        let host = try await screenWithTenChosen()
        let rows = listRows(host)
        XCTAssertEqual(rows.count, MainScreen.listRows, host.render().text)
        XCTAssertEqual(focusedName(host), rows[0].name)
        // Anywhere on the row, past its name too, as fzf takes a click on a line.
        XCTAssertTrue(host.send(press(60, rows[3].y)))
        XCTAssertEqual(focusedName(host), rows[3].name, host.render().text)
        XCTAssertTrue(host.render().text.contains("▸ \(rows[3].name)"), "the grid marks it too:\n\(host.render().text)")
        // It is the focus the keys act on: d removes the file clicked.
        host.send(.key(.character("d")))
        host.send(.key(.character("q")))
        let printed = try XCTUnwrap(host.outcome?.value).map { $0.path.lastComponent.string }
        XCTAssertEqual(printed.count, 9)
        XCTAssertFalse(printed.contains(rows[3].name), "\(printed)")
    }

    func testAClickOnATileFocusesItsFile() async throws {
        let host = try await screenWithTenChosen()
        let lines = host.render().lines
        let rows = listRows(host)
        // The grid's first row of captions: the names, without their folder.
        let captionRow = try XCTUnwrap(lines.indices.first { $0 > rows.last!.y && lines[$0].contains(".png") }, host.render().text)
        let names = lines[captionRow].split(separator: " ").filter { $0.hasSuffix(".png") }.map(String.init)
        XCTAssertEqual(names.count, 3, lines[captionRow])
        let third = try XCTUnwrap(lines[captionRow].range(of: names[2]))
        let column = lines[captionRow].distance(from: lines[captionRow].startIndex, to: third.lowerBound)
        XCTAssertTrue(host.send(press(column, captionRow)), "its caption")
        XCTAssertEqual(focusedName(host), names[2], host.render().text)
        XCTAssertTrue(host.send(press(column, captionRow - 2)), "its picture, the second tile")
        XCTAssertTrue(host.send(press(column - 24, captionRow - 2)))
        XCTAssertEqual(focusedName(host), names[1], host.render().text)
    }

    func testTheWheelMovesTheFocusAsUpAndDownDo() async throws {
        let host = try await screenWithTenChosen()
        let rows = listRows(host)
        // Over the list, the grid, or the button (which has the focus but does not scroll).
        XCTAssertTrue(host.send(wheel(.wheelDown, 40, rows[0].y)))
        XCTAssertTrue(host.send(wheel(.wheelDown, 40, 20)))
        XCTAssertTrue(host.send(wheel(.wheelDown, 3, 1)))
        XCTAssertEqual(focusedName(host), rows[3].name, host.render().text)
        XCTAssertTrue(host.send(wheel(.wheelUp)))
        XCTAssertEqual(focusedName(host), rows[2].name)
        for _ in 0..<5 { host.send(wheel(.wheelUp)) }
        XCTAssertEqual(focusedName(host), rows[0].name, "it stops at the first, as Up does")
        // Past the six rows shown, the list scrolls as it does for Down.
        for _ in 0..<9 { host.send(wheel(.wheelDown)) }
        XCTAssertEqual(listRows(host).last?.name, focusedName(host))
        XCTAssertFalse(listRows(host).contains { $0.name == rows[0].name }, "scrolled:\n\(host.render().text)")
    }

    /// A click on what is no chosen file or button is not taken: the title, the hints, the
    /// list's title, the blank rows; nor a right or middle click on a row, nor a release.
    func testClicksOnNothingElseDoNothing() async throws {
        let host = try await screenWithTenChosen()
        let rows = listRows(host)
        let before = host.render().text
        let hints = try XCTUnwrap(host.render().lines[1].range(of: "q quit"))
        let quitColumn = host.render().lines[1].distance(from: host.render().lines[1].startIndex, to: hints.lowerBound)
        for event in [press(3, 0), press(quitColumn, 1), press(3, rows[0].y - 1), press(3, rows.last!.y + 1),
                      press(3, rows[2].y, .right), press(3, rows[2].y, .middle),
                      .mouse(MouseEvent(kind: .release(.left), position: Point(x: 3, y: rows[2].y)))] {
            XCTAssertFalse(host.send(event), "\(event)")
        }
        XCTAssertNil(host.outcome, "a click on `q quit` does not quit")
        XCTAssertEqual(host.render().text, before)
    }

    /// The buttons take their clicks as Enter takes them (unchanged: `Button` always did); with
    /// the sheet open, the mouse is the sheet's, and the main screen's focus stays where it was.
    func testTheButtonIsClickedAndTheSheetKeepsItsMouse() async throws {
        let host = try await screenWithTenChosen()
        let rows = listRows(host)
        host.send(press(60, rows[1].y))
        XCTAssertTrue(host.send(press(3, 1)), "[ Pick media ]")
        XCTAssertTrue(host.render().text.contains("Space pick"), host.render().text)
        host.send(wheel(.wheelDown, 40, rows[4].y))
        host.send(.key(.escape))
        XCTAssertFalse(host.render().text.contains("Space pick"), host.render().text)
        XCTAssertEqual(focusedName(host), rows[1].name, host.render().text)
    }
}
