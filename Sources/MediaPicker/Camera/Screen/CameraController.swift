import MediaDecoding
import Platform
import TerminalUI
import Thumbnails

/// The camera screen (UIImagePickerController with the `.camera` source): a live preview,
/// the shutter, then Retake or Use Photo. Use Photo saves a JPEG through `PhotoSaver` and
/// hands its path to the delegate; Esc hands nil.
///
/// Model → update → view, like the picker: frames, keys and the region become
/// `CameraMessage`s for `CameraModel.update`; `draw` only renders. Frames are read and
/// rendered off the main actor by `CameraCapture`; the main actor takes the newest one.
@MainActor
public final class CameraController: ViewController {
    /// Receives the photo; it dismisses the camera.
    public weak var delegate: CameraControllerDelegate?
    /// Set by the host: call to be redrawn.
    public var setNeedsDisplay: (@MainActor () -> Void)?
    /// Draws the still, and the preview through its `forLiveFrames()`: a parameter, so a graphics renderer is one argument away.
    public let renderer: AnyThumbnailRenderer
    /// Where Use Photo saves.
    public let saver: PhotoSaver

    private(set) var model: CameraModel
    private let capture: CameraCapture?
    /// Why the stream could not start, told to the delegate at the first layout (it is set after init).
    private var startFailure: CameraError?
    private var target: CameraCapture.PreviewTarget?
    /// Frames drawn (for measurements).
    public private(set) var framesShown = 0
    /// The time from a frame's arrival to its last draw (for measurements).
    public private(set) var lastFrameLatency: Duration = .zero

    /// Starts streaming `source` (already probed to `size`) through `ffmpeg`. If it cannot
    /// start, the delegate hears why at the first layout.
    public init(source: CameraSource, size: PixelSize, ffmpeg: RawPath, renderer: some ThumbnailRenderer,
                saver: PhotoSaver) {
        self.renderer = AnyThumbnailRenderer(renderer)
        self.saver = saver
        model = CameraModel(sourceName: source.description)
        let relay = FrameRelay()
        do throws(CameraError) {
            capture = try CameraCapture.start(source, size: size, ffmpeg: ffmpeg) {
                Task { @MainActor in relay.controller?.framesArrived() }
            }
        } catch {
            capture = nil
            startFailure = error
        }
        relay.controller = self
    }

    isolated deinit { capture?.stop() }

    /// The phase (for hosts and tests).
    public var isReviewing: Bool { model.phase == .review }

    /// The cells the stream's frames are rendered for, nil while none is rendered (for tests).
    var previewCells: TileSize? { capture?.previewCells }

    /// Stops the stream (the host calls it when the camera goes away; finishing does it too).
    public func stop() { capture?.stop() }

    private func framesArrived() {
        guard let capture else { return }
        let (frame, ended) = capture.take()
        var changed = false
        if let frame { changed = send(.frame(frame)) || changed }
        if let ended { changed = send(.streamEnded(ended)) || changed }
        if changed { setNeedsDisplay?() }
    }

    @discardableResult
    func send(_ message: CameraMessage) -> Bool {
        let reply = model.update(message)
        for effect in reply.effects { run(effect) }
        capture?.setPreviewTarget(model.showsLiveFrames ? target : nil)
        return reply.handled
    }

    private func run(_ effect: CameraEffect) {
        switch effect {
        case .drawStill(let still):
            guard let region = model.region else { return }
            let cells = CameraModel.pictureCells(in: region)
            let wanted = renderer.pixelSize(forImageOf: PixelSize(width: still.width, height: still.height), in: cells)
            send(.stillDrawn(renderer.render(still.reduced(width: wanted.width, height: wanted.height), in: cells)))
        case .save(let still):
            capture?.stop()
            do throws(CameraError) {
                let path = try saver.save(still.image)
                delegate?.camera(self, didFinishWith: path)
            } catch {
                send(.saveFailed(error))
            }
        case .cancel:
            capture?.stop()
            delegate?.camera(self, didFinishWith: nil)
        case .fail(let error):
            capture?.stop()
            delegate?.camera(self, didFailWith: error)
        }
    }

    // MARK: ViewController

    /// Brings the region and the preview's size up to date.
    public func layout(in region: Rect) {
        if let failure = startFailure {
            startFailure = nil
            send(.streamEnded(failure))
        }
        if model.region != region {
            send(.region(region))
            // The preview is a viewfinder: drawn the cheaper way; the still in full (`drawStill`).
            let wanted = CameraCapture.PreviewTarget(renderer: renderer.forLiveFrames(), cells: CameraModel.pictureCells(in: region))
            if target?.cells != wanted.cells {
                target = wanted
                capture?.setPreviewTarget(model.showsLiveFrames ? wanted : nil)
                if let still = model.still, model.phase == .review { run(.drawStill(still.full)) }
            }
        }
    }

    /// Draws the screen; changes nothing but the frame counters.
    public func draw(in region: Rect, of buffer: inout ScreenBuffer) {
        CameraView(model: model, region: region).draw(into: &buffer)
        if model.phase == .preview, let live = model.live, live.preview != nil {
            framesShown = live.full.index
            lastFrameLatency = live.full.arrival.duration(to: .now)
        }
    }

    /// Keys and clicks go through update; resizes and signals are the host's.
    public func handle(_ event: Event) -> Bool {
        switch event {
        case .key(let key): return send(.key(key))
        case .mouse(let mouse): return send(.mouse(mouse))
        case .resize:
            setNeedsDisplay?()
            return false
        default: return false
        }
    }
}

/// Carries frames from the reading thread to the controller, which may be gone by then.
@MainActor
private final class FrameRelay: Sendable {
    weak var controller: CameraController?
}
