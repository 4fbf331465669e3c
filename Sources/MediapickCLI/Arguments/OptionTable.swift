import CellArt
import MediaDecoding
import MediaPicker
import TerminalUI
import Platform

/// One command-line option: its names, whether it takes a value, where it applies, its help
/// line, and what it does to the options being built. `--help`, the parser and the
/// consistency tests of the man page and completions all read this one table.
struct OptionSpec: Sendable {
    /// Where an option may be used.
    struct Scope: OptionSet, Hashable, Sendable {
        let rawValue: Int
        /// Pick mode, `app` and `demo`.
        static let pick = Scope(rawValue: 1)
        /// `thumb`.
        static let thumb = Scope(rawValue: 2)
        /// `camera`.
        static let camera = Scope(rawValue: 4)
        static let all: Scope = [.pick, .thumb, .camera]
    }

    /// The section of `--help` an option is listed in.
    enum Group: String, CaseIterable, Sendable {
        case candidates = "Candidates"
        case selection = "Selection"
        case output = "Output"
        case display = "Display"
        case thumb = "Thumb (mediapick thumb)"
        case camera = "Camera (mediapick camera)"
        case general = "General"
    }

    /// The option's effect, given its value (empty for flags).
    typealias Apply = @Sendable (inout ParsedOptions, OptionValue) throws(UsageError) -> Void

    let short: Character?
    let long: String
    /// The value's name in help (`N`, `PATH`), or nil for a flag.
    let valueName: String?
    let scope: Scope
    let group: Group
    /// What it does, for `--help`; a `\n` is where the description's next line starts there.
    let help: String
    let apply: Apply

    /// `-l, --limit N` as shown in help.
    var synopsis: String {
        let names = (short.map { "-\($0), " } ?? "    ") + "--" + long
        return valueName.map { names + " " + $0 } ?? names
    }
}

/// An option's value as given: exact bytes (paths keep them), and the text when needed.
struct OptionValue: Sendable {
    /// The option's long name, for messages.
    let option: String
    /// The bytes after `=` or of the next argument.
    let bytes: [UInt8]

    /// The value as text (invalid UTF-8 replaced: fine for words and numbers).
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The value as a path, bytes untouched.
    var path: RawPath { RawPath(bytes: bytes) }

    /// The value, which must be one of `choices`.
    func choice<T: RawRepresentable>(_ type: T.Type, _ choices: [String]) throws(UsageError) -> T where T.RawValue == String {
        guard let value = T(rawValue: text) else { throw invalid(expected: "one of " + choices.joined(separator: ", ")) }
        return value
    }

    /// The error for a malformed value.
    func invalid(expected: String) -> UsageError { invalid(because: "expected " + expected) }

    /// The error for a value refused for `reason` (after the option's name).
    func invalid(because reason: String) -> UsageError {
        UsageError("invalid value '\(SafeText.visible(text))' for --\(option): \(reason)")
    }
}

/// The options being built while the arguments are read.
struct ParsedOptions: Sendable {
    var pick = PickOptions()
    var thumb = ThumbOptions()
    var camera = CameraOptions()
    var help = false
    var version = false
}

