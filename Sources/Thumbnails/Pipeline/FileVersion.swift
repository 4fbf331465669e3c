import MediaDecoding
import Platform

/// One version of one file: its path, modification time and size. Pixels decoded from it
/// stay valid while all three match.
public struct FileVersion: Hashable, Sendable {
    /// The file.
    public var path: RawPath
    /// Its modification time.
    public var modificationTime: FileTime
    /// Its size in bytes.
    public var byteSize: Int64

    /// Creates a version.
    public init(path: RawPath, modificationTime: FileTime, byteSize: Int64) {
        self.path = path
        self.modificationTime = modificationTime
        self.byteSize = byteSize
    }
}
