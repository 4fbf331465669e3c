import Platform

/// The XDG pictures folder, as `xdg-user-dir PICTURES` finds it: `$XDG_PICTURES_DIR`, else
/// the `XDG_PICTURES_DIR=` line of `user-dirs.dirs` (`$XDG_CONFIG_HOME` or `~/.config`), else
/// `~/Pictures`.
enum PicturesFolder {
    /// The folder for `environment`; nil when none can be told: no `HOME` (and no
    /// `XDG_PICTURES_DIR`, nor a `user-dirs.dirs` line that does without it). `HOME` unset
    /// used to stand for `/`, so a photo went into `/Pictures`, created there when run as root,
    /// as the thumbnail cache, for one, does not do without a home.
    static func path(environment: [String: String], readFile: (RawPath) -> [UInt8]? = { try? FileBytes.read($0) }) -> RawPath? {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        if let direct = environment["XDG_PICTURES_DIR"], !direct.isEmpty { return RawPath(direct) }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home.map { $0 + "/.config" }
        if let config, let bytes = readFile(RawPath(config).appending("user-dirs.dirs")),
           let folder = fromUserDirs(String(decoding: bytes, as: UTF8.self), home: home) {
            return RawPath(folder)
        }
        return home.map { RawPath($0).appending("Pictures") }
    }

    /// The value of `XDG_PICTURES_DIR="…"` in `text`, with `$HOME` expanded (nil when it
    /// needs a `home` there is none of).
    static func fromUserDirs(_ text: String, home: String?) -> String? {
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("XDG_PICTURES_DIR=") else { continue }
            var value = String(trimmed.dropFirst("XDG_PICTURES_DIR=".count))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            if value.hasPrefix("$HOME") {
                guard let home else { return nil }
                value = home + value.dropFirst("$HOME".count)
            }
            guard value.hasPrefix("/") else { return nil }
            return value
        }
        return nil
    }
}
