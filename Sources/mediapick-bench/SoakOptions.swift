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
        var arguments = BenchArguments(arguments, command: "soak", usage: Self.usage)
        while let argument = arguments.next() {
            switch argument {
            case "--minutes": duration = .seconds(try arguments.number(of: argument) * 60)
            case "--seconds": duration = .seconds(try arguments.number(of: argument))
            case "--files": folder.count = try arguments.number(of: argument)
            case "--distinct": folder.distinct = try arguments.number(of: argument)
            case "--picture-size": (folder.width, folder.height) = try arguments.size(of: argument)
            case "--seed": seed = UInt64(try arguments.number(of: argument))
            case "--keys-per-second": keysPerSecond = try arguments.number(of: argument)
            case "--whole-frames": wholeFrames = true
            case "--terminal-kbps": terminalKBps = try arguments.number(of: argument)
            case "--slow-key-log":
                let path = try arguments.value(of: argument)
                guard let file = fopen(path, "a") else {
                    throw BenchError("soak: --slow-key-log \(path): \(String(cString: strerror(errno)))")
                }
                fclose(file)
                slowKeyLog = path
            case "--sample-seconds": sampleInterval = .seconds(try arguments.number(of: argument))
            case "--root": root = try arguments.value(of: argument)
            case "--child-folder": childFolder = try arguments.value(of: argument)
            case "--child-away": childAway = try arguments.value(of: argument)
            default: throw arguments.unknown(argument)
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
