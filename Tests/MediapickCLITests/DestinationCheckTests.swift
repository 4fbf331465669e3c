#if canImport(Glibc)
import Glibc
#endif
import MediaDecoding
import XCTest
@testable import MediapickCLI
import Platform

/// `-o FILE` and `--export DIR` are checked before the picker opens, so a typo costs an
/// error message, not a whole picking session (the check used to come after the pick).
final class DestinationCheckTests: XCTestCase {
    private func check(output: String? = nil, export: String? = nil) -> String? {
        var options = PickOptions()
        options.output = output.map(RawPath.init)
        options.export = export.map(RawPath.init)
        do {
            try ResultEmitter.checkDestinations(options)
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testOutputInAMissingFolderIsRefused() {
        XCTAssertEqual(check(output: "/no/such/folder/out.txt"), "cannot write /no/such/folder/out.txt: No such file or directory")
    }

    /// A name over 255 bytes passed the check and failed after the pick, the picks lost.
    func testANameTooLongIsRefused() {
        let name = "/tmp/" + String(repeating: "o", count: 300) + ".txt"
        XCTAssertEqual(check(output: name), "cannot write \(name): File name too long")
        XCTAssertEqual(check(output: "/etc/passwd/x"), "cannot write /etc/passwd/x: Not a directory")
    }

    func testOutputThatIsAFolderIsRefused() {
        XCTAssertEqual(check(output: "/tmp"), "cannot write /tmp: Is a directory")
    }

    func testExportIntoAFileIsRefused() {
        XCTAssertEqual(check(export: "/etc/passwd"), "cannot export into /etc/passwd: not a folder")
    }

    func testUsableDestinationsPass() {
        XCTAssertNil(check())
        XCTAssertNil(check(output: "/tmp/mediapick-not-there-yet.txt", export: "/tmp/mediapick-made-on-export/sub"))
        XCTAssertNil(check(output: "relative-name.txt"))
    }

    /// Below a file, and under /proc where even root can make no folder (both were found only
    /// after the pick, when the export tried to make the folder).
    func testDestinationsThatNoFolderCanBeMadeForAreRefused() {
        XCTAssertEqual(check(export: "/proc/x/y"), "cannot export into /proc/x/y: No such file or directory")
        XCTAssertEqual(check(export: "/dev/null/sub"), "cannot export into /dev/null/sub: Not a directory")
        XCTAssertEqual(check(output: "/dev/null/sub/x"), "cannot write /dev/null/sub/x: Not a directory")
        XCTAssertEqual(check(output: "/proc/x/y"), "cannot write /proc/x/y: No such file or directory")
        XCTAssertNil(check(output: "/dev/null"), "a device is written in place")
    }

    /// A file system in which `/ro` may not be written and `/rofs` is read-only, `/file` is a
    /// file and `/dev/sda` a device only root could write: what the tests, run as root, cannot
    /// meet for real.
    private func fake(_ tried: Tried = Tried()) -> DestinationCheck {
        let kinds: [String: DestinationCheck.Kind] = ["/": .folder, "/ro": .folder, "/home": .folder, "/rofs": .folder,
                                                      "/file": .regular, "/dev/sda": .other,
                                                      "/ro/shared.txt": .regular, "/ro/locked.txt": .regular]
        let existing = try? FileStat.of(RawPath("/")).get()
        return DestinationCheck(
            kind: { kinds[$0.string] ?? .missing(ENOENT) },
            access: { path, _ in ["/ro", "/dev/sda", "/ro/locked.txt"].contains(path.string) ? EACCES : 0 },
            tryFolder: { path in
                tried.paths.append(path.string)
                return path.string.hasPrefix("/rofs/") ? EROFS : 0
            },
            destination: { path throws(CommandError) in .replace(path, existing: kinds[path.string] == .regular ? existing : nil) })
    }

    private final class Tried { var paths: [String] = [] }

    private func check(output: String? = nil, export: String? = nil, in check: DestinationCheck) -> String? {
        var options = PickOptions()
        options.output = output.map(RawPath.init)
        options.export = export.map(RawPath.init)
        do {
            try ResultEmitter.checkDestinations(options, with: check)
            return nil
        } catch {
            return "\(error)"
        }
    }

    func testAFolderWeMayNotWriteIsRefused() {
        XCTAssertEqual(check(output: "/ro/out.txt", in: fake()), "cannot write /ro/out.txt: Permission denied")
        XCTAssertEqual(check(output: "/dev/sda", in: fake()), "cannot write /dev/sda: Permission denied")
        XCTAssertEqual(check(export: "/ro", in: fake()), "cannot export into /ro: Permission denied")
        XCTAssertEqual(check(export: "/ro/new/sub", in: fake()), "cannot export into /ro/new/sub: Permission denied",
                       "the nearest folder that exists is the one asked")
        XCTAssertEqual(check(export: "/rofs/new/sub", in: fake()), "cannot export into /rofs/new/sub: Read-only file system")
        XCTAssertEqual(check(export: "/file/new/sub", in: fake()), "cannot export into /file/new/sub: /file is not a folder")
        XCTAssertEqual(check(output: "/file/out.txt", in: fake()), "cannot write /file/out.txt: Not a directory")
    }

    /// A file that exists and may be written, in a folder we may not write, is written in
    /// place (`>` writes it; it was refused); one that may not be written is still refused.
    func testAWritableFileInAFolderWeMayNotWriteIsAccepted() {
        XCTAssertNil(check(output: "/ro/shared.txt", in: fake()))
        XCTAssertEqual(check(output: "/ro/locked.txt", in: fake()), "cannot write /ro/locked.txt: Permission denied")
        XCTAssertEqual(check(output: "/ro/new.txt", in: fake()), "cannot write /ro/new.txt: Permission denied", "a new file needs the folder")
    }

    /// `mediapick -o *.jpg` (the list's name forgotten) made the first photo the output:
    /// picking another replaced it with the list, "x.jpg: ASCII text". An existing picture or
    /// video is refused before the picker opens; a file of text (or of nothing) is replaced as
    /// before, and so is a new file.
    func testAPictureOrVideoIsNoOutput() throws {
        let folder = try ScratchFolder("mp-output-media")
        let picture = folder.path.appending("x.png")
        try FileBytes.createNew(picture, bytes: try PNGEncoder.encode(PixelImage(width: 2, height: 2)))
        let list = folder.path.appending("list.txt")
        try FileBytes.createNew(list, bytes: Array("a.jpg\n".utf8))
        XCTAssertEqual(check(output: picture.string), "cannot write \(picture.string): it is a picture, which -o would replace with the list of picks")
        XCTAssertNil(check(output: list.string))
        XCTAssertNil(check(output: folder.path.appending("new.txt").string))
        XCTAssertEqual(try FileBytes.read(picture).prefix(4), [0x89, 0x50, 0x4E, 0x47], "the picture is as it was")
    }

    /// `--export dl`, dl a symbolic link to a folder that does not exist, passed the check (the
    /// folder tried was made, mkdir saying EEXIST of the link), and the export failed after the
    /// pick: "cannot create dl/<UUID>.jpg: No such file or directory". It is refused before the
    /// picker opens; `-o` through such a link still makes the file it names, as `>` does.
    func testExportIntoALinkToNothingIsRefused() throws {
        let folder = try ScratchFolder("mp-dangling")
        let link = folder.path.appending("dl")
        XCTAssertEqual(symlink("nowhere/sub", link.string), 0)
        XCTAssertEqual(check(export: link.string),
                       "cannot export into \(link.string): a symbolic link to nowhere/sub, which does not exist (make that folder first)")
        XCTAssertEqual(check(export: link.string + "/deeper"), "cannot export into \(link.string)/deeper: \(link.string) is "
                       + "a symbolic link to nowhere/sub, which does not exist (make that folder first)")
        let file = folder.path.appending("out")
        XCTAssertEqual(symlink("made.txt", file.string), 0)
        XCTAssertNil(check(output: file.string))
    }

    /// `-o sock`, a Unix socket, passed the check (root may "write" it) and failed after the
    /// pick: "cannot write sock: No such device or address". It is refused before the picker.
    func testASocketIsNoOutput() throws {
        let folder = try ScratchFolder("mp-socket")
        let path = folder.path.appending("sock")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.bytes.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        XCTAssertEqual(bound, 0)
        XCTAssertEqual(check(output: path.string), "cannot write \(path.string): No such device or address")
        XCTAssertEqual(check(export: path.string), "cannot export into \(path.string): not a folder")
    }

    func testAUsableNewFolderIsTriedOnceAtItsTop() {
        let tried = Tried()
        XCTAssertNil(check(output: "/home/out.txt", export: "/home/new/sub", in: fake(tried)))
        XCTAssertEqual(tried.paths, ["/home/new"], "the first folder to be made, made and removed")
        XCTAssertNil(check(export: "/home", in: fake(tried)))
        XCTAssertEqual(tried.paths, ["/home/new"], "an existing folder makes nothing")
    }
}
