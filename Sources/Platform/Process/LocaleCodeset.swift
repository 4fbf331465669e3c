#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The character set of the locale the environment names.
public enum LocaleCodeset {
    /// True when the locale that `setlocale(LC_ALL, "")` would select (`LC_ALL`, `LC_CTYPE`,
    /// `LANG`) has the codeset UTF-8: what curses' wide-character path encodes to once
    /// `CursesTerminal` has selected it. Asked of the C library, without changing the
    /// process's locale: a UTF-8 locale that is not installed is the C locale here too. The
    /// one answer to "is the screen UTF-8" (`mediapick`'s main, once), for names and symbols.
    public static func isUTF8() -> Bool {
        guard let locale = newlocale(LC_CTYPE_MASK, "", nil) else { return false }
        defer { freelocale(locale) }
        guard let codeset = nl_langinfo_l(nl_item(CODESET), locale) else { return false }
        let name = String(cString: codeset).lowercased()
        return name == "utf-8" || name == "utf8"
    }
}
