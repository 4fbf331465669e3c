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

    /// A file that says MP4 but holds no movie (a fake, or a download cut before its index):
    /// no duration in its header and no frame from ffmpeg. It drew a film strip with a
    /// success; now it fails as a broken image does, and the failure is kept in the cache.
    func testAVideoNothingCanReadIsAnError() throws {
        try XCTSkipIf(Subprocess.find("ffmpeg") == nil, "ffmpeg is not installed")
        let folder = TempFolder()
        var bytes: [UInt8] = [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8)
        bytes += (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }
        let fake = folder.write("fake.mp4", bytes: bytes)
        let plan = try Thumbnailer.plan(for: fake, in: TileSize(options), renderer: CellArtRenderer(options))
        XCTAssertEqual(plan.format.kind, .video)
        XCTAssertNil(plan.duration)
        XCTAssertThrowsError(try Thumbnailer.thumbnail(for: fake, options: options, cache: nil)) { error in
            XCTAssertEqual(error as? ThumbnailError, .brokenVideo(path: fake.string))
            XCTAssertEqual("\(error)", "\(fake.string): not a readable video (ffmpeg found no frame)")
        }
    }

    /// Music saved as WebM (as yt-dlp saves a song), a recording as MP4 or QuickTime, an audio
    /// Matroska: sound alone in a video container was listed under Videos with a film strip
    /// and picked as a video (the exploratory tester's finding), where an M4A was left out
    /// without a word. Now each is not media, named with why; a clip with sound stays a video.
    func testSoundAloneInAVideoContainerIsNotMedia() throws {
        try XCTSkipIf(Subprocess.find("ffmpeg") == nil, "ffmpeg is not installed")
        let folder = TempFolder()
        let cases: [(String, [String], String)] = [
            ("song.webm", ["-c:a", "libopus"], "WebM audio"), ("song.mkv", ["-c:a", "libvorbis"], "Matroska audio"),
            ("voice.mp4", ["-c:a", "aac"], "MP4 audio"), ("voice.mov", ["-c:a", "aac"], "QuickTime audio"),
            ("voice.m4a", ["-c:a", "aac"], "MP4 audio"),
        ]
        for (name, codec, format) in cases {
            let file = folder.path.appending(name)
            let status = TempFolder.run(["/usr/bin/env", "ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i",
                                         "sine=duration=1"] + codec + [file.string])
            try XCTSkipIf(status != 0, "ffmpeg could not make \(name)")
            XCTAssertNil(try MediaProbe.read(path: file), name)
            XCTAssertThrowsError(try Thumbnailer.thumbnail(for: file, options: options, cache: nil), name) { error in
                XCTAssertEqual(error as? ThumbnailError, .notMedia(path: file.string, format: format))
                XCTAssertEqual("\(error)", "\(file.string): \(format) without a video track, not a picture or video")
            }
        }
        let clip = folder.path.appending("clip.webm")
        let status = TempFolder.run(["/usr/bin/env", "ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "sine=duration=1",
                                     "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10", "-t", "1", "-c:a", "libopus", clip.string])
        try XCTSkipIf(status != 0, "ffmpeg could not make clip.webm")
        XCTAssertEqual(try MediaProbe.read(path: clip)?.videoInfo?.width, 64, "the sound track, first, does not hide the picture")
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
