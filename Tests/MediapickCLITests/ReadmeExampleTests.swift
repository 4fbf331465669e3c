import MediaDecoding
import MediaPicker
import TerminalUI
import TerminalUITesting
import XCTest
import Platform

/// The README's "Using the picker in your own Swift program" example, kept compiling and
/// working: the sheet opens from a button, the coordinator appends and dismisses.
private struct PickerSheet: ControllerRepresentable {
    @Binding var files: [RawPath]
    @Binding var isPresented: Bool
    let library: MediaLibrary

    func makeCoordinator() -> Coordinator { Coordinator(self) }
    func makeController(context: Context) -> PickerController {
        var config = PickerConfiguration()
        config.filter = .images
        config.selectionLimit = 3
        let picker = PickerController(configuration: config, library: library)
        picker.delegate = context.coordinator
        return picker
    }
    func updateController(_ controller: PickerController, context: Context) {
        context.coordinator.parent = self
    }

    @MainActor final class Coordinator: PickerDelegate {
        var parent: PickerSheet
        init(_ parent: PickerSheet) { self.parent = parent }
        func picker(_ picker: PickerController, didFinishPicking results: [PickerResult]) {
            parent.files += results.map(\.path)
            parent.isPresented = false
        }
    }
}

private struct MyScreen: View {
    @State var files: [RawPath] = []
    @State var isPresented = false
    let library: MediaLibrary

    var body: some View {
        VStack {
            Text("Chosen: \(files.map(\.lastComponent.string).joined(separator: ", "))")
            Button("Pick media") { isPresented = true }
        }
        .sheet(isPresented: $isPresented) { PickerSheet(files: $files, isPresented: $isPresented, library: library) }
    }
}

@MainActor
final class ReadmeExampleTests: XCTestCase {
    func testReadmeExamplePicksTwoImages() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["a", "b", "c"] {
            let image = PixelImage(width: 8, height: 8, fill: (200, 40, 40, 255))
            try Data(PNGEncoder.encode(image, textChunks: [])).write(to: dir.appendingPathComponent("\(name).png"))
        }
        var options = ScanOptions()
        options.recursive = false
        let library = MediaLibrary(name: "readme", sources: [.folder(RawPath(dir.path))], options: options)
        await library.waitUntilIdle()

        let host = ViewHost(MyScreen(library: library), backend: InMemoryBackend(size: Size(width: 80, height: 24)))
        _ = host.render()
        _ = host.send(.key(.enter))          // the focused button opens the sheet
        _ = host.render()
        _ = host.send(.key(.character(" ")))  // pick the first
        _ = host.send(.key(.right))
        _ = host.send(.key(.character(" ")))  // and the second
        _ = host.send(.key(.enter))          // Add
        let screen = host.render().text
        XCTAssertTrue(screen.contains("Chosen: "), screen)
        XCTAssertEqual(screen.components(separatedBy: ".png").count - 1, 2, screen)
        XCTAssertFalse(screen.contains("Cancel"), "the sheet is dismissed:\n\(screen)")
    }
}
