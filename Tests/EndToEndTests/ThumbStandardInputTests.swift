import Foundation
import XCTest

/// `mediapick thumb -` and `mediapick thumb <(…)` with the real binary: a picture that comes
/// through a pipe draws as the same file read from disk does, as chafa and timg take it.
final class ThumbStandardInputTests: XCTestCase {
    private let art = ["thumb", "--size", "12x4", "--colors", "256", "--symbols", "blocks"]

    /// Runs `mediapick thumb` with `arguments` and stdin from `input`: status, stdout, stderr.
    private func thumb(_ arguments: [String], stdin input: String = "/dev/null", in files: MediapickFixtures) throws -> (Int32?, String, String) {
        let binary = try Products.path("mediapick")
        let out = files.directory + "/.out", err = files.directory + "/.err"
        let status = try ChildProcess.run([binary] + arguments, stdin: input, stdout: out, stderr: err, timeout: 60)
        return (status, String(decoding: try MediapickFixtures.read(out), as: UTF8.self),
                String(decoding: try MediapickFixtures.read(err), as: UTF8.self))
    }

    func testStandardInputDrawsWhatTheFileDraws() throws {
        let files = try MediapickFixtures()
        let png = try files.png("a.png", color: "orange")
        let (fromFile, fromPipe, stderr) = try fromFileAndPipe(png, in: files)
        XCTAssertEqual(fromPipe, fromFile)
        XCTAssertTrue(fromPipe.contains("\u{1B}[48;5;214m"), "orange in 256 colours: \(fromPipe.debugDescription)")
        XCTAssertEqual(stderr, "")
    }

