#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Platform

/// The file a cache entry is written into before it is renamed into place:
/// `.<entry>.<pid>.<nonce>.tmp` beside it. A run killed in between (SIGKILL, a crash) leaves
/// it behind, empty or half-written, and nothing else would ever remove it; so now and then a
/// write sweeps its folder of the stale ones (`removeStale(in:now:)`).
struct CacheTemporaryFile: Hashable, Sendable {
    /// The process that wrote it.
    let pid: Int32

    /// How old a temporary file of a process that is gone must be before it is removed: a
    /// write holds its file for milliseconds, and a process of another PID namespace sharing
    /// the cache (a container) looks gone from here while it writes.
    static let orphanAge: Int64 = 60
    /// How old any temporary file must be to be removed, its process alive or not: a PID is
    /// reused, and a writer stopped for a day only loses its rename (the entry is written again).
    static let abandonedAge: Int64 = 24 * 60 * 60

    /// The temporary name for the entry named `entry`.
    static func name(for entry: String, pid: Int32, nonce: UInt32) -> String { ".\(entry).\(pid).\(nonce).tmp" }

    /// The temporary file `name` is, or nil when the name is not of that shape.
    init?(name: String) {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropFirst().dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, !parts.dropLast(2).joined().isEmpty,
              UInt32(parts[parts.count - 1]) != nil, let pid = Int32(parts[parts.count - 2]), pid > 0
        else { return nil }
        self.pid = pid
    }

    /// Whether a temporary file `age` seconds old is left over: never one its live writer may
    /// still rename (see `orphanAge`, `abandonedAge`).
    static func isStale(age: Int64, writerIsAlive: Bool) -> Bool {
        age > abandonedAge || (!writerIsAlive && age > orphanAge)
    }

    /// Removes the stale temporary files directly in `folder` (`now` in seconds since the
    /// epoch); what cannot be listed or removed is left as it is.
    static func removeStale(in folder: RawPath, now: Int64) {
        guard let directory = folder.withCString({ opendir($0) }) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let temporary = CacheTemporaryFile(name: name) else { continue }
            let path = folder.appending(name)
            guard case .success(let st) = FileStat.of(path), st.isRegular,
                  isStale(age: now - st.modificationTime.seconds, writerIsAlive: temporary.writerIsAlive)
            else { continue }
            _ = path.withCString { unlink($0) }
        }
    }

    /// False only when no process has the writer's PID here (ESRCH); another user's is alive.
    private var writerIsAlive: Bool { kill(pid, 0) == 0 || errno != ESRCH }
}
