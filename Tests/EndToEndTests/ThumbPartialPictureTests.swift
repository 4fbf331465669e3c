import Foundation
import MediaDecoding
import XCTest

/// `mediapick thumb` of a JPEG cut inside its data (a download in progress) printed nothing
/// and "mediapick: dl.jpg: truncated file: JPEG: Premature end of JPEG file", exit 2. It now
/// prints the picture as far as it goes, says on stderr that it is partial, naming the file,
/// and exits 0, as chafa, ImageMagick and ffmpeg do (djpeg's 2 is its warning status, its
/// errors exit 1; mediapick's 2 means a file got no thumbnail). A file cut before any of its
/// picture is still an error.
extension ThumbGraphicsTests {
    func testACutJPEGIsPrintedAsFarAsItGoesWithAWarning() throws {
        // Colours that change down the picture and across it, so each row of cells differs.
        let picture = PixelImage(width: 320, height: 240) { x, y in (UInt8(y), UInt8(x * 255 / 319), UInt8((x * 7 + y * 13) & 0xFF), 255) }
        let bytes = try JPEGEncoder.encode(picture, quality: 0.9)
        let path = { (name: String, bytes: [UInt8]) in String(decoding: try self.files.write(name: Array(name.utf8), bytes: bytes), as: UTF8.self) }
        let (whole, cut) = (try path("whole.jpg", bytes), try path("dl.jpg", Array(bytes.prefix(bytes.count * 6 / 10))))
        let arguments = ["--no-cache", "--size", "20x10", "--symbols", "blocks"]

        let expected = try run(arguments + [whole])
        XCTAssertEqual(expected.status, 0, expected.message)
        let result = try run(arguments + [cut])
        XCTAssertEqual(result.status, 0, result.message)
        XCTAssertEqual(result.message,
                       "mediapick: \(cut): partial picture: the file is cut short (JPEG: Premature end of JPEG file); drawn as far as it goes\n")
        let lines = { (output: [UInt8]) in output.split(separator: UInt8(ascii: "\n")).map(Array.init) }
        XCTAssertEqual(lines(result.output).count, lines(expected.output).count, "the whole picture's rows")
        XCTAssertEqual(lines(result.output).first, lines(expected.output).first, "its top row as the whole file's")
        XCTAssertNotEqual(result.output, expected.output, "the rest not")

        // Cut in its headers: nothing to show, an error as before.
        let early = try path("early.jpg", Array(bytes.prefix(200)))
        let failed = try run(arguments + [early])
        XCTAssertEqual(failed.status, 2)
        XCTAssertEqual(failed.output, [])
        XCTAssertTrue(failed.message.hasPrefix("mediapick: \(early): truncated file: JPEG: "), failed.message)
    }
}
