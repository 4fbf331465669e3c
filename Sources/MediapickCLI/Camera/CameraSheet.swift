import MediaPicker
import Platform
import TerminalUI

/// The camera presented as a sheet over the main screen, like `PickerSheet`: its coordinator
/// is the camera's delegate; Use Photo appends the photo to the bound list and dismisses.
struct CameraSheet: ControllerRepresentable {
    @Binding var chosen: [ChosenFile]
    @Binding var isPresented: Bool
    /// The probed camera.
    let setup: CameraSetup
    let access: CameraAccess
    /// Told about the new photo (to start its thumbnail), or about why the camera stopped.
    let didFinish: @MainActor (RawPath?, CameraError?) -> Void

    func makeCoordinator() -> Coordinator { Coordinator(self) }

    func makeController(context: Context) -> CameraController {
        let camera = CameraController(source: setup.source, size: setup.size, ffmpeg: setup.ffmpeg, renderer: access.renderer,
                                      saver: PhotoSaver(folder: setup.folder, quality: access.quality))
        camera.delegate = context.coordinator
        return camera
    }

    func updateController(_ controller: CameraController, context: Context) {
        context.coordinator.parent = self
    }

    /// The camera's delegate.
    @MainActor
    final class Coordinator: CameraControllerDelegate {
        var parent: CameraSheet

        init(_ parent: CameraSheet) { self.parent = parent }

        func camera(_ camera: CameraController, didFinishWith photo: RawPath?) {
            if let photo, let result = PickerResult(path: photo) { parent.chosen.append(results: [result]) }
            parent.didFinish(photo, nil)
            parent.isPresented = false
        }

        func camera(_ camera: CameraController, didFailWith error: CameraError) {
            parent.didFinish(nil, error)
            parent.isPresented = false
        }
    }
}
