import MediaDecoding

/// How the picker behaves: what it shows and how much may be picked (PHPickerConfiguration's analog).
public struct PickerConfiguration: Sendable {
    /// At most this many entries may be selected; 0 means no limit. Default 1.
    public var selectionLimit: Int = 1

    /// Creates the default configuration.
    public init() {}
}