extension OptionSpec {
    /// Every option, in the order `--help` lists them.
    static let all: [OptionSpec] = [
        // Candidates
        OptionSpec(short: "r", long: "recursive", valueName: nil, scope: .pick, group: .candidates,
                   help: "descend into sub-folders") { o, _ in o.pick.recursive = true },
        OptionSpec(short: nil, long: "hidden", valueName: nil, scope: .pick, group: .candidates,
                   help: "include files and folders whose names start with a dot") { o, _ in o.pick.hidden = true },
        OptionSpec(short: nil, long: "read0", valueName: nil, scope: .pick, group: .candidates,
                   help: "candidates on stdin are NUL-separated (find -print0)") { o, _ in o.pick.read0 = true },
        // Selection
        OptionSpec(short: "l", long: "limit", valueName: "N", scope: .pick, group: .selection,
                   help: "pick at most N (default \(PickerConfiguration.defaultSelectionLimit); 0 = no limit;\n"
                       + "app, demo: N in all, default 0)") { o, v throws(UsageError) in
            let digits = !v.text.isEmpty && v.text.allSatisfy { $0.isASCII && $0.isNumber }
            guard digits else { throw v.invalid(expected: "a whole number, 0 or more") }
            // Only digits: Int fails only when the number is larger than it can hold.
            guard let n = Int(v.text) else { throw v.invalid(because: "too large (at most \(Int.max); 0 = no limit)") }
            o.pick.limit = n
        },
        OptionSpec(short: "m", long: "multi", valueName: nil, scope: .pick, group: .selection,
                   help: "pick any number of entries (same as --limit 0)") { o, _ in o.pick.limit = PickerConfiguration.noSelectionLimit },
        OptionSpec(short: "f", long: "filter", valueName: "KIND", scope: .pick, group: .selection,
                   help: "show images, videos or all (default all)") { o, v throws(UsageError) in
            o.pick.filter = try v.choice(FilterChoice.self, FilterChoice.allCases.map(\.rawValue))
        },
        OptionSpec(short: nil, long: "preselect", valueName: "PATH", scope: .pick, group: .selection,
                   help: "start with PATH selected (repeatable;\na picture or video)") { o, v in o.pick.preselect.append(v.path) },
        OptionSpec(short: "q", long: "query", valueName: "TEXT", scope: .pick, group: .selection,
                   help: "start with TEXT in the filename search") { o, v in o.pick.query = v.text },
        OptionSpec(short: nil, long: "sort", valueName: "KEY", scope: .pick, group: .selection,
                   help: "by date (newest, default), name, size (largest)\nor input (as given)") { o, v throws(UsageError) in
            o.pick.sort = try v.choice(SortOrder.self, SortOrder.allCases.map(\.rawValue))
        },
        OptionSpec(short: nil, long: "reverse", valueName: nil, scope: .pick, group: .selection,
                   help: "reverse the order") { o, _ in o.pick.reverse = true },
        // Output
        OptionSpec(short: "0", long: "print0", valueName: nil, scope: [.pick, .camera], group: .output,
                   help: "end each result with NUL instead of a newline\n(xargs -0)") { o, _ in o.pick.print0 = true },
        OptionSpec(short: nil, long: "format", valueName: "FMT", scope: [.pick, .camera], group: .output,
                   help: "lines (paths, default) or json (one object per line)") { o, v throws(UsageError) in
            o.pick.format = try v.choice(OutputFormat.self, OutputFormat.allCases.map(\.rawValue))
        },
        OptionSpec(short: "o", long: "output", valueName: "FILE", scope: [.pick, .camera], group: .output,
                   help: "write the results to FILE (only when something\nwas picked; - is stdout)") { o, v throws(UsageError) in
            guard !v.bytes.isEmpty else { throw v.invalid(expected: "a file name") }
            // `-o -` is stdout, as `curl -o -` and `thumb -` read it, not a file named `-`
            // (`./-` still names one); a later `-o -` overrides an earlier `-o FILE`.
            o.pick.output = v.bytes == [UInt8(ascii: "-")] ? nil : v.path
        },
        OptionSpec(short: nil, long: "export", valueName: "DIR", scope: [.pick, .camera], group: .output,
                   help: "copy the picks into DIR (images as new JPEGs)\nand print the copies") { o, v throws(UsageError) in
            guard !v.bytes.isEmpty else { throw v.invalid(expected: "a folder") }
            o.pick.export = v.path
        },
        OptionSpec(short: nil, long: "jpeg-quality", valueName: "Q", scope: [.pick, .camera], group: .output,
                   help: "JPEG quality for --export, 0 to 1 (default 0.8)") { o, v throws(UsageError) in
            guard let q = Double(v.text), q.isFinite, (0...1).contains(q) else {
                throw v.invalid(expected: "a number from 0 to 1")
            }
            o.pick.jpegQuality = q
        },
        // Display
        OptionSpec(short: nil, long: "symbols", valueName: "SET", scope: .all, group: .display,
                   help: "ascii, blocks, quadrants, sextants, braille\nor auto (default)") { o, v throws(UsageError) in
            guard let choice = SymbolChoice(argument: v.text) else {
                throw v.invalid(expected: "one of " + SymbolChoice.names.joined(separator: ", "))
            }
            o.pick.symbols = choice
            o.thumb.symbols = choice
        },
        OptionSpec(short: nil, long: "colors", valueName: "DEPTH", scope: .all, group: .display,
                   help: "none, 16, 256, truecolor or auto\n(default; NO_COLOR means none)") { o, v throws(UsageError) in
            guard let choice = ColorChoice(argument: v.text) else {
                throw v.invalid(expected: "one of " + ColorChoice.names.joined(separator: ", "))
            }
            o.pick.colors = choice
            o.thumb.colors = choice
        },
        OptionSpec(short: nil, long: "graphics", valueName: "PROTO", scope: [.pick, .thumb], group: .display,
                   help: "kitty, sixel, iterm2, symbols or auto\n(default; MEDIAPICK_GRAPHICS)") { o, v throws(UsageError) in
            guard let choice = GraphicsChoice(argument: v.text) else {
                throw v.invalid(expected: "one of " + GraphicsChoice.names.joined(separator: ", "))
            }
            o.pick.graphics = choice
            o.thumb.graphics = choice
        },
        OptionSpec(short: nil, long: "cell-size", valueName: "WxH", scope: [.pick, .thumb], group: .display,
                   help: "pixels per cell where the terminal cannot say\n(default 10x20)") { o, v throws(UsageError) in
            guard let size = CellSize(argument: v.text) else { throw v.invalid(expected: CellSize.expected(unit: " in pixels", example: "10x20")) }
            o.pick.cellPixelSize = Size(width: size.columns, height: size.rows)
            o.thumb.cellPixelSize = Size(width: size.columns, height: size.rows)
        },
        OptionSpec(short: nil, long: "tile", valueName: "WxH", scope: .pick, group: .display,
                   help: "thumbnail size in cells, at least \(CellSize.minimumTile)\n(default: chosen from the screen)") { o, v throws(UsageError) in
            // Below the smallest tile the grid would draw another size than the one asked for:
            // refused, as --size and --cell-size refuse what is out of their range.
            guard let size = CellSize(argument: v.text), size.columns >= CellSize.minimumTile.columns,
                  size.rows >= CellSize.minimumTile.rows else {
                throw v.invalid(expected: "WxH, at least \(CellSize.minimumTile), each at most \(CellSize.bounds.upperBound), e.g. 16x8")
            }
            o.pick.tile = size
        },
        OptionSpec(short: nil, long: "no-cache", valueName: nil, scope: .all, group: .display,
                   help: "do not read or write the thumbnail cache\n(~/.cache/thumbnails)") { o, _ in
            o.pick.diskCache = false
            o.thumb.diskCache = false
        },
        // Thumb
        OptionSpec(short: nil, long: "size", valueName: "WxH", scope: .thumb, group: .thumb,
                   help: "the most cells per picture;\nW or xH alone keeps its shape") { o, v throws(UsageError) in
            guard let parsed = ThumbSize.parse(v.text) else { throw v.invalid(expected: ThumbSize.expected) }
            o.thumb.size = parsed.size
            o.thumb.sizeKeepsShape = parsed.keepsShape
        },
        OptionSpec(short: nil, long: "fit", valueName: "MODE", scope: .thumb, group: .thumb,
                   help: "fit (the whole picture, at most WxH; default),\nfill (crop) or stretch") { o, v throws(UsageError) in
            o.thumb.fit = try v.choice(FitMode.self, FitMode.allCases.map(\.rawValue))
        },
        // Camera
        OptionSpec(short: nil, long: "device", valueName: "SPEC", scope: .camera, group: .camera,
                   help: "/dev/videoN, lavfi:GRAPH or an ffmpeg URL\n(default: the first camera)") { o, v throws(UsageError) in
            guard !v.bytes.isEmpty else { throw v.invalid(expected: "a device, lavfi:GRAPH or a URL") }
            o.camera.device = v.bytes
        },
        OptionSpec(short: nil, long: "list", valueName: nil, scope: .camera, group: .camera,
                   help: "list the cameras (/dev/video* that capture) and exit") { o, _ in o.camera.list = true },
        // General
        OptionSpec(short: "h", long: "help", valueName: nil, scope: .all, group: .general,
                   help: "show this help and exit") { o, _ in o.help = true },
        OptionSpec(short: "V", long: "version", valueName: nil, scope: .all, group: .general,
                   help: "show the version and exit") { o, _ in o.version = true },
    ]

    /// The option with this long name.
    static func named(_ long: String) -> OptionSpec? { all.first { $0.long == long } }

    /// The option with this short letter.
    static func short(_ letter: Character) -> OptionSpec? { all.first { $0.short == letter } }
}
