#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MediaDecoding
import TerminalUI
import Platform
import Thumbnails

/// The words shown about an entry (status line and preview): safe name, size, bytes, date.
enum EntryDetails {
    /// The file name with control characters made visible.
    static func safeName(_ entry: MediaEntry) -> String { entry.name.visible }

    /// The path below the library's folder (or as given) with control characters made
    /// visible: what the info line and the preview name, so that `x/photo.jpg` and
    /// `y/photo.jpg` can be told apart.
    static func safePath(_ entry: MediaEntry) -> String { entry.relativePath.visible }

    /// `2.1 MB`, decimal units as file managers show them.
    static func bytes(_ count: Int64) -> String {
        if count < 1000 { return "\(count) B" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(count) / 1000
        var unit = 0
        while value >= 999.95 && unit < units.count - 1 { value /= 1000; unit += 1 }
        return (value < 9.95 ? NumberText.fixed(value, places: 1) : String(Int(value.rounded()))) + " " + units[unit]
    }

    /// `2026-01-02 13:04` in local time.
    static func date(_ time: FileTime) -> String {
        var seconds = time_t(time.seconds)
        var parts = tm()
        localtime_r(&seconds, &parts)
        let two = { (n: Int32) in NumberText.padded(Int(n), 2) }
        return "\(NumberText.padded(Int(parts.tm_year) + 1900, 4))-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min))"
    }

    /// `4000×3000`, or nil when not known.
    static func pixels(_ entry: MediaEntry, glyphs: ChromeGlyphs = .unicode) -> String? {
        guard let w = entry.pixelWidth, let h = entry.pixelHeight else { return nil }
        return "\(w)\(glyphs.times)\(h)"
    }

    /// The facts after the name: kind/duration, pixel size, bytes, date.
    static func facts(_ entry: MediaEntry, glyphs: ChromeGlyphs = .unicode) -> [String] {
        var parts: [String] = []
        switch entry.status {
        case .unreadable(let code): parts.append("cannot read: " + SystemError.reason(code))
        case .pending: parts.append(glyphs.ellipsis)
        case .media(let format):
            if format.kind == .video { parts.append(glyphs.play + " " + (entry.duration.map(DurationText.format) ?? "video")) }
            parts.append(format.rawValue.uppercased())
        }
        if let pixels = pixels(entry, glyphs: glyphs) { parts.append(pixels) }
        parts.append(bytes(entry.byteSize))
        parts.append(date(entry.modificationTime))
        return parts
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
