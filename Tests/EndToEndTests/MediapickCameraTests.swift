import Foundation
import MediaDecoding
import Platform
import XCTest

/// `mediapick camera` and the demo's camera with the real binary, on ffmpeg's moving test
/// pattern (`testsrc2`), so no webcam is needed.
final class MediapickCameraTests: XCTestCase {
    private let device = "lavfi:testsrc2=size=1280x720:rate=30"

    private func photos(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    private func picture(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast(3).joined(separator: "\n")
    }

    /// Waits for the first live frame (the shutter does nothing before it).
    /// `mediapick camera` on the test source in an 80x40 tmux, saving into `photos/`, stdout into `out`.
    private func startCamera() throws -> (TmuxSession, String, String, TmuxSession.RunningCommand) {
        let binary = try Products.path("mediapick")
        let tmux = try TmuxSession(width: 80, height: 40)
        let folder = tmux.directory.appendingPathComponent("photos").path
        let out = tmux.directory.appendingPathComponent("out").path
        let run = try tmux.run("\(MediapickFixtures.quoted(binary)) camera --device \(MediapickFixtures.quoted(device)) "
                               + "--export \(MediapickFixtures.quoted(folder)) > \(MediapickFixtures.quoted(out))")
        return (tmux, folder, out, run)
    }

    private func waitForFrame(_ tmux: TmuxSession) throws {
        try tmux.waitUntil(describe: "a live frame") { $0.contains("Space/Enter: take picture") && !$0.contains("Starting the camera") }
    }

    func testPreviewReviewRetakeThenUsePhoto() throws {
        let (tmux, folder, out, run) = try startCamera()
        let first = try tmux.waitUntil(describe: "a live frame", escapes: true) { $0.contains("Space/Enter: take picture") && $0.contains("▀") }
        // testsrc2 moves: a later capture shows another picture.
        try tmux.waitUntil(describe: "the preview to change", escapes: true) { self.picture($0) != self.picture(first) }
        try tmux.send("Space")
        var screen = try tmux.waitFor("[ Use Photo ]")
        XCTAssertTrue(screen.contains("[ Retake ]"))
        try tmux.send("r")
        screen = try tmux.waitFor("Space/Enter: take picture")
        XCTAssertFalse(screen.contains("[ Use Photo ]"))
        try waitForFrame(tmux)
        try tmux.send("Space")
        try tmux.waitFor("[ Use Photo ]")
        try tmux.send("Enter")
        XCTAssertEqual(try run.waitForExit(), 0)
        let saved = try photos(in: folder)
        XCTAssertEqual(saved.count, 1, "one photo, no temporary file left: \(saved)")
        XCTAssertTrue(saved[0].hasSuffix(".jpg"))
        let printed = String(decoding: try MediapickFixtures.read(out), as: UTF8.self)
        XCTAssertEqual(printed, folder + "/" + saved[0] + "\n")
        let image = try ImageDecoder.decode(path: RawPath(folder + "/" + saved[0]))
        XCTAssertEqual(image.width, 1280)
        XCTAssertEqual(image.height, 720)
    }

    func testEscapeWritesNothing() throws {
        let (tmux, folder, out, run) = try startCamera()
        try waitForFrame(tmux)
        try tmux.send("Space")
        try tmux.waitFor("[ Use Photo ]")
        try tmux.send("Escape")
        XCTAssertEqual(try run.waitForExit(), 1)
        XCTAssertEqual(try MediapickFixtures.read(out), [])
        let left = FileManager.default.fileExists(atPath: folder) ? try photos(in: folder) : []
        XCTAssertEqual(left, [], "nothing written")
    }

    func testMissingDeviceAndMissingFFmpegSayWhyBeforeTheScreen() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        let err = files.directory + "/.err"
        var status = try ChildProcess.run([binary, "camera", "--device", "/dev/video9"], stdout: "/dev/null", stderr: err, timeout: 10)
        XCTAssertEqual(status, 2)
        var message = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
        XCTAssertTrue(message.hasPrefix("mediapick: cannot open camera /dev/video9"), message)
        XCTAssertEqual(message.filter { $0 == "\n" }.count, 1)
        // A PATH without ffmpeg (the shell is named by its full path).
        status = try ChildProcess.run(["/usr/bin/env", "PATH=/nonexistent", binary, "camera", "--device", device],
                                      stdout: "/dev/null", stderr: err, timeout: 10)
        XCTAssertEqual(status, 2)
        message = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
        XCTAssertTrue(message.contains("ffmpeg"), message)
    }

