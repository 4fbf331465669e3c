import CellArt
import DemoMedia
import Foundation
import MediaDecoding
import Platform
@testable import Thumbnails
import TestFixtures
import XCTest

final class VideoThumbnailTests: XCTestCase {
    let options = ArtOptions(columns: 16, rows: 8, symbols: .ascii, colors: .none)

    func testFFmpegPosterAndDuration() throws {
        try XCTSkipIf(Subprocess.find("ffmpeg") == nil, "ffmpeg is not installed")
        let folder = TempFolder()
        let clip = folder.path.appending("clip.mp4")
        let status = TempFolder.run(["/usr/bin/env", "ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i",
                                     "testsrc=size=160x120:rate=10", "-t", "3", "-pix_fmt", "yuv420p", clip.string])
        try XCTSkipIf(status != 0, "ffmpeg could not make a test clip")
        let plan = try Thumbnailer.plan(for: clip, in: TileSize(options), renderer: CellArtRenderer(options))
        XCTAssertEqual(plan.format.kind, .video)
        let duration = plan.duration
        XCTAssertEqual(duration ?? 0, 3, accuracy: 0.2)
        let tile = try Thumbnailer.thumbnail(for: clip, options: options, cache: nil)
        XCTAssertNotEqual(tile, .cells(FilmStrip.placeholder(options: options, duration: duration)), "a real poster frame")
    }

    func testMJPEGFirstFrameWithoutHelpers() throws {
        let folder = TempFolder()
        let clip = folder.path.appending("clip.avi")
        let frames = (0..<3).map { Drawn.quarters(size: 64, seed: $0) }
        try AVIWriter.writeMJPEG(frames: frames, fps: 10, to: clip)
        let frame = try XCTUnwrap(VideoProbe.mjpegFirstFrame(path: clip, size: 64))
        XCTAssertEqual(frame.width, 64)
    }

    func testFilmStripWhenNoPosterCanBeMade() throws {
        let strip = FilmStrip.placeholder(options: options, duration: 83)
        XCTAssertTrue(strip.glyphText.contains("> 1:23"), strip.glyphText)
        XCTAssertTrue(strip.glyphText.hasPrefix("=o=o"))
    }
}
