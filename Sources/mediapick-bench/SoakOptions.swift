#if canImport(Glibc)
import Glibc
#endif
/// `mediapick-bench soak` options.
struct SoakOptions {
    /// How long the keys run.
    var duration: Duration = .seconds(30 * 60)
    /// The folder to make.
    var folder = SoakFolder.Request()
    /// Where the folder is made (default: the bench's fixture directory).
    var root: String?
    /// The keys' seed.
    var seed: UInt64 = 1
    /// Keys per second (a held key repeats at about 20–30).
    var keysPerSecond = 20
    /// Sends every frame whole, as before frames went out in parts (to compare the two).
    var wholeFrames = false
    /// How fast the terminal reads what the picker writes, in KB/s (nil: as fast as it can),
    /// as over an SSH link; the parent's reader keeps to it.
    var terminalKBps: Int?
    /// A file to which each key over 16 ms is appended with its CLOCK_MONOTONIC times (due, read,
    /// done), to line it up with a trace such as `perf record -k CLOCK_MONOTONIC`.
    var slowKeyLog: String?
    /// How often RSS and the counters are recorded.
    var sampleInterval: Duration = .seconds(60)
    /// Set in the child that runs on the pseudo-terminal: the folder made by the parent.
    var childFolder: String?
    /// Set in the child: where vanishing files wait.
    var childAway: String?

    static let usage = """
        mediapick-bench soak [--minutes M | --seconds S] [--files N] [--distinct D] [--picture-size WxH]
                             [--seed N] [--keys-per-second K] [--sample-seconds S] [--root DIR]
                             [--whole-frames] [--terminal-kbps K] [--slow-key-log FILE]
        """

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ name: String) throws -> String {
            guard let v = rest.popFirst() else { throw BenchError("soak: \(name) needs a value\n\(Self.usage)") }
            return v
        }
        func number(_ name: String) throws -> Int {
            let text = try value(name)
            guard let n = Int(text), n > 0 else { throw BenchError("soak: \(name) \(text): not a positive number") }
            return n
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--minutes": duration = .seconds(try number(argument) * 60)
            case "--seconds": duration = .seconds(try number(argument))
            case "--files": folder.count = try number(argument)
            case "--distinct": folder.distinct = try number(argument)
            case "--picture-size":
                let parts = try value(argument).split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, parts.allSatisfy({ $0 > 0 }) else { throw BenchError("soak: --picture-size WxH") }
                folder.width = parts[0]
                folder.height = parts[1]
            case "--seed": seed = UInt64(try number(argument))
            case "--keys-per-second": keysPerSecond = try number(argument)
            case "--whole-frames": wholeFrames = true
            case "--terminal-kbps": terminalKBps = try number(argument)
            case "--slow-key-log":
                let path = try value(argument)
                guard let file = fopen(path, "a") else {
                    throw BenchError("soak: --slow-key-log \(path): \(String(cString: strerror(errno)))")
                }
                fclose(file)
                slowKeyLog = path
            case "--sample-seconds": sampleInterval = .seconds(try number(argument))
            case "--root": root = try value(argument)
            case "--child-folder": childFolder = try value(argument)
            case "--child-away": childAway = try value(argument)
            default: throw BenchError("soak: unknown argument \(argument)\n\(Self.usage)")
            }
        }
    }

    /// The arguments that give these options to the child.
    var childArguments: [String] {
        ["--seconds", "\(duration.components.seconds)", "--files", "\(folder.count)", "--distinct", "\(folder.distinct)",
         "--picture-size", "\(folder.width)x\(folder.height)", "--seed", "\(seed)", "--keys-per-second", "\(keysPerSecond)",
         "--sample-seconds", "\(sampleInterval.components.seconds)"] + (wholeFrames ? ["--whole-frames"] : [])
            + (slowKeyLog.map { ["--slow-key-log", $0] } ?? [])
    }
}
