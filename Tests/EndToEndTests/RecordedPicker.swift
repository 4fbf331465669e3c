import Foundation

/// The real binary in tmux under `script -e`, which records everything it writes to the
/// terminal, on a folder of `count` pictures named p00.ppm, p01.ppm… (sorted by name, no cache).
/// For tests of the bytes a terminal receives, which tmux's screen does not show (pictures,
/// scroll regions, cursor switches).
struct RecordedPicker {
    let tmux: TmuxSession
    let files: MediapickFixtures
    let run: TmuxSession.RunningCommand
    private let log: String

    /// Starts `mediapick ARGUMENTS` on the folder, its stdout thrown away.
    init(pictures count: Int, arguments: String) throws {
        let binary = try Products.path("mediapick")
        files = try MediapickFixtures()
        for index in 0..<count { try files.picture(Self.name(index), rgb: (UInt8(index * 10 % 250), 80, 40)) }
        tmux = try TmuxSession(width: 100, height: 30)
        log = tmux.directory.appendingPathComponent("terminal.log").path
        let command = "\(MediapickFixtures.quoted(binary)) \(arguments) --sort name --no-cache \(MediapickFixtures.quoted(files.directory)) > /dev/null"
        run = try tmux.run("script -q -e -f \(MediapickFixtures.quoted(log)) -c \(MediapickFixtures.quoted(command))")
    }

    /// The name of picture `index`.
    static func name(_ index: Int) -> String { String(format: "p%02d.ppm", index) }

    /// What the program wrote to the terminal so far.
    func recording() throws -> String { String(decoding: try MediapickFixtures.read(log), as: UTF8.self) }
}
