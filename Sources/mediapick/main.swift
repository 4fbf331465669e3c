#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import MediapickCLI
import Platform
import TerminalUI

// The arguments as the exact bytes of argv: CommandLine.arguments would replace bytes that
// are not UTF-8, and a path given on the command line must reach the file system unchanged.
let rawArguments: [[UInt8]] = (0..<Int(CommandLine.argc)).dropFirst().map { index in
    guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
    return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
}

// Names are shown in ASCII (each other byte as \xHH), and `--symbols auto` draws ASCII, when
// the locale is not UTF-8: curses cannot draw the rest there, nor would a terminal reading
// that codeset (SafeText.Charset). Decided here, once, by the C library (a UTF-8 locale that
// is named but not installed is the C locale, as to curses, less and ls), and read from here.
SafeText.screenCharset = LocaleCodeset.isUTF8() ? .unicode : .ascii

// Decoders hold whole files for a moment; their memory goes back to the system when freed.
ProcessMemory.giveLargeBlocksBack()

// The only place the process exits: everything below returns a status. `thumb`, `--help`
// and `--version` finish synchronously (no concurrency runtime to start: an fzf preview
// runs `thumb` on every keystroke); the interactive modes run on the main actor, whose
// queue `dispatchMain` serves.
switch Command.start(rawArguments: rawArguments) {
case .finished(let status):
    Subprocess.endRunning()
    exit(status)
case .interactive(let invocation):
    // The decode workers are not waited for; a helper one of them started must not outlive us.
    Task { @MainActor in
        let status = await Command.run(invocation)
        Subprocess.endRunning()
        exit(status)
    }
    dispatchMain()
}
