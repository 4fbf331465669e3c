import Foundation
import MediapickCLI

// The arguments as the exact bytes of argv: CommandLine.arguments would replace bytes that
// are not UTF-8, and a path given on the command line must reach the file system unchanged.
let rawArguments: [[UInt8]] = (1..<Int(CommandLine.argc)).map { index in
    guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
    return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
}

// The only place the process exits: everything below returns a status.
exit(await Command.run(rawArguments: rawArguments))
