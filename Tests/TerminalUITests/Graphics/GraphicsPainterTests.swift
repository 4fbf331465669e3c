import TerminalGraphics
import TerminalUI
import XCTest

/// The painter's plans: what each protocol is sent when pictures appear, stay, move, go and come back.
final class GraphicsPainterTests: XCTestCase {
    private let screen = Size(width: 80, height: 24)

    /// A picture of `identity`; a kitty one carries an unnamed transmission, as KittyRenderer makes.
    private func picture(_ identity: Int, _ encoding: TerminalImage.Encoding = .kitty, width: Int = 4, height: Int = 2) -> TerminalImage {
        let payload = encoding == .kitty
            ? KittyCommand(keys: [("a", "t"), ("f", "24"), ("q", "2")], payload: ArraySlice("picture\(identity)".utf8)).bytes
            : Array("\u{1B}Pq#\(identity)\u{1B}\\".utf8)
        return TerminalImage(encoding: encoding, size: Size(width: width, height: height), payload: payload, identity: identity)
    }

    private func at(_ x: Int, _ y: Int, _ image: TerminalImage) -> PlacedImage { PlacedImage(origin: Point(x: x, y: y), image: image) }

    private func text(_ write: GraphicsPlan.Write) -> String {
        switch write {
        case .command(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .at(let point, let bytes): return "@\(point.x),\(point.y) " + String(decoding: bytes, as: UTF8.self)
        }
    }

    private func texts(_ plan: GraphicsPlan) -> [String] { plan.writes.map(text) }

    private func transmission(_ identity: Int, id: UInt32) -> String {
        "\u{1B}_Gi=\(id),a=t,f=24,q=2;picture\(identity)\u{1B}\\"
    }

    private func placement(id: UInt32, placement: UInt32 = 1, columns: Int = 4, rows: Int = 2) -> String {
        "\u{1B}_Ga=p,i=\(id),p=\(placement),c=\(columns),r=\(rows),C=1,q=2\u{1B}\\"
    }

    private func deletion(id: UInt32, placement: UInt32 = 1) -> String { "\u{1B}_Ga=d,d=i,i=\(id),p=\(placement),q=2\u{1B}\\" }

    // MARK: kitty

    func testANewKittyPictureIsTransmittedUnderItsIdThenPlaced() {
        var painter = GraphicsPainter()
        let plan = painter.plan([at(3, 1, picture(70))], screen: screen)
        XCTAssertEqual(plan.rewrittenRows, [], "kitty pictures are not in the text: no row to write again")
        XCTAssertEqual(texts(plan), [transmission(70, id: 1), "@3,1 " + placement(id: 1)])
        XCTAssertEqual(painter.shownImages, [at(3, 1, picture(70))])
    }

    func testAnUnchangedScreenSendsNothing() {
        var painter = GraphicsPainter()
        let frame = [at(0, 0, picture(1)), at(10, 0, picture(2, .sixel)), at(20, 0, picture(3, .iterm2))]
        XCTAssertFalse(painter.plan(frame, screen: screen).isEmpty)
        let again = painter.plan(frame, screen: screen)
        XCTAssertTrue(again.isEmpty)
        XCTAssertEqual(again.bytes(throughTmux: false), [])
    }

    func testAMovedKittyPictureIsPlacedAgainUnderTheSamePlacementId() {
        var painter = GraphicsPainter()
        _ = painter.plan([at(0, 0, picture(5))], screen: screen)
        let plan = painter.plan([at(0, 3, picture(5))], screen: screen)
        XCTAssertEqual(texts(plan), ["@0,3 " + placement(id: 1)], "placing under the same ids moves it: no deletion, no data")
    }

    func testAKittyPictureThatWentAwayIsDeletedWithItsDataKept() {
        var painter = GraphicsPainter()
        _ = painter.plan([at(0, 0, picture(5)), at(5, 0, picture(6))], screen: screen)
        let plan = painter.plan([at(5, 0, picture(6))], screen: screen)
        XCTAssertEqual(texts(plan), [deletion(id: 1)])
    }

    func testScrollingBackCostsPlacementsOnly() {
        var painter = GraphicsPainter()
        let first = (0..<6).map { at($0 * 5, 0, picture($0)) }
        let second = (6..<12).map { at(($0 - 6) * 5, 0, picture($0)) }
        _ = painter.plan(first, screen: screen)
        let away = painter.plan(second, screen: screen)
        XCTAssertEqual(texts(away).filter { $0.contains("a=t") }.count, 6, "new pictures are transmitted")
        let back = painter.plan(first, screen: screen)
        XCTAssertFalse(texts(back).contains { $0.contains("a=t") }, "nothing transmitted again")
        XCTAssertEqual(texts(back).filter { $0.contains("a=p") }.count, 6)
        XCTAssertEqual(texts(back).filter { $0.contains("a=d,d=i") }.count, 6, "the second screen's placements deleted")
        XCTAssertTrue(texts(back).contains("@0,0 " + placement(id: 1)), "the id picture 0 had at first")
    }

    func testTheSamePictureTwiceGetsTwoPlacements() {
        var painter = GraphicsPainter()
        let plan = painter.plan([at(0, 0, picture(9)), at(0, 5, picture(9))], screen: screen)
        XCTAssertEqual(texts(plan), [transmission(9, id: 1), "@0,0 " + placement(id: 1, placement: 1),
                                     "@0,5 " + placement(id: 1, placement: 2)])
    }

    func testAnEvictedImageIsFreedBeforeItsIdIsReused() {
        var painter = GraphicsPainter(ids: 1...2, capacity: 2)
        _ = painter.plan([at(0, 0, picture(1)), at(5, 0, picture(2))], screen: screen)
        let plan = painter.plan([at(5, 0, picture(2)), at(0, 0, picture(3))], screen: screen)
        XCTAssertEqual(texts(plan), [deletion(id: 1), "\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\", transmission(3, id: 1),
                                     "@0,0 " + placement(id: 1)],
                       "picture 2, still shown, keeps its image; picture 1's is freed for picture 3")
        let back = painter.plan([at(0, 0, picture(1))], screen: screen)
        XCTAssertTrue(texts(back).contains { $0.hasPrefix("\u{1B}_Gi=") && $0.contains("picture1") }, "evicted: sent again")
    }

    /// kitty 0.26 empties the alternate screen's images on a resize, and any kitty on entering the
    /// alternate screen (the resume): placing an id it no longer has shows nothing.
    func testInvalidateFreesAndTransmitsEveryKittyPictureAgain() {
        var painter = GraphicsPainter()
        _ = painter.plan([at(0, 0, picture(1)), at(5, 0, picture(2))], screen: screen)
        painter.invalidate()
        let plan = painter.plan([at(0, 0, picture(1))], screen: screen)
        XCTAssertEqual(texts(plan), ["\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\", "\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\",
                                     transmission(1, id: 3), "@0,0 " + placement(id: 3)])
        XCTAssertTrue(painter.plan([at(0, 0, picture(1))], screen: screen).isEmpty, "once only")
    }

    func testSuspendFreesEveryKittyImageAndTheResumeTransmitsAgain() {
        var painter = GraphicsPainter()
        _ = painter.plan([at(0, 0, picture(1))], screen: screen)
        XCTAssertEqual(texts(painter.suspend()), ["\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\"])
        painter.invalidate()
        XCTAssertEqual(texts(painter.plan([at(0, 0, picture(1))], screen: screen)), [transmission(1, id: 2), "@0,0 " + placement(id: 2)])
    }

    func testFinishFreesEveryImageSent() {
        var painter = GraphicsPainter()
        _ = painter.plan([at(0, 0, picture(1)), at(5, 0, picture(2))], screen: screen)
        _ = painter.plan([at(0, 0, picture(3))], screen: screen)
        XCTAssertEqual(texts(painter.finish()), (1...3).map { "\u{1B}_Ga=d,d=I,i=\($0),q=2\u{1B}\\" })
        XCTAssertTrue(painter.shownImages.isEmpty)
        XCTAssertTrue(painter.finish().isEmpty)
    }

    // MARK: sixel and iTerm2

    func testANewSixelPictureIsDrawnAtItsCell() {
        var painter = GraphicsPainter()
        let image = picture(4, .sixel)
        let plan = painter.plan([at(2, 3, image)], screen: screen)
        XCTAssertEqual(plan, GraphicsPlan(writes: [.at(Point(x: 2, y: 3), image.payload)]))
    }

    func testAMovedSixelPictureHasItsOldRowsRewrittenAndItsNeighboursThereDrawnAgain() {
        var painter = GraphicsPainter()
        let moving = picture(1, .sixel), neighbour = picture(2, .iterm2), below = picture(3, .sixel)
        _ = painter.plan([at(0, 0, moving), at(10, 1, neighbour), at(0, 6, below)], screen: screen)
        let plan = painter.plan([at(0, 3, moving), at(10, 1, neighbour), at(0, 6, below)], screen: screen)
        XCTAssertEqual(plan.rewrittenRows, [0, 1])
        XCTAssertEqual(plan.vacated, [Rect(x: 0, y: 0, width: 4, height: 2)], "only where the moved picture was")
        XCTAssertEqual(plan.writes, [.at(Point(x: 0, y: 3), moving.payload), .at(Point(x: 10, y: 1), neighbour.payload)],
                       "the neighbour's pixels are erased with its rows; the picture further down is untouched")
    }

    /// xterm forgets a sixel's pixels only under printed characters: erased, they come back on
    /// the next expose.
    func testASixelPictureThatWentAwayHasItsCellsPrintedOverAndItsRowsRewritten() {
        var painter = GraphicsPainter()
        _ = painter.plan([at(2, 4, picture(1, .sixel, height: 3)), at(10, 0, picture(2, .iterm2))], screen: screen)
        XCTAssertEqual(painter.plan([at(10, 0, picture(2, .iterm2))], screen: screen),
                       GraphicsPlan(rewrittenRows: [4, 5, 6], vacated: [Rect(x: 2, y: 4, width: 4, height: 3)]))
        XCTAssertEqual(painter.plan([], screen: screen).vacated, [Rect(x: 10, y: 0, width: 4, height: 2)], "iTerm2 alike")
        XCTAssertFalse(painter.showsCursorDrawnPictures)
    }

    func testNoSixelPictureOnTheLastRow() {
        var painter = GraphicsPainter()
        let plan = painter.plan([at(0, 22, picture(1, .sixel)), at(10, 21, picture(2, .sixel)), at(20, 22, picture(3))],
                                screen: screen)
        XCTAssertEqual(plan.writes.count, 1 + 2, "the sixel picture at rows 21-22, and the kitty one (which moves no cursor)")
        XCTAssertEqual(painter.shownImages.map(\.image.identity), [2, 3])
    }

    func testInvalidateDrawsEverySixelPictureAgainWithoutRowsToRewrite() {
        var painter = GraphicsPainter()
        let image = picture(1, .sixel)
        _ = painter.plan([at(0, 0, image), at(10, 0, picture(2, .sixel))], screen: screen)
        painter.invalidate()
        XCTAssertEqual(painter.plan([at(0, 0, image)], screen: Size(width: 12, height: 24)),
                       GraphicsPlan(writes: [.at(Point(x: 0, y: 0), image.payload)],
                                    vacated: [Rect(x: 0, y: 0, width: 4, height: 2), Rect(x: 10, y: 0, width: 2, height: 2)]),
                       "the screen before is printed over too, within the screen now")
    }

    // MARK: bytes

    func testVacatedCellsGetSpacesInTheDefaultColoursKeepingTheCursor() {
        let plan = GraphicsPlan(vacated: [Rect(x: 4, y: 2, width: 3, height: 2)])
        XCTAssertEqual(String(decoding: plan.vacatingBytes(throughTmux: false), as: UTF8.self),
                       "\u{1B}7\u{1B}[3;5H\u{1B}[0m   \u{1B}8" + "\u{1B}7\u{1B}[4;5H\u{1B}[0m   \u{1B}8")
        XCTAssertEqual(plan.bytes(throughTmux: false), [], "nothing after the refresh")
    }

    func testPlacedWritesKeepTheCursorAndTmuxGetsThemWrapped() {
        let plan = GraphicsPlan(writes: [.command(Array("\u{1B}_Ga=d\u{1B}\\".utf8)), .at(Point(x: 4, y: 2), Array("X".utf8))])
        XCTAssertEqual(String(decoding: plan.bytes(throughTmux: false), as: UTF8.self),
                       "\u{1B}_Ga=d\u{1B}\\" + "\u{1B}7\u{1B}[3;5HX\u{1B}8")
        XCTAssertEqual(String(decoding: plan.bytes(throughTmux: true), as: UTF8.self),
                       "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d\u{1B}\u{1B}\\\u{1B}\\" + "\u{1B}Ptmux;\u{1B}\u{1B}7\u{1B}\u{1B}[3;5HX\u{1B}\u{1B}8\u{1B}\\")
    }
}
