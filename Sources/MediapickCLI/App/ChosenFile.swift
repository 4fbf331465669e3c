import MediaPicker

/// One entry of the main screen's list: a picked file, numbered in the order it was added
/// (the same file may be picked twice and is then listed twice).
public struct ChosenFile: Hashable, Sendable, Identifiable {
    /// The order it was added in; its identity on screen.
    public let id: Int
    /// What the picker returned.
    public let result: PickerResult
}

extension Array where Element == ChosenFile {
    /// `results` appended, numbered after the existing entries.
    mutating func append(results: [PickerResult]) {
        let first = (map(\.id).max() ?? -1) + 1
        append(contentsOf: results.enumerated().map { ChosenFile(id: first + $0.offset, result: $0.element) })
    }
}
