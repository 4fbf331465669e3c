#if canImport(Glibc)
import Glibc
#endif
import MediaDecoding
import MediaPicker
import Platform
import TerminalUI

/// The end of a pick: the results exported if asked, formatted, and written to stdout or
/// `-o FILE`, and the exit status. Shared by pick mode and the app.
public enum ResultEmitter {
    /// Emits `records` as `options` say; nothing picked is exit 1 and writes nothing
    /// (in particular `-o FILE` is left alone).
    ///
    /// SIGINT, SIGTERM, SIGHUP and SIGQUIT while the results are written (an export of large pictures
    /// takes a while) abandon them at the next step: the copies made so far and the
    /// temporary `-o` file are removed, nothing is printed, and the status is the signal's
    /// (130, 143, 129, 131). A signal after `-o FILE` is in place, or once stdout is being written,
    /// comes too late to take anything back.
    public static func emit(_ records: [OutputRecord], options: PickOptions) throws(CommandError) -> ExitStatus {
        guard !records.isEmpty else { return .nothingPicked }
        let signals = StopSignals()
        defer { signals.end() }
        var final = records
        var copies: Exporter.Copies?
        if let directory = options.export {
            var progress = ExportProgress.standardError()
            // Blanked on every way out, before the results or an error are printed.
            defer { progress?.clear() }
            guard let made = try Exporter(directory: directory, quality: options.jpegQuality)
                .export(records, abandon: signals.arrived, progress: { progress?.show(copying: $0, of: $1) })
            else { return signals.status ?? .error }
            final = made.records
            copies = made
        } else if options.format == .json {
            // Only JSON says it, and only of the files themselves (an export refuses them).
            final = final.map(CutPictureCheck.marked)
        }
        let bytes = { (names: NameOutput) in
            ResultFormatter.bytes(final, format: options.format, nulTerminated: options.print0, names: names)
        }
        // One way back for every failure after the export: its copies and the folders made
        // for them go (a thrown write error as much as a stop signal).
        var delivered = false
        defer { if !delivered { copies?.remove() } }
        delivered = try deliver(bytes, to: options.output, abandon: signals.arrived)
        return delivered ? .picked : signals.status ?? .error
    }

    /// Emits the picks whose files still exist, as `emit(_:options:)` does, and says which are
    /// gone: each of `vanished` (picks the picker already found gone) and of `records` whose
    /// file is missing now is one line on stderr (`mediapick: PATH: No such file or
    /// directory`), and the status is then 2, also when nothing is left to print: a pick that
    /// vanished must not look like a cancel (1) or like a smaller pick (0). A stop signal's
    /// status wins.
    public static func emit(_ records: [OutputRecord], vanished: [RawPath], options: PickOptions) throws(CommandError) -> ExitStatus {
        var missing = vanished
        var present: [OutputRecord] = []
        present.reserveCapacity(records.count)
        for record in records {
            if case .failure(let error) = FileStat.of(record.path), error.isMissing {
                missing.append(record.path)
            } else {
                present.append(record)
            }
        }
        // Said first, so that an error writing the rest does not swallow it.
        for path in missing { Diagnostics.report(SystemError(path: path.visible, code: ENOENT).description) }
        let status = try emit(present, options: options)
        guard !missing.isEmpty else { return status }
        return status == .picked || status == .nothingPicked ? .error : status
    }

    /// Writes `bytes` to `output` (`OutputSink.writeFile`), or to stdout, the names as
    /// `NameOutput` says for where they go; false (nothing written) when `abandon` says a stop
    /// signal came first.
    private static func deliver(_ bytes: (NameOutput) -> [UInt8], to output: RawPath?,
                                abandon: () -> Bool) throws(CommandError) -> Bool {
        if let output { return try OutputSink.writeFile(bytes, to: output, abandon: abandon) }
        guard !abandon() else { return false }
        try OutputSink.writeStandardOutput(bytes(NameOutput.forDescriptor(1)))
        return true
    }

    /// Refuses destinations that cannot work (`DestinationCheck`: `-o` in a missing folder,
    /// onto a folder or where we may not write, `--export` onto a file or where no folder can
    /// be made) before the picker opens, so a typo does not cost the picks.
    public static func checkDestinations(_ options: PickOptions) throws(CommandError) {
        try checkDestinations(options, with: .system)
    }

    static func checkDestinations(_ options: PickOptions, with check: DestinationCheck) throws(CommandError) {
        if let output = options.output { try check.output(output) }
        if let directory = options.export { try check.export(directory) }
    }
}

extension OutputRecord {
    /// The record of a picker result.
    public init(_ result: PickerResult) {
        self.init(path: result.path, kind: result.kind, mimeType: result.mimeType, width: result.pixelWidth,
                  height: result.pixelHeight, byteSize: result.byteSize, duration: result.duration,
                  modificationTime: result.modificationTime.seconds)
    }
}
