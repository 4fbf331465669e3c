import Foundation
import MediapickCLI

// The only place the process exits: everything below returns a status.
exit(await Command.run(arguments: Array(CommandLine.arguments.dropFirst())))
