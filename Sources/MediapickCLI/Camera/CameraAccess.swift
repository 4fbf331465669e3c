import MediaPicker
import Platform
import Thumbnails

/// How the app reaches a camera: which source (`lavfi:testsrc2` in the demo, the first
/// webcam in the app), where photos go, and how the preview is drawn.
struct CameraAccess: Sendable {
    /// The camera's options (`device` nil: the first capturing /dev/video*).
    let options: CameraOptions
    /// The environment (PATH, the XDG pictures folder).
    let environment: [String: String]
    /// Draws the preview.
    let renderer: AnyThumbnailRenderer

    /// JPEG quality of the photos.
    var quality: Double { options.jpegQuality }

    /// The demo's camera: a moving test pattern, so it works on any machine with ffmpeg.
    static let demoDevice = "lavfi:testsrc2=size=1280x720:rate=30"

    /// Finds ffmpeg and the source and probes it (asked when `c` is pressed).
    func open() throws(CameraError) -> CameraSetup {
        try CameraSetup.open(options, environment: environment)
    }
}
