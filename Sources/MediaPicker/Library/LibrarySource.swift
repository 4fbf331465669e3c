import MediaDecoding
import Platform

/// Where a library's candidates come from.
public enum LibrarySource: Sendable, Hashable {
    /// The files of a folder (descended into when the scan is recursive).
    case folder(RawPath)
    /// One file, taken as it is (a folder given here is scanned as a folder).
    case file(RawPath)
    /// The folder the program runs in, when no folder was named: scanned as `.folder(".")`,
    /// but its files are handed out by their path relative to it (`x.jpg`, `sub/y.jpg`), as
    /// fzf's walker and `git ls-files` name them; `MediaLibrary.resultPath(for:)`.
    case workingFolder
}
