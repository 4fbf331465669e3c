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

    /// A phone's portrait clip is stored landscape with a quarter turn in its track header's
    /// matrix: `--format json`, the status line and the preview said 120×80 for a clip whose
    /// tile (ffmpeg turns the frame) stood 80×120 (the exploratory tester's finding).
    func testAClipTurnedByItsMatrixGivesItsSizeAsShown() throws {
        let dir = try Fixtures.directory(self)
        // The matrix rows (16.16 fixed point) of a turn by 90°, 270° and 180°.
        let turns: [(String, [UInt32], Int, Int)] = [
            ("90", [0, 0x1_0000, 0xFFFF_0000, 0], 48, 64), ("270", [0, 0xFFFF_0000, 0x1_0000, 0], 48, 64),
            ("180", [0xFFFF_0000, 0, 0, 0xFFFF_0000], 64, 48),
        ]
        for ext in ["mp4", "mov"] {
            let plain = dir.appendingPathComponent("plain.\(ext)")
            try Fixtures.run("ffmpeg", ["-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10",
                                        "-t", "1", plain.path])
            let bytes = try Fixtures.bytes(plain)
            let tkhd = try XCTUnwrap((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("tkhd".utf8) })
            XCTAssertEqual(bytes[tkhd + 4], 0, "a version 0 track header")
            XCTAssertEqual(try VideoDecoder.info(path: RawPath(plain)).width, 64)
            for (name, matrix, width, height) in turns {
                var turned = bytes
                // a, b at the matrix's start (40 bytes into the box's content), c, d after u.
                for (i, value) in zip([0, 4, 12, 16], matrix) {
                    for k in 0..<4 { turned[tkhd + 4 + 40 + i + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(k))) }
                }
                let out = dir.appendingPathComponent("turned\(name).\(ext)")
                try Data(turned).write(to: out)
                let info = try VideoDecoder.info(path: RawPath(out))
                XCTAssertEqual(info.width, width, "\(name) \(ext)")
                XCTAssertEqual(info.height, height, "\(name) \(ext)")
            }
        }
    }
}
