import MediaDecoding

/// Which kinds of media the picker offers (PHPickerFilter's analog).
public indirect enum PickerFilter: Sendable, Hashable {
    /// Still images.
    case images
    /// Videos.
    case videos
    /// Any of the given filters.
    case any(of: [PickerFilter])

    /// True when an entry of `kind` passes.
    public func matches(_ kind: MediaKind) -> Bool {
        switch self {
        case .images: return kind == .image
        case .videos: return kind == .video
        case .any(let filters): return filters.contains { $0.matches(kind) }
        }
    }
}

extension Optional where Wrapped == PickerFilter {
    /// True when `kind` passes (nil passes everything).
    func admits(_ kind: MediaKind) -> Bool { self?.matches(kind) ?? true }
}
