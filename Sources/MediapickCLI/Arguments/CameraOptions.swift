import Platform
import TerminalUI

/// The options of `camera`.
public struct CameraOptions: Hashable, Sendable {
    /// `--device`, as given; nil: the first capturing /dev/video*.
    public var device: [UInt8]?
    /// `--list`: print the cameras and exit.
    public var list = false
    /// `--export`: where the photo is saved; nil: the XDG pictures folder.
    public var export: RawPath?
    /// `--jpeg-quality`, 0–1.
    public var jpegQuality = 0.8
    /// `-0`, `--format`, `-o`, and the display options, as pick mode reads them.
    public var output = PickOptions()

    /// The defaults.
    public init() {}

    /// The camera's options out of the ones shared with pick mode.
    init(_ camera: CameraOptions, shared: PickOptions) {
        self = camera
        export = shared.export
        jpegQuality = shared.jpegQuality
        output = shared
        // The photo is saved by the camera, not copied again by the output.
        output.export = nil
    }
}
