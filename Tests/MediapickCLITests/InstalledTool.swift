import Foundation
import XCTest

/// A program of the system (a shell, groff) run by the documentation and completion tests.
enum InstalledTool {
    struct Ran { let out: String; let err: String; let status: Int32 }

    /// Runs `tool` (looked up in PATH; the test is skipped when it is missing) in `folder`, with
    /// `environment` added; `timeout` only stops a program that never answers, it measures nothing.
    static func run(_ tool: String, _ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> Ran {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else { throw XCTSkip("\(tool) is not installed (apt-get install \(tool))") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["120", path] + arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // Standard error into a file, so that only one pipe is read and neither can fill.
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("mediapick-tool-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: errFile.path, contents: nil) else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: errFile.path]) }
        defer { try? FileManager.default.removeItem(at: errFile) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outBytes = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errBytes = try Data(contentsOf: errFile)
        return Ran(out: String(decoding: outBytes, as: UTF8.self), err: String(decoding: errBytes, as: UTF8.self),
                   status: process.terminationStatus)
    }
}