    func testAProcessSubstitutionIsReadLikeStandardInput() throws {
        let files = try MediapickFixtures()
        let a = try files.picture("a.ppm", rgb: (20, 200, 90)), b = try files.picture("b.ppm", rgb: (200, 20, 90))
        let binary = MediapickFixtures.quoted(try Products.path("mediapick"))
        // Two operands, one a pipe (bash's /dev/fd/N), one stdin: captions name them as given.
        let script = "\(binary) \(art.joined(separator: " ")) <(cat \(MediapickFixtures.quoted(a))) - < \(MediapickFixtures.quoted(b))"
        let (status, out, stderr) = try thumb(["-c", script], in: files, shell: true)
        XCTAssertEqual(status, 0, stderr)
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.count, 11, "two captions, two pictures of four rows, the final newline: \(lines)")
        XCTAssertTrue(lines[0].hasPrefix("/dev/fd/"), lines[0])
        XCTAssertEqual(lines[5], "stdin")
        XCTAssertNotEqual(lines[1], lines[6], "two different colours")
    }

    func testWhatIsNotAPictureIsNamedStdin() throws {
        let files = try MediapickFixtures()
        let text = String(decoding: try files.write(name: Array("notes.txt".utf8), bytes: Array("just words\n".utf8)), as: UTF8.self)
        let (status, out, stderr) = try thumb(art + ["-"], stdin: text, in: files)
        XCTAssertEqual(status, 2)
        XCTAssertEqual(out, "")
        XCTAssertEqual(stderr, "mediapick: stdin: not an image or video\n")
        let (emptyStatus, _, emptyError) = try thumb(art + ["-"], in: files)
        XCTAssertEqual(emptyStatus, 2)
        XCTAssertEqual(emptyError, "mediapick: stdin: empty file\n", "nothing at all on stdin: said to be empty (user testing)")
    }

    /// A TIFF (ImageMagick's) was "not an image or video", where chafa draws it (the
    /// exploratory tester's finding 6): it is named as a format mediapick does not read, as a
    /// file and as stdin.
    func testATIFFIsNamedAsAFormatNotRead() throws {
        let files = try MediapickFixtures()
        let tiff = try files.png("photo.tif", color: "orange")
        let words = "TIFF, a format mediapick does not read (it reads JPEG, PNG, GIF, WebP, HEIC, AVIF, BMP and PNM)"
        let (status, out, stderr) = try thumb(art + [tiff], in: files)
        XCTAssertEqual(status, 2)
        XCTAssertEqual(out, "")
        XCTAssertEqual(stderr, "mediapick: \(tiff): \(words)\n")
        let (stdinStatus, _, stdinError) = try thumb(art + ["-"], stdin: tiff, in: files)
        XCTAssertEqual(stdinStatus, 2)
        XCTAssertEqual(stdinError, "mediapick: stdin: \(words)\n")
    }

    /// An empty operand is named in its message, as `''`: it was `mediapick: No such file or
    /// directory`, naming nothing.
    func testAnEmptyNameIsNamed() throws {
        let files = try MediapickFixtures()
        let (status, out, stderr) = try thumb(art + [""], in: files)
        XCTAssertEqual(status, 2)
        XCTAssertEqual(out, "")
        XCTAssertEqual(stderr, "mediapick: '': No such file or directory\n")
    }

    /// A stream is looked at as a file is, by its first bytes, before it is copied: an endless
    /// `/dev/zero` used to be read to the 1 GB limit first ("more than 1 GB").
    func testAStreamThatIsNoPictureIsRefusedByItsFirstBytes() throws {
        let files = try MediapickFixtures()
        let (status, out, stderr) = try thumb(["-c", "\(MediapickFixtures.quoted(try Products.path("mediapick"))) thumb - < /dev/zero"],
                                              in: files, shell: true)
        XCTAssertEqual(status, 2)
        XCTAssertEqual(out, "")
        XCTAssertEqual(stderr, "mediapick: stdin: not an image or video\n")
        // A picture longer than the bytes looked at still arrives whole.
        let large = String(decoding: try files.write(name: Array("large.ppm".utf8),
                                                     bytes: MediapickFixtures.ppm(width: 96, height: 64, rgb: (30, 90, 220))), as: UTF8.self)
        let (fromFile, fromPipe, _) = try fromFileAndPipe(large, in: files)
        XCTAssertEqual(fromPipe, fromFile)
    }

    /// A video's poster frame is made by ffmpeg, another process, from the copy's /proc path.
    func testAVideoOnStandardInputGetsItsPosterFrame() throws {
        guard let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("ffmpeg is not installed")
        }
        let files = try MediapickFixtures()
        let clip = files.directory + "/clip.mp4"
        let made = try ChildProcess.run([ffmpeg, "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=10",
                                         "-t", "2", "-pix_fmt", "yuv420p", clip], stdout: "/dev/null", stderr: "/dev/null", timeout: 60)
        try XCTSkipIf(made != 0, "ffmpeg could not make a test clip")
        let (fileStatus, fromFile, _) = try thumb(art + ["--no-cache", clip], in: files)
        XCTAssertEqual(fileStatus, 0)
        let (status, fromStdin, stderr) = try thumb(art + ["-"], stdin: clip, in: files)
        XCTAssertEqual(status, 0, stderr)
        XCTAssertEqual(fromStdin, fromFile, "the same poster frame and duration")
    }
}

extension ThumbStandardInputTests {
    /// What `thumb` prints of the file at `path`, read as a file and through a real pipe (not
    /// a redirected file: `cat` in front), both runs asserted to succeed; and the pipe's stderr.
    private func fromFileAndPipe(_ path: String, in files: MediapickFixtures) throws -> (String, String, String) {
        let (fileStatus, fromFile, _) = try thumb(art + ["--no-cache", path], in: files)
        XCTAssertEqual(fileStatus, 0)
        let script = "cat \(MediapickFixtures.quoted(path)) | \(MediapickFixtures.quoted(try Products.path("mediapick"))) "
            + art.joined(separator: " ") + " -"
        let (status, fromPipe, stderr) = try thumb(["-c", script], in: files, shell: true)
        XCTAssertEqual(status, 0, stderr)
        return (fromFile, fromPipe, stderr)
    }

    /// `thumb` run as `/bin/bash arguments…` (for pipes and process substitution).
    private func thumb(_ arguments: [String], in files: MediapickFixtures, shell: Bool) throws -> (Int32?, String, String) {
        let out = files.directory + "/.out", err = files.directory + "/.err"
        let status = try ChildProcess.run(["/bin/bash"] + arguments, stdout: out, stderr: err, timeout: 60)
        return (status, String(decoding: try MediapickFixtures.read(out), as: UTF8.self),
                String(decoding: try MediapickFixtures.read(err), as: UTF8.self))
    }
}
