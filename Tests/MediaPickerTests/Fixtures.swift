#if canImport(Glibc)
import Glibc
#endif
import CellArt
import Foundation
import MediaDecoding
@testable import MediaPicker
import TerminalUI
import TestFixtures
import XCTest
import Platform
import Thumbnails

// The scratch folder and drawn images live in TestFixtures, shared with ThumbnailsTests.
typealias TempFolder = TestFixtures.TempFolder
typealias Drawn = TestFixtures.Drawn

/// Fake content for controller tests: the kind comes from the extension, so the tests do not
/// depend on the decoders; a file with `.locked` in its name reads as permission denied.
enum FakeContent {
    static let classifier: @Sendable (RawPath) -> FileInspector.Outcome = { path in
        guard case .success = FileStat.of(path) else { return .vanished }
        let name = path.lastComponent.string
        if name.contains(".locked") { return .unreadable(errno: EACCES) }
        if name.hasSuffix(".mp4") { return .media(.mp4, width: 1920, height: 1080, duration: 83) }
        if name.hasSuffix(".jpg") || name.hasSuffix(".png") { return .media(.png, width: 640, height: 480, duration: nil) }
        return .notMedia()
    }

    /// The readability check that goes with `classifier`: a `.locked` name cannot be read (the
    /// tests run as root, who can read a chmod 000 file); others as the file system says.
    static let readCheck: @Sendable (RawPath) -> Int32? = { path in
        path.lastComponent.string.contains(".locked") ? EACCES : FileAccess.readProblem(path)
    }

    /// Tiles filled with the file name's first letter, so snapshots show which tile is which.
    static let work: ThumbnailPipeline.Work = { key, _ throws(ThumbnailError) in
        guard case .success = FileStat.of(key.path) else { throw .vanished(path: key.path.string) }
        let first = key.path.lastComponent.string.unicodeScalars.first ?? "?"
        let letter: Unicode.Scalar = first.isASCII ? first : "#"
        return .cells(CellImage(columns: key.size.columns, rows: key.size.rows,
                                cells: Array(repeating: ArtCell(glyph: letter), count: key.size.columns * key.size.rows)))
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
         readCheck: @escaping @Sendable (RawPath) -> Int32? = FakeContent.readCheck,
         recursive: Bool = false, chosenBefore: [String] = [], prepare: (TempFolder) -> Void = { _ in }) async {
        folder = TempFolder()
        for (i, name) in names.enumerated() { folder.write(name, mtime: 1_700_000_000 + Int64(i) * 60) }
        prepare(folder)
        var configuration = PickerConfiguration()
        configuration.sort = .name
        configuration.diskCacheEnabled = false
        // The host's files from earlier picks, named in the folder (the app's main screen's list).
        let root = folder.path
        configuration.alreadyChosenPaths = chosenBefore.map { root.appending($0) }
        configuration.alreadyChosen = chosenBefore.count
        configure(&configuration)
        let library = MediaLibrary(name: "Fixtures", sources: [.folder(folder.path)], options: ScanOptions(recursive: recursive), classifier: classifier,
                                   readCheck: readCheck)
        let pipeline = ThumbnailPipeline(concurrency: 2, diskCache: configuration.makeDiskCache(),
                                         work: work)
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
        picker.layout(in: buffer.bounds)
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
