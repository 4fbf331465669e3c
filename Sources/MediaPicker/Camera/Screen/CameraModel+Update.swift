import TerminalUI

extension CameraModel {
    /// Applies `message`; returns whether it was used and what the controller must do.
    mutating func update(_ message: CameraMessage) -> (handled: Bool, effects: [CameraEffect]) {
        switch message {
        case .region(let region):
            self.region = region
            return (true, [])
        case .frame(let frame):
            guard phase == .preview || phase == .review else { return (false, []) }
            // A frame that looks like the one shown still replaces it: the shutter takes the newest.
            let samePicture = frame.previewNumber != nil && frame.previewNumber == live?.previewNumber
            // No preview is rendered while the still is reviewed: the frame keeps the last
            // picture drawn, which Retake shows until the next frame is rendered.
            if frame.preview == nil, let shown = live, shown.preview != nil {
                live = CameraFrame(full: frame.full, preview: shown.preview, cells: shown.cells, previewNumber: shown.previewNumber)
            } else {
                live = frame
            }
            // In review nothing on screen changes, nor in the preview for the same picture: no redraw.
            return (phase == .preview && !samePicture, [])
        case .streamEnded(let error):
            switch phase {
            case .preview:
                phase = .failed(error)
                return (true, [.fail(error)])
            case .review:
                // The still is kept: Use Photo saves it; Retake, with no stream to go back
                // to, is dimmed and the focus leaves it.
                streamEnded = error
                reviewFocus = .usePhoto
                return (true, [])
            case .failed, .finished:
                return (false, [])
            }
        case .stillDrawn(let picture):
            guard phase == .review else { return (false, []) }
            stillPicture = picture
            return (true, [])
        case .saveFailed(let error):
            phase = .failed(error)
            return (true, [.fail(error)])
        case .key(let key):
            return press(key)
        case .mouse(let mouse):
            return click(mouse)
        }
    }

    /// A left click on a review button presses it, whichever has the focus; the buttons were
    /// drawn like the picker's and the app's, which take clicks, and ignored them.
    private mutating func click(_ mouse: MouseEvent) -> (handled: Bool, effects: [CameraEffect]) {
        guard case .press(.left) = mouse.kind, phase == .review, let region,
              let frames = CameraView.buttonFrames(in: region) else { return (false, []) }
        if frames.retake.contains(mouse.position) { return retake() }
        if frames.usePhoto.contains(mouse.position) { return usePhoto() }
        return (false, [])
    }

    private mutating func press(_ key: Key) -> (handled: Bool, effects: [CameraEffect]) {
        // Below the rows that show the picture only Esc works, as in the picker: Space and
        // Enter would take and save a photo nobody saw.
        if let region, region.height < Self.minimumRows, key != .escape { return (false, []) }
        switch (phase, key) {
        case (.preview, .character(" ")), (.preview, .enter):
            guard let live else { return (true, []) }
            phase = .review
            reviewFocus = .usePhoto
            still = live
            stillPicture = nil
            return (true, [.drawStill(live.full)])
        case (.preview, .escape), (.review, .escape):
            phase = .finished
            return (true, [.cancel])
        case (.review, .character("r")), (.review, .character("R")):
            return retake()
        // Tab moves between the buttons as on the app's main screen; with two of them every
        // direction is the other one.
        case (.review, .tab), (.review, .backTab), (.review, .left), (.review, .right):
            // With the stream ended, Use Photo is the only button that works.
            guard streamEnded == nil else { return (true, []) }
            reviewFocus = reviewFocus == .usePhoto ? .retake : .usePhoto
            return (true, [])
        case (.review, .enter):
            return reviewFocus == .usePhoto ? usePhoto() : retake()
        default:
            return (false, [])
        }
    }

    /// Back to the live preview. Not once the stream has ended meanwhile (a lavfi source with
    /// a duration, a camera unplugged): there is no preview to go back to, and Retake used to
    /// end the camera with the stream's error (exit 2), throwing away the still that Use
    /// Photo could still save; it now does nothing, dimmed, the key line saying why.
    private mutating func retake() -> (handled: Bool, effects: [CameraEffect]) {
        guard streamEnded == nil else { return (true, []) }
        still = nil
        stillPicture = nil
        phase = .preview
        return (true, [])
    }

    /// Saves the still and finishes.
    private mutating func usePhoto() -> (handled: Bool, effects: [CameraEffect]) {
        guard let still else { return (true, []) }
        phase = .finished
        return (true, [.save(still.full)])
    }
}
