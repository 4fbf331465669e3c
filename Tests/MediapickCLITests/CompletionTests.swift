import Foundation
@testable import MediapickCLI
import XCTest

/// The shell completions, run in bash, zsh and fish: each subcommand is offered the options the
/// parser accepts for it (`OptionSpec.scope`) and no other (those exit 2), and values are
/// completed where the exploratory tester found none.
final class CompletionTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The subcommand words and the scope the parser reads them as ("" is pick mode).
    private let subcommands: [(word: String, scope: OptionSpec.Scope)] =
        [("", .pick), ("app", .pick), ("demo", .pick), ("thumb", .thumb), ("camera", .camera)]

    /// The long options the parser accepts in `scope`, as `--name`.
    private func accepted(in scope: OptionSpec.Scope) -> [String] {
        OptionSpec.all.filter { !$0.scope.isDisjoint(with: scope) }.map { "--" + $0.long }.sorted()
    }

    private func run(_ tool: String, _ arguments: [String]) throws -> InstalledTool.Ran {
        try InstalledTool.run(tool, arguments, in: root)
    }

    private func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    // MARK: bash

    /// The candidates bash's `_mediapick` gives for `words` (the last is the word completed), as
    /// bash splits them: `--sort=` is `--sort` `=`. Plain bash, without bash-completion.
    private func bash(_ words: [String]) throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = """
            source completions/mediapick.bash
            COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
            _mediapick
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let ran = try run("bash", ["--norc", "--noprofile", "-c", script])
        XCTAssertEqual(ran.err, "", "bash \(words)")
        return lines(ran.out)
    }

    /// bash offered `--graphics` and `--cell-size` after `camera`, which refuses them.
    func testBashOffersEachSubcommandWhatItAccepts() throws {
        for (word, scope) in subcommands {
            let words = ["mediapick"] + (word.isEmpty ? [] : [word]) + ["--"]
            XCTAssertEqual(try bash(words).sorted(), accepted(in: scope), "bash: \(words.joined(separator: " "))")
        }
    }

    /// `--sort=<Tab>` completed nothing: COMP_WORDBREAKS splits the word at `=`.
    func testBashCompletesValuesAfterTheEqualsSign() throws {
        XCTAssertEqual(try bash(["mediapick", "--sort", "="]), ["date", "name", "size", "input"])
        XCTAssertEqual(try bash(["mediapick", "--sort", "=", "n"]), ["name"])
        XCTAssertEqual(try bash(["mediapick", "--format", "="]), ["lines", "json"])
        XCTAssertEqual(try bash(["mediapick", "camera", "--format", "=", "j"]), ["json"])
        XCTAssertEqual(try bash(["mediapick", "thumb", "--fit", "=", "f"]), ["fit", "fill"])
        XCTAssertEqual(try bash(["mediapick", "--sort", "n"]), ["name"])
        XCTAssertTrue(try bash(["mediapick", "camera", "--device", "="]).contains("lavfi:testsrc2"))
    }

    // MARK: fish

    /// The candidates of `complete -C LINE` in fish, its first column, after sourcing the file;
    /// fish's stderr must be empty.
    private func fish(_ line: String) throws -> [String] {
        let quoted = "'" + line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        let ran = try run("fish", ["--no-config", "-c", "source completions/mediapick.fish; complete -C \(quoted)"])
        XCTAssertEqual(ran.err, "", "fish: \(line)")
        return lines(ran.out).map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) }
    }

    /// fish offered every pick option after `camera` (all refused with exit 2).
    func testFishOffersEachSubcommandWhatItAccepts() throws {
        for (word, scope) in subcommands {
            let line = "mediapick " + (word.isEmpty ? "" : word + " ") + "--"
            XCTAssertEqual(try fish(line).sorted(), accepted(in: scope), "fish: \(line)")
        }
    }

    /// `camera --device <Tab>` printed "fish: No matches for wildcard '/dev/video*'" where there
    /// is no camera, and never offered the test pattern.
    func testFishOffersTheTestPatternWithoutAnError() throws {
        XCTAssertTrue(try fish("mediapick camera --device ").contains("lavfi:testsrc2"))
        XCTAssertTrue(try fish("mediapick camera --device=").contains("--device=lavfi:testsrc2"))
    }

    // MARK: zsh

    /// The candidates zsh's completion system offers for LINE (Tab at its end), with the
    /// completions folder first in fpath: an interactive `zsh -f` on a pseudo-terminal (zpty),
    /// compadd wrapped to print what it is given (each after a marker, on a line of its own),
    /// and an end marker printed when the completion is over.
    private func zsh(_ line: String) throws -> [String] {
        let script = #"""
            zmodload zsh/zpty || exit 3
            zpty z zsh -f -i
            zpty -w z "fpath=(${(q)1} \$fpath); PROMPT=; autoload -U compinit; compinit -u -D"
            zpty -w z 'bindkey "^I" complete-word; zstyle ":completion:*" insert-tab false'
            zpty -w z 'compadd() { local -a __h; builtin compadd -O __h "$@"; (( $#__h )) && print -rl -- "" "<${:-m}>"${^__h}; builtin compadd "$@"; }'
            zpty -w z 'comppostfuncs=(__done); __done() { print -r -- "<${:-end}>"; exit }'
            zpty -n -w z "$2"$'\t'
            local out
            zpty -r z out '*<end>*'
            print -rl -- ${${(M)${(f)out//$'\r'/}:#<m>*}#<m>}
            """#
        let ran = try run("zsh", ["-f", "-c", script, "zsh", root.appendingPathComponent("completions").path, line])
        XCTAssertEqual(ran.status, 0, "zsh: \(line): \(ran.err)")
        return Array(Set(lines(ran.out)))
    }

    /// zsh completed nothing after `demo` and `camera` (the subcommand's word matched no
    /// argument of `_arguments`), and offered `--graphics` and `--cell-size` after `camera`.
    func testZshOffersEachSubcommandWhatItAccepts() throws {
        for (word, scope) in subcommands {
            let line = "mediapick " + (word.isEmpty ? "" : word + " ") + "--"
            XCTAssertEqual(try zsh(line).sorted(), accepted(in: scope), "zsh: \(line)")
        }
        XCTAssertEqual(try zsh("mediapick camera --dev"), ["--device"])
        XCTAssertEqual(try zsh("mediapick demo --col"), ["--colors"])
        XCTAssertTrue(try zsh("mediapick camera --device ").contains("lavfi:testsrc2"))
        XCTAssertEqual(try zsh("mediapick thumb --fit ").sorted(), ["fill", "fit", "stretch"])
    }
}
