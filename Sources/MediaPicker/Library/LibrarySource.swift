import MediaDecoding
import Platform

/// Where a library's candidates come from.
public enum LibrarySource: Sendable, Hashable {
    /// The files of a folder (descended into when the scan is recursive).
    case folder(RawPath)
    /// One file, taken as it is (a folder given here is scanned as a folder).
    case file(RawPath)
}
