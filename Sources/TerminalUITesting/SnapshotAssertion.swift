import Foundation
import TerminalUI
import XCTest

/// Compares a screen with a golden text file stored next to the test, in
/// `__Snapshots__/<TestFile>/<name>.txt`.
///
/// A missing golden is recorded and the assertion fails (so a new snapshot is looked at
/// once); with `SNAPSHOT_RECORD=1` in the environment every golden is re-recorded, and the
/// assertion fails too, saying so. A mismatch fails with both versions and the first
/// differing line.
public func assertSnapshot(
    _ buffer: ScreenBuffer, named name: String, includeStyles: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
) {
    let actual = includeStyles ? buffer.text + "\n" + StyleLayer.render(buffer) : buffer.text + "\n"
    let golden = SnapshotLocation.golden(named: name, testFile: "\(file)")
    let record = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"].map { $0 != "" && $0 != "0" } ?? false
    let existing = try? String(contentsOf: golden, encoding: .utf8)
    if record || existing == nil {
        do {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: golden, atomically: true, encoding: .utf8)
            let why = record ? "SNAPSHOT_RECORD is set" : "there was no golden"
            XCTFail("Recorded snapshot \(golden.path) because \(why); check it and run again without SNAPSHOT_RECORD.",
                    file: file, line: line)
        } catch {
            XCTFail("Could not record snapshot \(golden.path): \(error)", file: file, line: line)
        }
        return
    }
    guard let expected = existing, expected != actual else { return }
    XCTFail(SnapshotDifference.describe(expected: expected, actual: actual, golden: golden.path), file: file, line: line)
}

/// Snapshots what a host shows after rendering any pending change.
@MainActor
public func assertSnapshot(
    _ host: ViewHost<some Sendable>, named name: String, includeStyles: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
) {
    assertSnapshot(host.render(), named: name, includeStyles: includeStyles, file: file, line: line)
}

/// Snapshots what an in-memory terminal shows.
@MainActor
public func assertSnapshot(
    _ backend: InMemoryBackend, named name: String, includeStyles: Bool = false,
    file: StaticString = #filePath, line: UInt = #line
) {
    assertSnapshot(backend.screen, named: name, includeStyles: includeStyles, file: file, line: line)
}

/// Where golden files live.
enum SnapshotLocation {
    /// `<test dir>/__Snapshots__/<test file name without .swift>/<name>.txt`.
    static func golden(named name: String, testFile: String) -> URL {
        let test = URL(fileURLWithPath: testFile)
        return test.deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__")
            .appendingPathComponent(test.deletingPathExtension().lastPathComponent)
            .appendingPathComponent(name + ".txt")
    }
}

/// Explains how a screen differs from its golden.
enum SnapshotDifference {
    static func describe(expected: String, actual: String, golden: String) -> String {
        let old = expected.components(separatedBy: "\n"), new = actual.components(separatedBy: "\n")
        let first = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        func framed(_ lines: [String]) -> String { lines.map { "|" + $0 + "|" }.joined(separator: "\n") }
        let expectedLine = first < old.count ? "|\(old[first])|" : "(none)"
        let actualLine = first < new.count ? "|\(new[first])|" : "(none)"
        return """
            Snapshot \(golden) differs, first at line \(first + 1):
              expected \(expectedLine)
              actual   \(actualLine)
            --- expected
            \(framed(old))
            +++ actual
            \(framed(new))
            (run with SNAPSHOT_RECORD=1 to accept the new screen)
            """
    }
}
