#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether this process may read a file now: the question a picker asks before it offers a
/// file for picking, since a path handed out that nothing can open is of no use.
public enum FileAccess {
    /// Nil when the file at `path` can be read by this process now, else the `errno` that
    /// says why not (`EACCES`, `ENOENT`, …). `faccessat` with `AT_EACCESS`: the effective
    /// user decides, as for the `open` a user of the path will make (plain `access` asks for
    /// the real user, which differs under `seteuid`); no file is opened, so nothing is read,
    /// and a FIFO cannot block. Root passes for any file, as its `open` would. A folder is
    /// `EISDIR`: one made under the name of a file deleted since is no file to pick.
    public static func readProblem(_ path: RawPath) -> Int32? {
        let rc = path.withCString { faccessat(AT_FDCWD, $0, R_OK, AT_EACCESS) }
        if rc != 0 { return errno }
        if case .success(let status) = FileStat.of(path), status.isDirectory { return EISDIR }
        return nil
    }
}
