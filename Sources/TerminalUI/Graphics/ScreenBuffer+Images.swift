extension ScreenBuffer {
    /// Places `image` with its top-left cell at `origin`: its cells are cleared, and the
    /// picture is drawn over them by the backend. A picture that does not fit inside
    /// `clip` (and the buffer) whole is not placed: pixels cannot be clipped to cells.
    /// Returns whether it was placed.
    @discardableResult
    public mutating func place(_ image: TerminalImage, at origin: Point, clip: Rect? = nil) -> Bool {
        let placed = PlacedImage(origin: origin, image: image)
        let area = (clip ?? bounds).intersection(bounds)
        guard !placed.frame.isEmpty, placed.frame.intersection(area) == placed.frame else { return false }
        fill(placed.frame)
        images.removeAll { $0.frame.intersects(placed.frame) }
        images.append(placed)
        return true
    }

    /// Takes away every picture (a sheet presented over the screen covers them: pictures
    /// cannot be dimmed).
    public mutating func removeImages() { images.removeAll() }

    /// Takes away the pictures that overlap `rect` (something is drawn over them).
    public mutating func removeImages(overlapping rect: Rect) {
        images.removeAll { $0.frame.intersects(rect) }
    }
}
