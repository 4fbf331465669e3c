import MediaDecoding
import TerminalUI
import Platform

/// Reads the command line, GNU style: `-l 3`, `-l3`, combined flags (`-m0`), `--limit 3`,
/// `--limit=3`, `--` to end the options; options and operands in any order. A subcommand
/// (`pick`, `app`, `demo`, `thumb`) is recognised only as the first argument, so a folder
/// with such a name is picked from as `./demo`.
public enum ArgumentParser {
    /// The subcommand names.
    public static let subcommands = ["pick", "app", "demo", "thumb", "camera"]

    /// Parses arguments given as text (tests; paths that are not UTF-8 need `parse(raw:)`).
    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        try parse(raw: arguments.map { Array($0.utf8) })
    }

    /// Parses arguments as the exact bytes of `argv` (without the program name), so that
    /// paths that are not valid UTF-8 survive.
    public static func parse(raw arguments: [[UInt8]]) throws(UsageError) -> Invocation {
        var remaining = arguments[...]
        var subcommand = "pick"
        if let first = remaining.first, let name = String(validating: first, as: UTF8.self), subcommands.contains(name) {
            subcommand = name
            remaining = remaining.dropFirst()
        }
        let scope: OptionSpec.Scope = subcommand == "thumb" ? .thumb : subcommand == "camera" ? .camera : .pick
        var options = ParsedOptions()
        var operands: [RawPath] = []
        var optionsEnded = false

        while let argument = remaining.popFirst() {
            if optionsEnded || argument.count < 2 || argument.first != UInt8(ascii: "-") {
                operands.append(RawPath(bytes: argument))
            } else if argument == Array("--".utf8) {
                optionsEnded = true
            } else if argument.starts(with: Array("--".utf8)) {
                try parseLong(Array(argument.dropFirst(2)), scope: scope, subcommand: subcommand,
                              remaining: &remaining, into: &options, argument: argument)
            } else {
                try parseShortCluster(Array(argument.dropFirst()), scope: scope, subcommand: subcommand,
                                      remaining: &remaining, into: &options, argument: argument)
            }
        }

        if options.help { return .help(subcommand == "thumb" ? .thumb : subcommand == "camera" ? .camera : .main) }
        if options.version { return .version }
        switch subcommand {
        case "thumb":
            guard !operands.isEmpty else { throw UsageError("thumb needs at least one FILE") }
            options.thumb.files = operands
            return .thumb(options.thumb)
        case "camera":
            guard operands.isEmpty else { throw UsageError("camera takes no PATH (use --export DIR for where the photo goes)") }
            return .camera(CameraOptions(options.camera, shared: options.pick))
        case "demo":
            guard operands.isEmpty else {
                throw UsageError("demo takes no PATH (it makes its own library); use 'mediapick app PATH...'")
            }
            return .demo(options.pick)
        case "app":
            try takePaths(operands, into: &options.pick)
            return .app(options.pick)
        default:
            try takePaths(operands, into: &options.pick)
            return .pick(options.pick)
        }
    }

    /// The PATH operands of pick mode and the app. `-` is the paths on stdin, as `cat`, `grep`
    /// and `sort` read it (it named a file `-`: "-: No such file or directory"), and only alone:
    /// the stdin list is a fixed list while folders are followed, and the other paths can go
    /// on stdin too. A file named `-` is `./-`.
    private static func takePaths(_ operands: [RawPath], into pick: inout PickOptions) throws(UsageError) {
        let dash = RawPath("-")
        guard operands.contains(dash) else {
            pick.paths = operands
            return
        }
        guard operands.count == 1 else {
            throw UsageError("- (the paths on stdin) goes alone, without other PATHs: put them on stdin too "
                             + "({ find DIR; cat LIST; } | mediapick -); for a file named -, write ./-")
        }
        pick.paths = []
        pick.standardInput = true
    }

    private static func parseLong(_ body: [UInt8], scope: OptionSpec.Scope, subcommand: String,
                                  remaining: inout ArraySlice<[UInt8]>, into options: inout ParsedOptions,
                                  argument: [UInt8]) throws(UsageError) {
        let equals = body.firstIndex(of: UInt8(ascii: "="))
        let name = String(decoding: body[..<(equals ?? body.endIndex)], as: UTF8.self)
        guard let spec = OptionSpec.named(name) else {
            throw UsageError("unknown option --\(SafeText.visible(name))", argument: RawPath(bytes: argument))
        }
        try check(spec, shownAs: "--\(name)", in: scope, subcommand: subcommand)
        var value: [UInt8] = []
        if spec.valueName != nil {
            if let equals {
                value = Array(body[(equals + 1)...])
            } else if let next = remaining.popFirst() {
                value = next
            } else {
                throw UsageError("option --\(name) needs a value (\(spec.valueName!))")
            }
        } else if equals != nil {
            throw UsageError("option --\(name) takes no value")
        }
        try spec.apply(&options, OptionValue(option: spec.long, bytes: value))
    }

    private static func parseShortCluster(_ letters: [UInt8], scope: OptionSpec.Scope, subcommand: String,
                                          remaining: inout ArraySlice<[UInt8]>, into options: inout ParsedOptions,
                                          argument: [UInt8]) throws(UsageError) {
        var index = 0
        while index < letters.count {
            let byte = letters[index]
            let letter = Character(Unicode.Scalar(byte))
            guard byte < 0x80, let spec = OptionSpec.short(letter) else {
                let shown = byte < 0x80 ? SafeText.visible(String(letter)) : SafeText.escape(UInt32(byte))
                throw UsageError("unknown option -\(shown)", argument: RawPath(bytes: argument))
            }
            try check(spec, shownAs: "-\(letter)", in: scope, subcommand: subcommand)
            index += 1
            guard spec.valueName != nil else {
                // `-m=3` as `--multi=3` is told: it said "unknown option -=", an option nobody wrote.
                if index < letters.count, letters[index] == UInt8(ascii: "=") {
                    throw UsageError("option -\(letter) (--\(spec.long)) takes no value", argument: RawPath(bytes: argument))
                }
                try spec.apply(&options, OptionValue(option: spec.long, bytes: []))
                continue
            }
            // The rest of the cluster is the value (`-l3`), else the next argument (`-l 3`).
            let value: [UInt8]
            if index < letters.count {
                value = Array(letters[index...])
            } else if let next = remaining.popFirst() {
                value = next
            } else {
                throw UsageError("option -\(letter) (--\(spec.long)) needs a value (\(spec.valueName!))")
            }
            try spec.apply(&options, OptionValue(option: spec.long, bytes: value))
            return
        }
    }

    private static func check(_ spec: OptionSpec, shownAs shown: String, in scope: OptionSpec.Scope,
                              subcommand: String) throws(UsageError) {
        guard !spec.scope.isDisjoint(with: scope) else {
            if scope == .thumb { throw UsageError("option \(shown) cannot be used with thumb") }
            if scope == .camera { throw UsageError("option \(shown) cannot be used with camera") }
            if spec.scope == .camera { throw UsageError("option \(shown) belongs to 'mediapick camera'") }
            throw UsageError("option \(shown) belongs to 'mediapick thumb'")
        }
    }
}
