import CellArt
import MediaDecoding
@testable import MediaPicker
import Platform
import TerminalUI
import TerminalUITesting
import Thumbnails
import XCTest

/// The camera's parts: the frame reader on a made-up byte stream, the reduction, the
/// model's update, the view, the saver and the source spec.
final class CameraTests: XCTestCase {
    /// Hands out `bytes` in pieces of `chunk` bytes, as a pipe does.
    struct FakeStream: FrameByteSource {
        let bytes: [UInt8]
        let chunk: Int
        let position = Locked(0)

        func read(into buffer: UnsafeMutableRawBufferPointer) -> Bool {
            var filled = 0
            while filled < buffer.count {
                let start = position.withLock { $0 }
                guard start < bytes.count else { return false }
                let n = min(chunk, buffer.count - filled, bytes.count - start)
                for i in 0..<n { buffer[filled + i] = bytes[start + i] }
                position.withLock { $0 += n }
                filled += n
            }
            return true
        }
    }

    func testFrameReaderCutsFramesAndDropsAPartOne() {
        // Three 4x2 frames whose pixels are the frame number, then half a frame.
        let frame = 4 * 2 * 3
        let bytes = (0..<3).flatMap { [UInt8](repeating: UInt8($0 + 1), count: frame) } + [UInt8](repeating: 9, count: frame / 2)
        var seen: [(Int, UInt8)] = []
        let count = FrameReader(width: 4, height: 2).run(FakeStream(bytes: bytes, chunk: 7)) { frame in
            seen.append((frame.index, frame.bytes[0]))
            XCTAssertTrue(frame.bytes.allSatisfy { $0 == frame.bytes[0] })
            return true
        }
        XCTAssertEqual(count, 3)
        XCTAssertEqual(seen.map(\.0), [0, 1, 2])
        XCTAssertEqual(seen.map(\.1), [1, 2, 3])
    }

    func testReductionAveragesAndTheImageIsOpaque() {
        // 4x2: left half black, right half white → 2x1: one black, one white pixel.
        var bytes: [UInt8] = []
        for _ in 0..<2 { bytes += [0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255] }
        let frame = RGBFrame(width: 4, height: 2, bytes: bytes)
        let small = frame.reduced(width: 2, height: 1)
        XCTAssertEqual(small.width, 2)
        XCTAssertTrue(small[0, 0] == (0, 0, 0, 255))
        XCTAssertTrue(small[1, 0] == (255, 255, 255, 255))
        XCTAssertTrue(frame.image[3, 1] == (255, 255, 255, 255))
    }

    private func frame(_ index: Int) -> CameraFrame {
        let full = RGBFrame(width: 2, height: 2, bytes: [UInt8](repeating: UInt8(index), count: 12), index: index)
        return CameraFrame(full: full, preview: nil, cells: nil)
    }

    func testShutterRetakeUsePhotoAndCancel() {
        var model = CameraModel(sourceName: "lavfi:test")
        XCTAssertTrue(model.update(.key(.character(" "))).effects.isEmpty, "no frame yet: nothing to take")
        _ = model.update(.frame(frame(1)))
        let shutter = model.update(.key(.character(" ")))
        XCTAssertEqual(model.phase, .review)
        guard case .drawStill(let still)? = shutter.effects.first else { return XCTFail("the still is drawn") }
        XCTAssertEqual(still.index, 1)
        _ = model.update(.frame(frame(2)))
        XCTAssertEqual(model.still?.full.index, 1, "the still stays while frames come")
        _ = model.update(.key(.character("r")))
        XCTAssertEqual(model.phase, .preview)
        _ = model.update(.key(.enter))
        guard case .save(let saved)? = model.update(.key(.enter)).effects.first else { return XCTFail("Enter uses the photo") }
        XCTAssertEqual(saved.index, 2)
        XCTAssertEqual(model.phase, .finished)

        var cancelled = CameraModel(sourceName: "x")
        guard case .cancel? = cancelled.update(.key(.escape)).effects.first else { return XCTFail("Esc cancels") }
    }

