@_spi(Tuning) import CellArt
import MediaDecoding
import Thumbnails
import XCTest

/// Cell art for the frames of a live stream (the camera's preview): the same look drawn the
/// cheaper way, while a still keeps the full render.
final class LiveFramesTests: XCTestCase {
    private let options = ArtOptions(columns: 0, rows: 0, symbols: .blocks, colors: .ansi256)

    /// A 1280x720 frame at 200x57 cells: the still reads 6x its samples (the whole frame), a
    /// live frame only its samples, reduced once from the frame.
    func testALiveFrameIsReadAtItsSamples() {
        let still = CellArtRenderer(options), live = still.forLiveFrames()
        let frame = PixelSize(width: 1280, height: 720), cells = TileSize(columns: 200, rows: 57)
        XCTAssertEqual(still.pixelSize(forImageOf: frame, in: cells), frame)
        XCTAssertEqual(live.pixelSize(forImageOf: frame, in: cells), PixelSize(width: 400, height: 225))
        XCTAssertEqual(live.pixelSize(forImageOf: frame, in: TileSize(columns: 40, rows: 12)),
                       still.pixelSize(forImageOf: frame, in: TileSize(columns: 40, rows: 12)), "small tiles read their samples either way")
    }

    /// At 256 colours a live frame is the full render but for the CIEDE2000 snapping: colours
    /// go to the nearest palette entries in the working space.
    func testALiveFrameAt256ColoursSnapsByDistance() {
        let image = PixelImage(width: 160, height: 92) { x, y in (UInt8(x * 255 / 159), UInt8(y * 255 / 91), UInt8((x * 7 + y * 3) % 256), 255) }
        let cells = TileSize(columns: 80, rows: 23)
        let still = CellArtRenderer(options), live = still.forLiveFrames()
        var plain = RenderTuning()
        plain.deltaELumaWeight = nil
        plain.joint256 = nil
        XCTAssertTrue(live.render(image, in: cells) == .cells(CellRenderer.render(image, options: still.sized(cells), tuning: plain)))
        XCTAssertTrue(live.render(image, in: cells) != still.render(image, in: cells), "the still keeps the perceptual snapping")
        let truecolor = CellArtRenderer(ArtOptions(columns: 0, rows: 0, symbols: .blocks, colors: .trueColor))
        XCTAssertTrue(truecolor.forLiveFrames().render(image, in: cells) == truecolor.render(image, in: cells), "truecolor draws alike")
    }
}
