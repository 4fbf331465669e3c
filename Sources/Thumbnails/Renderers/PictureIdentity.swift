import Platform

/// Numbers pictures for the whole process: a backend takes equal identities for the same
/// picture (and re-uses what it sent the terminal for it), so two makers of pictures — one
/// pipeline per picker presentation, the app's shelf — must never hand out the same number.
public enum PictureIdentity {
    private static let last = Locked(0)

    /// A number no picture of this process has had.
    public static func next() -> Int { last.withLock { $0 += 1; return $0 } }

    /// `thumbnail` with a new identity when it is a picture; cell art as it is.
    public static func numbered(_ thumbnail: RenderedThumbnail) -> RenderedThumbnail {
        guard case .graphics(var picture) = thumbnail else { return thumbnail }
        picture.identity = next()
        return .graphics(picture)
    }
}