    /// The review's `[ Retake ]` and `[ Use Photo ]` looked like the picker's buttons, which
    /// take clicks, and ignored them.
    func testClicksOnTheReviewsButtonsRetakeAndUsePhoto() {
        let region = Rect(x: 0, y: 0, width: 80, height: 24)
        func click(_ point: Point) -> CameraMessage { .mouse(MouseEvent(kind: .press(.left), position: point)) }
        var model = CameraModel(sourceName: "lavfi:test")
        _ = model.update(.region(region))
        _ = model.update(.frame(frame(1)))
        guard let buttons = CameraView.buttonFrames(in: region) else { return XCTFail("buttons at 24 rows") }
        XCTAssertFalse(model.update(click(Point(x: buttons.usePhoto.x, y: buttons.usePhoto.y))).handled, "no buttons in the preview")
        XCTAssertEqual(model.phase, .preview)
        _ = model.update(.key(.character(" ")))
        XCTAssertEqual(model.phase, .review)
        var buffer = ScreenBuffer(size: region.size)
        CameraView(model: model, region: region).draw(into: &buffer)
        let row = Array(buffer.text.split(separator: "\n", omittingEmptySubsequences: false)[buttons.retake.y])
        XCTAssertEqual(String(row[buttons.retake.x..<buttons.retake.maxX]), buttons.retakeLabel, "drawn where clicks hit")
        XCTAssertEqual(String(row[buttons.usePhoto.x..<buttons.usePhoto.maxX]), buttons.usePhotoLabel)
        XCTAssertEqual(buttons.usePhotoLabel, CameraView.usePhotoLabel, "whole at 80 columns")
        XCTAssertFalse(model.update(click(Point(x: buttons.retake.maxX, y: buttons.retake.y))).handled, "between the buttons")
        XCTAssertFalse(model.update(.mouse(MouseEvent(kind: .press(.right), position: Point(x: buttons.retake.x, y: buttons.retake.y)))).handled)
        XCTAssertTrue(model.update(click(Point(x: buttons.retake.x + 2, y: buttons.retake.y))).handled)
        XCTAssertEqual(model.phase, .preview, "Retake")
        _ = model.update(.frame(frame(2)))
        _ = model.update(.key(.enter))
        guard case .save(let saved)? = model.update(click(Point(x: buttons.usePhoto.maxX - 1, y: buttons.usePhoto.y))).effects.first else {
            return XCTFail("Use Photo saves")
        }
        XCTAssertEqual(saved.index, 2)
        XCTAssertEqual(model.phase, .finished)
    }

    func testStreamEndFailsThePreviewButNotTheReview() {
        var model = CameraModel(sourceName: "x")
        guard case .fail(.stopped)? = model.update(.streamEnded(.stopped(reason: "gone"))).effects.first else {
            return XCTFail("the preview fails")
        }
        var reviewing = CameraModel(sourceName: "x")
        _ = reviewing.update(.frame(frame(0)))
        _ = reviewing.update(.key(.enter))
        XCTAssertTrue(reviewing.update(.streamEnded(.stopped(reason: "gone"))).effects.isEmpty)
        guard case .save? = reviewing.update(.key(.enter)).effects.first else { return XCTFail("the still can still be used") }
    }

