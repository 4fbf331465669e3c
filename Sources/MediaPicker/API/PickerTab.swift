import MediaDecoding

/// The filter tabs above the grid.
public enum PickerTab: String, Sendable, Hashable, CaseIterable {
    /// Every entry the configuration's filter admits.
    case all
    /// Still images only.
    case images
    /// Videos only.
    case videos

    /// The label shown.
    public var title: String {
        switch self {
        case .all: return "All"
        case .images: return "Images"
        case .videos: return "Videos"
        }
    }

    /// True when an entry of `kind` (nil: not yet known or unreadable) belongs on this tab.
    public func admits(_ kind: MediaKind?) -> Bool {
        switch self {
        case .all: return true
        case .images: return kind == .image
        case .videos: return kind == .video
        }
    }

    /// The tabs that make sense under a configuration filter: all three when both kinds pass,
    /// else only the one kind's tab.
    public static func available(for filter: PickerFilter?) -> [PickerTab] {
        switch (filter.admits(.image), filter.admits(.video)) {
        case (true, true): return [.all, .images, .videos]
        case (true, false): return [.images]
        case (false, true): return [.videos]
        case (false, false): return [.all]
        }
    }
}
