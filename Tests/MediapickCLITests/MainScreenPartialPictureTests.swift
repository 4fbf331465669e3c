import Foundation
import MediaDecoding
import MediaPicker
import Platform
@testable import MediapickCLI
import TerminalUI
import XCTest

/// A chosen JPEG cut inside its picture (a download in progress) said "no preview" on the app's
/// main screen; it is now drawn as far as it goes, and its caption says `cut`, as the sheet's does.
@MainActor
final class MainScreenPartialPictureTests: XCTestCase {
    func testAChosenCutJPEGIsDrawnAndMarked() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mp-app-cut-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = PixelImage(width: 320, height: 240) { x, y in (UInt8(y), UInt8(x * 255 / 319), 90, 255) }
        let whole = try JPEGEncoder.encode(picture, quality: 0.9)
        try Data(whole.prefix(whole.count * 6 / 10)).write(to: folder.appendingPathComponent("dl.jpg"))
        let library = MediaLibrary(name: "cut", sources: [.folder(RawPath(folder.path))])
        await library.waitUntilIdle()
        let (host, shelf, _) = chosenGridScreen(library)
        // Open the sheet and pick the one file; then a key (Down moves nothing) composes a frame
        // that asks for its thumbnail, and one more after it is made.
        for key: Key in [.enter, .enter, .down] { host.send(.key(key)) }
        host.render()
        await shelf.waitUntilIdle()
        host.send(.key(.down))
        let text = host.render().text
        XCTAssertFalse(text.contains("no preview"), text)
        XCTAssertTrue(text.contains("cut dl.jpg"), text)
    }
}