    /// Once the stream has ended during the review (a lavfi source with a duration, a camera
    /// unplugged), Retake has no preview to go back to: it is dimmed and does nothing, the key
    /// line says why, and Use Photo still saves the still. Retake used to end the camera with
    /// the stream's error (exit 2), throwing the still away, under a key line offering it.
    func testRetakeAfterTheStreamEndedKeepsTheStill() {
        var model = CameraModel(sourceName: "x")
        let region = Rect(x: 0, y: 0, width: 80, height: 12)
        _ = model.update(.region(region))
        _ = model.update(.frame(frame(0)))
        _ = model.update(.key(.enter))
        _ = model.update(.key(.tab))
        XCTAssertEqual(model.reviewFocus, .retake)
        _ = model.update(.streamEnded(.stopped(reason: "the stream ended")))
        XCTAssertEqual(model.reviewFocus, .usePhoto, "the focus leaves Retake")
        for press in [CameraMessage.key(.character("r")), .key(.tab)] {
            XCTAssertTrue(model.update(press).effects.isEmpty)
            XCTAssertEqual(model.phase, .review)
            XCTAssertEqual(model.reviewFocus, .usePhoto)
        }
        guard let buttons = CameraView.buttonFrames(in: region) else { return XCTFail("the buttons are drawn") }
        XCTAssertTrue(model.update(.mouse(MouseEvent(kind: .press(.left), position: Point(x: buttons.retake.x + 1, y: buttons.retake.y)))).effects.isEmpty,
                      "a click on the dimmed Retake")
        var buffer = ScreenBuffer(size: region.size)
        CameraView(model: model, region: region).draw(into: &buffer)
        let footer = buffer.lines[region.maxY - 1]
        XCTAssertTrue(footer.hasPrefix("camera stopped: the stream ended  Enter: use photo"), footer)
        XCTAssertFalse(footer.contains("retake"), footer)
        guard case .save(let saved)? = model.update(.key(.enter)).effects.first else { return XCTFail("Use Photo saves the still") }
        XCTAssertEqual(saved.index, 0)
    }

    /// While the still is reviewed the stream goes on (for Retake) but its frames are not
    /// rendered: that cost as much CPU as the preview (31 % of a core at 80x24 for 1280x720)
    /// for pictures nobody sees. Retake renders them again, and shows the last picture drawn
    /// until a new one comes.
    @MainActor
    func testFramesAreNotRenderedWhileTheStillIsReviewed() throws {
        let ffmpeg = try XCTUnwrap(Subprocess.find("ffmpeg"), "the camera tests need ffmpeg")
        let controller = CameraController(source: .lavfi("testsrc=size=64x48:rate=15"), size: PixelSize(width: 64, height: 48),
                                          ffmpeg: ffmpeg, renderer: CellArtRenderer(ArtOptions(columns: 0, rows: 0)),
                                          saver: PhotoSaver(folder: RawPath("/nonexistent")))
        defer { controller.stop() }
        controller.layout(in: Rect(x: 0, y: 0, width: 40, height: 20))
        let cells = CameraModel.pictureCells(in: Rect(x: 0, y: 0, width: 40, height: 20))
        XCTAssertEqual(controller.previewCells, cells)
        let shown = CameraFrame(full: frame(0).full, preview: CellArtRenderer(ArtOptions(columns: 0, rows: 0))
            .render(frame(0).full.image, in: cells), cells: cells)
        controller.send(.frame(shown))
        controller.send(.key(.character(" ")))
        XCTAssertTrue(controller.isReviewing)
        XCTAssertNil(controller.previewCells, "no frame is rendered during the review")
        XCTAssertFalse(controller.send(.frame(frame(1))), "a frame in review changes nothing on screen")
        controller.send(.key(.character("r")))
        XCTAssertEqual(controller.previewCells, cells)
        XCTAssertEqual(controller.model.live?.full.index, 1, "the newest frame is the one the shutter takes")
        XCTAssertNotNil(controller.model.live?.preview, "Retake shows the last picture drawn, not \"Starting the camera\"")
    }

