import DemoMedia
import Foundation
import MediaDecoding
import XCTest
import Platform

final class VideoTests: XCTestCase {
    func testMJPEGAVIWrittenHereGivesInfoAndPoster() throws {
        let dir = try Fixtures.directory(self)
        let first = Fixtures.picture(width: 64, height: 48)
        let second = PixelImage(width: 64, height: 48, fill: (0, 0, 255, 255))
        let path = RawPath(dir.appendingPathComponent("clip.avi"))
        try AVIWriter.writeMJPEG(frames: [first, second, second, second], fps: 2, to: path)
        XCTAssertEqual(try ImageDecoder.sniff(path: path), .avi)
        let info = try VideoDecoder.info(path: path)
        XCTAssertEqual(info, VideoInfo(format: .avi, duration: 2, width: 64, height: 48, codec: "MJPG"))
        let poster = try VideoDecoder.posterFrame(path: path)
        XCTAssertLessThan(Fixtures.meanDifference(poster, first), 4)
        let small = try VideoDecoder.posterFrame(path: path, options: DecodeOptions(targetWidth: 16, targetHeight: 12))
        XCTAssertEqual(small.width, 16)
    }

    /// Clips made by ffmpeg at test time: 64x48, 2 seconds.
    func testContainersMadeByFFmpeg() throws {
        let dir = try Fixtures.directory(self)
        let cases: [(String, [String], MediaFormat)] = [
            ("c.mp4", [], .mp4), ("c.mov", [], .quickTime), ("c.mkv", [], .matroska),
            ("c.webm", ["-c:v", "libvpx"], .webm), ("c.avi", ["-c:v", "mjpeg"], .avi),
        ]
        for (name, codec, format) in cases {
            let out = dir.appendingPathComponent(name)
            try Fixtures.run("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10",
                                        "-t", "2"] + codec + [out.path])
            let info = try VideoDecoder.info(path: RawPath(out))
            XCTAssertEqual(info.format, format, name)
            XCTAssertEqual(info.width, 64, name)
            XCTAssertEqual(info.height, 48, name)
            XCTAssertEqual(try XCTUnwrap(info.duration, name), 2, accuracy: 0.15, name)
            XCTAssertNotNil(info.codec, name)
            let probe = try XCTUnwrap(MediaProbe.read(path: RawPath(out)))
            XCTAssertEqual(probe.videoInfo, info)
        }
        let poster = try VideoDecoder.posterFrame(path: RawPath(dir.appendingPathComponent("c.avi")))
        XCTAssertEqual(poster.width, 64)
        XCTAssertThrowsError(try VideoDecoder.posterFrame(path: RawPath(dir.appendingPathComponent("c.mp4"))))
    }

    func testMP4WithIndexAtTheEnd() throws {
        // ffmpeg writes moov after mdat unless asked for faststart; pad mdat past the 64 KB read.
        let dir = try Fixtures.directory(self)
        let out = dir.appendingPathComponent("late.mp4")
        try Fixtures.run("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25",
                                    "-t", "3", "-g", "1", "-q:v", "2", "-c:v", "mpeg4", out.path])
        let bytes = try Fixtures.bytes(out)
        XCTAssertGreaterThan(bytes.count, MediaProbe.prefixLength)
        let info = try VideoDecoder.info(path: RawPath(out))
        XCTAssertEqual(info.width, 320)
        XCTAssertEqual(info.codec, "mp4v")
        XCTAssertEqual(try XCTUnwrap(info.duration), 3, accuracy: 0.1)
    }
}
