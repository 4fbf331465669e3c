#if canImport(Glibc)
import Glibc
#endif
import CellArt
import Foundation
import MediaDecoding
@testable import MediaPicker
import TerminalUI
import XCTest
import Platform

/// A temporary folder, removed when the test ends.
final class TempFolder {
    let path: RawPath

    init() {
        var template = Array("/tmp/mediapick-picker-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = RawPath(cString: made!)
    }

    deinit {
        // Restore permissions first so removal cannot fail on a deliberately unreadable child.
        _ = Self.run(["/bin/chmod", "-R", "u+rwx", path.string])
        _ = Self.run(["/bin/rm", "-rf", path.string])
    }

    @discardableResult
    func write(_ name: RawPath, bytes: [UInt8] = [], mtime: Int64? = nil) -> RawPath {
        let file = path.appending(name)
        let fd = file.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        precondition(fd >= 0, "cannot create \(file)")
        bytes.withUnsafeBytes { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if let mtime { Self.setMTime(file, mtime) }
        return file
    }

    @discardableResult
    func write(_ name: String, bytes: [UInt8] = [], mtime: Int64? = nil) -> RawPath { write(RawPath(name), bytes: bytes, mtime: mtime) }

    func folder(_ name: String) -> RawPath {
        let sub = path.appending(name)
        _ = sub.withCString { mkdir($0, 0o755) }
        return sub
    }

    static func setMTime(_ file: RawPath, _ seconds: Int64) {
        var times = [timespec(tv_sec: Int(seconds), tv_nsec: 0), timespec(tv_sec: Int(seconds), tv_nsec: 0)]
        _ = file.withCString { utimensat(AT_FDCWD, $0, &times, 0) }
    }

    static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        try? process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// Test images drawn in code.
enum Drawn {
    /// A binary PPM (P6) of `image` (alpha dropped): the simplest format to write by hand.
    static func ppm(_ image: PixelImage) -> [UInt8] {
        var bytes = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
        for i in stride(from: 0, to: image.pixels.count, by: 4) { bytes += image.pixels[i..<(i + 3)] }
        return bytes
    }

    /// A small scene: a sky gradient, a sun (a disc) and striped ground, varied by `seed`,
    /// so thumbnails have shapes and colours worth comparing.
    static func scene(width: Int = 120, height: Int = 90, seed: Int) -> PixelImage {
        let cx = width * (1 + seed % 3) / 4, cy = height / 3, r = height / 5
        return PixelImage(width: width, height: height) { x, y in
            let dx = x - cx, dy = y - cy
            if dx * dx + dy * dy <= r * r { return (250, 210, UInt8(40 + seed * 30 % 200), 255) }
            if y > height * 2 / 3 {
                let stripe = ((x + y + seed * 5) / 8) % 2 == 0
                return stripe ? (30, UInt8(120 + seed * 10 % 100), 40, 255) : (90, 60, 30, 255)
            }
            let t = UInt8(255 * y / height)
            return (UInt8(40 + seed * 20 % 120), UInt8(100 + Int(t) / 3), 255 - t / 2, 255)
        }
    }

    /// A quartered square in four colours, distinct per `seed`.
    static func quarters(size: Int = 64, seed: Int) -> PixelImage {
        let palette: [(UInt8, UInt8, UInt8)] = [(230, 40, 40), (40, 200, 60), (40, 80, 230), (240, 220, 40), (250, 250, 250), (20, 20, 20)]
        return PixelImage(width: size, height: size * 3 / 4) { x, y in
            let quadrant = (x < size / 2 ? 0 : 1) + (y < size * 3 / 8 ? 0 : 2)
            let c = palette[(quadrant + seed) % palette.count]
            return (c.0, c.1, c.2, 255)
        }
    }
}

/// Fake content for controller tests: the kind comes from the extension, so the tests do not
/// depend on the decoders; a `.locked` file reads as permission denied.
enum FakeContent {
    static let classifier: @Sendable (RawPath) -> FileInspector.Outcome = { path in
        guard case .success = FileStat.of(path) else { return .vanished }
        let name = path.lastComponent.string
        if name.hasSuffix(".locked") { return .unreadable(errno: EACCES) }
        if name.hasSuffix(".mp4") { return .media(.mp4, width: 1920, height: 1080, duration: 83) }
        if name.hasSuffix(".jpg") || name.hasSuffix(".png") { return .media(.png, width: 640, height: 480, duration: nil) }
        return .notMedia
    }

    /// Tiles filled with the file name's first letter, so snapshots show which tile is which.
    static let work: ThumbnailPipeline.Work = { key throws(ThumbnailError) in
        guard case .success = FileStat.of(key.path) else { throw .vanished(path: key.path.string) }
        let first = key.path.lastComponent.string.unicodeScalars.first ?? "?"
        let letter: Unicode.Scalar = first.isASCII ? first : "#"
        return CellImage(columns: key.options.columns, rows: key.options.rows,
                         cells: Array(repeating: ArtCell(glyph: letter), count: key.options.columns * key.options.rows))
    }
}

/// Records what the delegate receives.
@MainActor
final class RecordingDelegate: PickerDelegate {
    var calls: [[PickerResult]] = []
    func picker(_ picker: PickerController, didFinishPicking results: [PickerResult]) { calls.append(results) }
    var names: [String]? { calls.last.map { $0.map { $0.path.lastComponent.string } } }
}

/// A picker over a folder of fake media, settled and drawn once.
@MainActor
struct PickerHarness {
    let folder: TempFolder
    let picker: PickerController
    let delegate: RecordingDelegate
    var size: Size

    init(names: [String], configure: (inout PickerConfiguration) -> Void = { _ in }, size: Size = Size(width: 80, height: 24),
         work: ThumbnailPipeline.Work? = FakeContent.work,
         classifier: @escaping @Sendable (RawPath) -> FileInspector.Outcome = FakeContent.classifier,
         prepare: (TempFolder) -> Void = { _ in }) async {
        folder = TempFolder()
        for (i, name) in names.enumerated() { folder.write(name, mtime: 1_700_000_000 + Int64(i) * 60) }
        prepare(folder)
        var configuration = PickerConfiguration()
        configuration.sort = .name
        configuration.diskCacheEnabled = false
        configure(&configuration)
        let library = MediaLibrary(name: "Fixtures", sources: [.folder(folder.path)], options: ScanOptions(), classifier: classifier)
        let pipeline = ThumbnailPipeline(concurrency: 2, diskCache: configuration.makeDiskCache(),
                                         work: work ?? ThumbnailPipeline.standardWork(diskCache: configuration.makeDiskCache()))
        picker = PickerController(configuration: configuration, library: library, pipeline: pipeline)
        delegate = RecordingDelegate()
        picker.delegate = delegate
        self.size = size
        await settle()
    }

    /// Draws, waits for the tiles, and returns the screen drawn after that.
    @discardableResult
    func settle() async -> ScreenBuffer {
        _ = screen()
        await picker.waitUntilSettled()
        _ = screen()
        await picker.waitUntilSettled()
        return screen()
    }

    func screen(_ size: Size? = nil) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: size ?? self.size)
        picker.draw(in: buffer.bounds, of: &buffer)
        return buffer
    }

    func press(_ keys: Key...) {
        for key in keys { _ = picker.handle(.key(key)) }
    }

    func type(_ text: String) {
        for c in text { _ = picker.handle(.key(.character(c))) }
    }
}
