import Platform

/// Receives the camera's photo (UIImagePickerControllerDelegate's analog for the `.camera`
/// source). The delegate dismisses the camera; the camera never dismisses itself.
@MainActor
public protocol CameraControllerDelegate: AnyObject {
    /// Called once per presentation: the saved JPEG's path after Use Photo, or nil on cancel.
    func camera(_ camera: CameraController, didFinishWith photo: RawPath?)
    /// Called instead when the camera stopped (the stream ended, the device vanished) or the
    /// photo could not be saved.
    func camera(_ camera: CameraController, didFailWith error: CameraError)
}