    /// With HOME unset and no --export the photo was to go into `/Pictures` (made there when
    /// run as root; "cannot export into /Pictures" otherwise, for an option never given).
    func testWithoutAHomeOrAnExportFolderTheCameraSaysSoBeforeTheScreen() throws {
        let binary = try Products.path("mediapick")
        let files = try MediapickFixtures()
        let err = files.directory + "/.err"
        let status = try ChildProcess.run(["/usr/bin/env", "-u", "HOME", "-u", "XDG_PICTURES_DIR", "-u", "XDG_CONFIG_HOME",
                                           binary, "camera", "--device", "lavfi:testsrc2=size=64x48:rate=5"],
                                          stdout: "/dev/null", stderr: err, timeout: 10)
        XCTAssertEqual(status, 2)
        XCTAssertEqual(String(decoding: try MediapickFixtures.read(err), as: UTF8.self),
                       "mediapick: no folder for the photo: neither HOME nor XDG_PICTURES_DIR is set; name one with --export DIR\n")
    }

    func testAStreamThatEndsSaysCameraStoppedAndRestoresTheTerminal() throws {
        let binary = try Products.path("mediapick")
        let tmux = try TmuxSession(width: 80, height: 40)
        let err = tmux.directory.appendingPathComponent("err").path
        let run = try tmux.run("\(MediapickFixtures.quoted(binary)) camera --device 'lavfi:testsrc2=size=320x240:rate=30:duration=1' "
                               + "--export \(MediapickFixtures.quoted(tmux.directory.path)) 2> \(MediapickFixtures.quoted(err))")
        XCTAssertEqual(try run.waitForExit(), 2)
        let message = String(decoding: try MediapickFixtures.read(err), as: UTF8.self)
        XCTAssertTrue(message.hasPrefix("mediapick: camera stopped: "), message)
        let settings = tmux.directory.appendingPathComponent("stty").path
        XCTAssertEqual(try tmux.run("stty -a > \(MediapickFixtures.quoted(settings))").waitForExit(), 0)
        let words = String(decoding: try MediapickFixtures.read(settings), as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
        XCTAssertTrue(words.contains("icanon") && words.contains("echo"))
        XCTAssertFalse(words.contains("-icanon") || words.contains("-echo"))
    }

    /// The children of `pid` (every thread's: a child belongs to the thread that started it).
    private func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    /// Starts the camera, sends `signal` to its ffmpeg once a frame shows, and returns the
    /// exit status and stderr.
    private func signalFFmpegDuringThePreview(_ signal: Int32) throws -> (Int32, String) {
        let binary = try Products.path("mediapick")
        let tmux = try TmuxSession(width: 80, height: 24)
        let pidFile = tmux.directory.appendingPathComponent("pid").path
        let err = tmux.directory.appendingPathComponent("err").path
        let camera = "\(MediapickFixtures.quoted(binary)) camera --device \(MediapickFixtures.quoted(device)) --export \(MediapickFixtures.quoted(tmux.directory.path))"
        let run = try tmux.run("sh -c \(MediapickFixtures.quoted("echo $$ > \(MediapickFixtures.quoted(pidFile)); exec \(camera)")) 2> \(MediapickFixtures.quoted(err))")
        try waitForFrame(tmux)
        let mediapick = try XCTUnwrap(Int32(String(decoding: try MediapickFixtures.read(pidFile), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        let ffmpeg = try XCTUnwrap(children(of: mediapick).first, "ffmpeg is running")
        kill(ffmpeg, signal)
        let status = try run.waitForExit()
        return (status, String(decoding: try MediapickFixtures.read(err), as: UTF8.self))
    }

    /// ffmpeg ends on SIGTERM like any program (it was started with the signals of a Swift
    /// executor thread blocked, and ignored it): the camera then says it stopped.
    func testFFmpegEndsOnSIGTERMAndTheCameraSaysItStopped() throws {
        let (status, message) = try signalFFmpegDuringThePreview(SIGTERM)
        XCTAssertEqual(status, 2)
        XCTAssertTrue(message.hasPrefix("mediapick: camera stopped: "), message)
    }

    /// A killed ffmpeg is not "the stream ended", the words of a finite source's end.
    func testKilledFFmpegIsSaidToBeKilled() throws {
        let (status, message) = try signalFFmpegDuringThePreview(SIGKILL)
        XCTAssertEqual(status, 2)
        XCTAssertEqual(message, "mediapick: camera stopped: ffmpeg was ended by signal 9 (Killed)\n")
    }

    /// `c` in `mediapick app` on a machine without a webcam says so without sending the user
    /// to `--device`, which the app refuses ("option --device belongs to 'mediapick camera'").
    func testTheAppsMissingCameraNamesNoOptionTheAppRefuses() throws {
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/sys/class/video4linux")) ?? []
        try XCTSkipIf(nodes.contains { $0.hasPrefix("video") }, "this machine has a camera")
        let binary = try Products.path("mediapick")
        let tmux = try TmuxSession(width: 100, height: 30)
        let run = try tmux.run("\(MediapickFixtures.quoted(binary)) app \(MediapickFixtures.quoted(tmux.directory.path))")
        try tmux.waitFor("Nothing chosen yet")
        try tmux.send("c")
        let screen = try tmux.waitFor("no camera found")
        XCTAssertTrue(screen.contains("no camera found (no /dev/video* device can capture)"), screen)
        XCTAssertFalse(screen.contains("--device"), screen)
        try tmux.send("q")
        XCTAssertEqual(try run.waitForExit(), 1)
    }

    /// The demo's photo goes into the demo's library and stays with it, so its printed path
    /// names it after the demo: the pictures folder (it used to be the real ~/Pictures, created
    /// for a test pattern) is never made.
    func testDemoCameraAddsThePhotoToTheDemoLibrary() throws {
        let binary = try Products.path("mediapick")
        let tmux = try TmuxSession(width: 100, height: 40)
        let pictures = tmux.directory.appendingPathComponent("pictures").path
        let cache = tmux.directory.appendingPathComponent("cache").path
        let out = tmux.directory.appendingPathComponent("out").path
        let run = try tmux.run("XDG_PICTURES_DIR=\(MediapickFixtures.quoted(pictures)) XDG_CACHE_HOME=\(MediapickFixtures.quoted(cache)) "
                               + "\(MediapickFixtures.quoted(binary)) demo > \(MediapickFixtures.quoted(out)) 2> /dev/null")
        try tmux.waitFor("Nothing chosen yet")
        let library = cache + "/mediapick/demo-library"
        let samples = try photos(in: library)
        try tmux.send("c")
        try waitForFrame(tmux)
        try tmux.send("Space")
        try tmux.waitFor("[ Use Photo ]")
        try tmux.send("Enter")
        try tmux.waitFor("Chosen (1):")
        let saved = try photos(in: library).filter { !samples.contains($0) }
        XCTAssertEqual(saved.count, 1)
        let photo = try XCTUnwrap(saved.first, "a photo in the demo library")
        XCTAssertTrue(photo.hasSuffix(".jpg"), photo)
        XCTAssertTrue(try tmux.capture().contains(photo))
        // The next sheet lists the photo (its library's folder was read before the photo was
        // saved there): a search for its name finds it.
        try tmux.send("+")
        try tmux.waitFor("Space pick")
        try tmux.type("/" + photo.prefix(8))
        try tmux.waitUntil(describe: "the photo in the sheet") { $0.contains("[All 1]") && $0.contains(String(photo.prefix(8))) }
        try tmux.send("Escape", "Escape")
        try tmux.waitFor("Chosen (1):")
        try tmux.send("q")
        XCTAssertEqual(try run.waitForExit(), 0)
        XCTAssertEqual(String(decoding: try MediapickFixtures.read(out), as: UTF8.self), library + "/" + photo + "\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: pictures), "the pictures folder is not made")
        XCTAssertTrue(FileManager.default.fileExists(atPath: library + "/" + photo), "the photo printed stays")
    }
}
