import Foundation
import Platform

/// A new empty folder under the system's temporary folder, removed with everything in it when
/// released: a test's scratch space on a real file system.
final class ScratchFolder {
    /// The folder.
    let path: RawPath

    /// Makes `PREFIX-UUID`.
    init(_ prefix: String) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = RawPath(url.path)
    }

    deinit { try? FileManager.default.removeItem(atPath: path.string) }
}