    /// Cell art that counts what the preview asks of it: `pixelSize` once a frame read,
    /// `render` once a picture drawn; fulfils `seen` at the tenth frame.
    struct CountingRenderer: ThumbnailRenderer {
        let base = CellArtRenderer(ArtOptions(columns: 0, rows: 0))
        let counts = Locked((frames: 0, renders: 0))
        var seen: XCTestExpectation?

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.counts === rhs.counts }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(counts)) }

        func pixelSize(forImageOf size: PixelSize, in cells: TileSize) -> PixelSize {
            if counts.withLock({ $0.frames += 1; return $0.frames }) == 10 { seen?.fulfill() }
            return base.pixelSize(forImageOf: size, in: cells)
        }

        func render(_ image: PixelImage, in cells: TileSize) -> RenderedThumbnail {
            counts.withLock { $0.renders += 1 }
            return base.render(image, in: cells)
        }

        func placeholder(duration: Double?, in cells: TileSize) -> RenderedThumbnail { base.placeholder(duration: duration, in: cells) }
    }

    /// A still scene is rendered once: rendering the same picture for every frame cost 29 %
    /// of a core at 80x24 and 75 % at 200x60 (a grey 1280x720 source, release build).
    @MainActor
    func testAStillSceneIsRenderedOnce() async throws {
        let ffmpeg = try XCTUnwrap(Subprocess.find("ffmpeg"), "the camera tests need ffmpeg")
        let renderer = CountingRenderer(seen: expectation(description: "ten frames read"))
        let controller = CameraController(source: .lavfi("color=c=gray:size=64x48:rate=30"), size: PixelSize(width: 64, height: 48),
                                          ffmpeg: ffmpeg, renderer: renderer, saver: PhotoSaver(folder: RawPath("/nonexistent")))
        defer { controller.stop() }
        controller.layout(in: Rect(x: 0, y: 0, width: 40, height: 20))
        await fulfillment(of: [try XCTUnwrap(renderer.seen)], timeout: 30)
        XCTAssertEqual(renderer.counts.withLock { $0.renders }, 1, "ten grey frames, one picture")
    }

    /// Cell art whose first render waits until the test opens it.
    struct GatedRenderer: ThumbnailRenderer {
        let base = CellArtRenderer(ArtOptions(columns: 0, rows: 0))
        let state = Locked((renders: 0, open: false))
        let opened = LockCondition()
        let firstRender: XCTestExpectation

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.state === rhs.state }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(state)) }

        func open() {
            state.withLock { $0.open = true }
            opened.broadcast()
        }

        func pixelSize(forImageOf size: PixelSize, in cells: TileSize) -> PixelSize { base.pixelSize(forImageOf: size, in: cells) }

        func render(_ image: PixelImage, in cells: TileSize) -> RenderedThumbnail {
            if state.withLock({ $0.renders += 1; return $0.renders }) == 1 {
                firstRender.fulfill()
                state.withLock(waitingOn: opened, until: { $0.open }) { _ in }
            }
            return base.render(image, in: cells)
        }

        func placeholder(duration: Double?, in cells: TileSize) -> RenderedThumbnail { base.placeholder(duration: duration, in: cells) }
    }

    /// Frames read while a render is under way are dropped, not queued: the next picture is
    /// of the newest frame. When one thread read and rendered, ffmpeg waited on the pipe and
    /// the frame drawn after a slow render was the one after the last drawn.
    func testFramesReadDuringARenderAreDroppedNotQueued() async throws {
        let ffmpeg = try XCTUnwrap(Subprocess.find("ffmpeg"), "the camera tests need ffmpeg")
        let renderer = GatedRenderer(firstRender: expectation(description: "the first render"))
        let fiveRead = expectation(description: "five frames read during the first render")
        let readDuringRender = Locked(0)
        let secondPicture = expectation(description: "a second picture")
        let pictures = Locked([Int]())
        let capture = Locked<CameraCapture?>(nil)
        let started = try CameraCapture.start(.lavfi("testsrc=size=64x48:rate=30"), size: PixelSize(width: 64, height: 48), ffmpeg: ffmpeg,
                                              didRead: { _ in
            guard renderer.state.withLock({ $0.renders }) > 0 else { return }
            if readDuringRender.withLock({ $0 += 1; return $0 }) == 5 { fiveRead.fulfill() }
        }) {
            guard let frame = capture.withLock({ $0 })?.take().frame, frame.preview != nil else { return }
            if pictures.withLock({ $0.append(frame.full.index); return $0.count }) == 2 { secondPicture.fulfill() }
        }
        capture.withLock { $0 = started }
        defer { started.stop() }
        started.setPreviewTarget(CameraCapture.PreviewTarget(renderer: AnyThumbnailRenderer(renderer), cells: TileSize(columns: 8, rows: 4)))
        await fulfillment(of: [renderer.firstRender, fiveRead], timeout: 30)
        renderer.open()
        await fulfillment(of: [secondPicture], timeout: 30)
        let shown = pictures.withLock { $0 }
        // The rendered frame's own read may be counted (its `didRead` can come after the render began).
        XCTAssertGreaterThanOrEqual(shown[1], shown[0] + 4, "the newest frame after the render, not the next one: \(shown)")
    }

    /// The preview draws a frame again only when its reduced pixels or its target change.
    func testLivePreviewDrawsOnlyWhatChanged() {
        let renderer = CountingRenderer()
        let target = CameraCapture.PreviewTarget(renderer: AnyThumbnailRenderer(renderer), cells: TileSize(columns: 8, rows: 4))
        var live = LivePreview()
        let first = live.picture(of: frame(1).full, for: target)
        XCTAssertEqual(live.picture(of: frame(1).full, for: target).number, first.number, "the same pixels: the same picture")
        XCTAssertEqual(renderer.counts.withLock { $0.renders }, 1)
        let wider = CameraCapture.PreviewTarget(renderer: target.renderer, cells: TileSize(columns: 10, rows: 4))
        XCTAssertNotEqual(live.picture(of: frame(1).full, for: wider).number, first.number, "another size is drawn")
        XCTAssertNotEqual(live.picture(of: frame(2).full, for: wider).number, first.number, "other pixels are drawn")
        XCTAssertEqual(renderer.counts.withLock { $0.renders }, 3)
    }

    /// A frame showing the picture on screen (the same number) replaces the frame the shutter
    /// takes, but asks for no redraw.
    func testAFrameShowingTheSamePictureCausesNoRedraw() {
        var model = CameraModel(sourceName: "x")
        let picture = RenderedThumbnail.cells(CellImage(columns: 1, rows: 1))
        func numbered(_ index: Int, _ number: Int) -> CameraFrame {
            CameraFrame(full: frame(index).full, preview: picture, cells: TileSize(columns: 1, rows: 1), previewNumber: number)
        }
        XCTAssertTrue(model.update(.frame(numbered(0, 0))).handled, "the first picture is drawn")
        XCTAssertFalse(model.update(.frame(numbered(1, 0))).handled, "the same picture: no redraw")
        XCTAssertEqual(model.live?.full.index, 1, "the shutter takes the newest frame")
        XCTAssertTrue(model.update(.frame(numbered(2, 1))).handled, "a new picture is drawn")
    }

    func testWhyTheStreamEnded() {
        let source = CameraSource.lavfi("testsrc")
        XCTAssertEqual(CameraCapture.endReason(errorLine: nil, waitStatus: 0, source: source), "the stream ended")
        XCTAssertEqual(CameraCapture.endReason(errorLine: nil, waitStatus: nil, source: source), "the stream ended")
        XCTAssertEqual(CameraCapture.endReason(errorLine: nil, waitStatus: 9, source: source), "ffmpeg was ended by signal 9 (Killed)")
        XCTAssertEqual(CameraCapture.endReason(errorLine: nil, waitStatus: 255 << 8, source: source), "ffmpeg exited with status 255")
        XCTAssertEqual(CameraCapture.endReason(errorLine: "/dev/video0: No such device", waitStatus: 1 << 8, source: .device(RawPath("/dev/video0"))),
                       "No such device", "ffmpeg's own words first")
    }

    func testViewDrawsHintsAndButtons() {
        var model = CameraModel(sourceName: "lavfi:test")
        let region = Rect(x: 0, y: 0, width: 60, height: 12)
        var buffer = ScreenBuffer(size: region.size)
        CameraView(model: model, region: region).draw(into: &buffer)
        XCTAssertTrue(buffer.text.contains(CameraView.previewHints))
        XCTAssertTrue(buffer.text.contains("Starting the camera"))
        _ = model.update(.frame(frame(0)))
        _ = model.update(.key(.enter))
        buffer = ScreenBuffer(size: region.size)
        CameraView(model: model, region: region).draw(into: &buffer)
        XCTAssertTrue(buffer.text.contains("[ Retake ]") && buffer.text.contains("[ Use Photo ]"))
        XCTAssertTrue(buffer.text.contains(CameraView.reviewHints(focus: .usePhoto)))
    }

    /// The key line keeps "Esc: cancel" on a narrow screen: the app's camera sheet at 40x12
    /// (34 columns inside) read "Space/Enter: take picture  Esc: ca", cut at the edge. Shorter
    /// wordings, each ending in the way out, the longest that fits.
    func testANarrowKeyLineKeepsTheWayOut() {
        func footer(width: Int, reviewing: Bool) -> String {
            var model = CameraModel(sourceName: "lavfi:test")
            if reviewing {
                _ = model.update(.frame(frame(0)))
                _ = model.update(.key(.enter))
            }
            let region = Rect(x: 0, y: 0, width: width, height: 12)
            var buffer = ScreenBuffer(size: region.size)
            CameraView(model: model, region: region).draw(into: &buffer)
            return buffer.lines[11].trimmingCharacters(in: .whitespaces)
        }
        XCTAssertEqual(footer(width: 38, reviewing: false), CameraView.previewHints)
        XCTAssertEqual(footer(width: 34, reviewing: false), "Space: take picture  Esc: cancel")
        XCTAssertEqual(footer(width: 24, reviewing: false), "Space: take  Esc: cancel")
        XCTAssertEqual(footer(width: 20, reviewing: false), "Space: take  Esc")
        XCTAssertEqual(footer(width: 12, reviewing: false), "Esc: cancel")
        XCTAssertEqual(footer(width: 60, reviewing: true), CameraView.reviewHints(focus: .usePhoto))
        XCTAssertEqual(footer(width: 40, reviewing: true), "Enter: use photo  r: retake  Esc: cancel")
        XCTAssertEqual(footer(width: 30, reviewing: true), "Enter: use  Esc: cancel")
        XCTAssertEqual(footer(width: 20, reviewing: true), "Enter: use  Esc")
    }

    /// A short terminal shows the picture first: at 3 rows the title and the buttons' row give
    /// way (2 rows of picture over the key line, which names the buttons' keys); below 3 a
    /// one-line notice. At 3 rows the preview showed no picture at all (title and key line).
    func testAShortScreenShowsThePictureOrSaysItIsTooSmall() {
        func screen(height: Int, reviewing: Bool) -> ScreenBuffer {
            let region = Rect(x: 0, y: 0, width: 20, height: height)
            let cells = CameraModel.pictureCells(in: region)
            let picture = RenderedThumbnail.cells(CellImage(columns: cells.columns, rows: cells.rows,
                                                            cells: Array(repeating: ArtCell(glyph: "#"), count: cells.columns * cells.rows)))
            var model = CameraModel(sourceName: "lavfi:test")
            _ = model.update(.frame(CameraFrame(full: frame(0).full, preview: picture, cells: cells)))
            if reviewing { _ = model.update(.key(.enter)) }
            var buffer = ScreenBuffer(size: region.size)
            CameraView(model: model, region: region).draw(into: &buffer)
            return buffer
        }
        for height in 1...4 {
            for reviewing in [false, true] {
                let shown = screen(height: height, reviewing: reviewing)
                assertSnapshot(shown, named: "camera-20x\(height)-\(reviewing ? "review" : "preview")")
                let rows = shown.text.split(separator: "\n", omittingEmptySubsequences: false)
                XCTAssertEqual(rows.filter { $0.contains("#") }.count, [1: 0, 2: 0, 3: 2, 4: 1][height], "rows of picture at \(height) rows")
            }
        }
    }

    /// Below 3 rows, where no picture is shown, only Esc works: Space then Enter at 20x2 took
    /// and saved a photo the user never saw.
    func testTooSmallToShowThePictureOnlyEscapeWorks() {
        var model = CameraModel(sourceName: "x")
        _ = model.update(.region(Rect(x: 0, y: 0, width: 20, height: 2)))
        _ = model.update(.frame(frame(0)))
        XCTAssertFalse(model.update(.key(.character(" "))).handled)
        XCTAssertTrue(model.update(.key(.enter)).effects.isEmpty)
        XCTAssertEqual(model.phase, .preview, "no picture taken")
        _ = model.update(.region(Rect(x: 0, y: 0, width: 20, height: 3)))
        _ = model.update(.key(.enter))
        XCTAssertEqual(model.phase, .review, "at 3 rows the shutter works")
        _ = model.update(.region(Rect(x: 0, y: 0, width: 20, height: 1)))
        XCTAssertTrue(model.update(.key(.enter)).effects.isEmpty, "nothing saved")
        XCTAssertTrue(model.update(.key(.character("r"))).effects.isEmpty)
        XCTAssertEqual(model.phase, .review)
        guard case .cancel? = model.update(.key(.escape)).effects.first else { return XCTFail("Esc cancels") }
    }

    func testSaverWritesOneJPEGAndNeverOverwrites() throws {
        let folder = RawPath("/tmp/mediapick-camera-\(getpid())-\(Int.random(in: 0..<1_000_000))/sub")
        var saver = PhotoSaver(folder: folder, quality: 0.8)
        saver.makeName = { "fixed" }
        let image = PixelImage(width: 8, height: 4) { x, _ in (UInt8(x * 30), 0, 0, 255) }
        let path = try saver.save(image)
        XCTAssertEqual(path, folder.appending("fixed.jpg"))
        let decoded = try ImageDecoder.decode(path: path)
        XCTAssertEqual(decoded.width, 8)
        XCTAssertThrowsError(try saver.save(image), "an existing name is not replaced")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.string)
        XCTAssertEqual(names, ["fixed.jpg"], "no temporary file is left")
        try? FileManager.default.removeItem(atPath: folder.parent.string)
    }

    /// A video file or an empty lavfi graph named as the camera is told as such, before ffmpeg
    /// runs (ffmpeg said "Inappropriate ioctl for device" and ": Invalid argument"; the second
    /// exploratory tester's finding 3); ffmpeg here does not exist, so its words cannot come in.
    func testASourceThatCannotBeACameraIsToldWithoutFFmpeg() throws {
        let folder = TempFolder()
        let video = folder.write("clip.mp4", bytes: Array("not really a video".utf8))
        let cases: [(CameraSource, String)] = [
            (.device(video), "cannot open camera \(video.string): a file, not a camera (name /dev/videoN, lavfi:GRAPH or a stream's URL; mediapick camera --list lists the cameras)"),
            (.device(folder.path), "cannot open camera \(folder.path.string): a folder, not a camera (name /dev/videoN, lavfi:GRAPH or a stream's URL; mediapick camera --list lists the cameras)"),
            (CameraSource(spec: Array("lavfi:".utf8)), "cannot open camera lavfi:: the lavfi graph is empty (for a test pattern: lavfi:testsrc=size=640x480:rate=30)"),
        ]
        for (source, message) in cases {
            XCTAssertThrowsError(try CameraProbe.frameSize(of: source, ffmpeg: RawPath("/nonexistent/ffmpeg"))) { error in
                XCTAssertEqual("\(error)", message)
            }
        }
        XCTAssertNil(CameraProbe.problem(with: .device(RawPath("/dev/video9"))), "a missing device: ffmpeg says so")
    }

    func testSourceSpecs() {
        XCTAssertEqual(CameraSource(spec: Array("lavfi:testsrc2".utf8)), .lavfi("testsrc2"))
        XCTAssertEqual(CameraSource(spec: Array("rtsp://cam/1".utf8)), .url("rtsp://cam/1"))
        XCTAssertEqual(CameraSource(spec: Array("/dev/video0".utf8)), .device(RawPath("/dev/video0")))
        XCTAssertEqual(CameraProbe.parsePPM(Array("P6\n3 2\n255\n".utf8) + [UInt8](repeating: 0, count: 18)), PixelSize(width: 3, height: 2))
        XCTAssertNil(CameraProbe.parsePPM(Array("P6\n3 2\n255\n".utf8)))
        XCTAssertEqual(CameraProbe.reason(from: "/dev/video9: No such file or directory", source: .device(RawPath("/dev/video9"))),
                       "No such file or directory")
    }
}
