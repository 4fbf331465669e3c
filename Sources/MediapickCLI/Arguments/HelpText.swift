import TerminalUI

/// `--help` and `--version` texts, built from the option table so they cannot drift from
/// what the parser accepts.
public enum HelpText {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// What `--version` prints.
    public static var versionText: String { "mediapick \(version)\n" }

    /// The help for a topic.
    public static func text(for topic: HelpTopic) -> String {
        switch topic {
        case .main: return main
        case .thumb: return thumb
        case .camera: return camera
        }
    }

    /// The whole command's help.
    public static var main: String {
        let usage = usageRows.map { row("  " + $0.command, $0.does, column: usageColumn) }.joined()
        var out = """
            mediapick — pick images and videos in the terminal, with text-art thumbnails

            Usage:
            \(usage)
            The picker is drawn on /dev/tty; stdout carries only the results.

            """
        for group in OptionSpec.Group.allCases {
            out += "\n" + section(group, options: OptionSpec.all.filter { $0.group == group })
        }
        out += """

            Keys in the picker:
              arrows, h j k l   move            PgUp PgDn Home End g G   jump
              Ctrl-N, Ctrl-P    down, up (also while typing a search)
              Space             select          Enter       confirm (else the focused one)
              Esc, q            cancel          Tab         cycle All / Images / Videos
              /                 search names    p           preview
              Ctrl-A            select all shown (the search's matches), up to the limit
              Ctrl-R            unselect all shown (nothing filtered out: every pick)
            Search (fzf's extended syntax; all terms must match; case, accents ignored):
              beach 2024        both terms, letters in order     a | b       either term
              'beach            beach unbroken                   'beach'     at word bounds
              ^IMG              the name starts with IMG         png$        ends with png
              !thumb            leave out names holding thumb (also !^IMG, !.png$)
              beach\\ day        a space in a term                2024/       in the path
            Keys while typing the search:
              Left, Right       move the cursor   Home, End, Ctrl-E   to the query's ends
              Backspace         delete before it  Delete              delete at it
              Ctrl-W, Ctrl-U    delete the word before it, everything before it
              Up, Down          move in the grid  Enter, Esc          keep, clear the search
            Keys on the app's main screen:
              Enter, +          pick media      Up, Down    move among the chosen files
              d                 remove one      q           quit and print the chosen files
              c                 take a photo with the camera (mediapick camera)
              click, wheel      focus the file clicked; move, as Up and Down do

            Exit status:
              0 something was picked, 1 cancelled or nothing picked,
              2 error (or a thumb failed), 129 hung up (SIGHUP), 130 interrupted (Ctrl-C),
              131 quit (SIGQUIT), 141 stdout's reader went away (SIGPIPE),
              143 terminated (SIGTERM), 128+N another signal N (SIGUSR1…).

            Examples:
              mediapick ~/Pictures -m | xargs -r -d '\\n' cp -t /tmp/out
              mediapick -r -f images -l 3 -0 ~/Photos | xargs -r0 git add --
              find . -name '*.png' | mediapick -m
              sort -u list.txt | mediapick -
              mediapick --format json ~/Pictures | jq -r .mime
              mediapick --export ~/upload -m ~/DCIM
              fzf --preview 'mediapick thumb {}'

            """
        return out
    }

    /// The help of `thumb`.
    public static var thumb: String {
        var out = """
            Usage: mediapick thumb [OPTIONS] FILE ...

            Prints a text-art thumbnail of each FILE to stdout, in order (with a caption
            line when there are several). Files are decoded in parallel. A file that cannot
            be read prints one line on stderr; the others still print, and the exit status
            is 2. Without --size: $FZF_PREVIEW_COLUMNS x $FZF_PREVIEW_LINES inside fzf, else
            the terminal's size (stdout's, else stderr's or /dev/tty's: a pipe changes
            nothing), else 40x20. A FILE of - is stdin; stdin and pipes such as
            <(curl -s URL) are read into memory first (at most 1 GB).

            """
        let options = OptionSpec.all.filter { $0.scope.contains(.thumb) }
        out += "\n" + section(nil, options: options)
        out += """

            Examples:
              fzf --preview 'mediapick thumb {}'
              curl -s https://example.org/cat.jpg | mediapick thumb -

            """
        return out
    }

    /// The help of `camera`.
    public static var camera: String {
        var out = """
            Usage: mediapick camera [OPTIONS]

            Shows a camera's live picture full-screen (through ffmpeg); Space or Enter takes
            the picture, then r retakes it and Enter keeps it: the photo is saved as
            <UUID>.jpg in --export DIR (default: the XDG pictures folder, created if
            missing) and its path is printed like a pick. Esc cancels (exit 1). No camera,
            no ffmpeg, or a camera that cannot be opened: one line on stderr and exit 2,
            before the screen is taken.

            """
        let options = OptionSpec.all.filter { $0.scope.contains(.camera) && $0.long != "no-cache" && $0.long != "tile" }
        out += "\n" + section(nil, options: options)
        out += """

            Keys: Space/Enter take the picture, Esc cancel;
                  on review r retake, Enter use the photo.

            Examples:
              mediapick camera --list
              mediapick camera --device /dev/video0 --export ~/upload
              mediapick camera --device 'lavfi:testsrc2=size=1280x720:rate=30'

            """
        return out
    }

    private static func section(_ group: OptionSpec.Group?, options: [OptionSpec]) -> String {
        var out = group.map { "\($0.rawValue):\n" } ?? "Options:\n"
        for option in options {
            out += row("  " + option.synopsis, option.help, column: optionColumn)
        }
        return out
    }

    /// The widest line of any help: fzf's, gum's and git's fit an 80-column terminal.
    static let width = 80
    /// Where the options' descriptions start.
    private static let optionColumn = 26
    /// Where the commands' descriptions start in the usage lines.
    private static let usageColumn = 38

    /// The usage lines: each form of the command and what it does (a `\n` is where its
    /// description's next line starts).
    private static let usageRows: [(command: String, does: String)] = [
        ("mediapick [OPTIONS] [PATH ...]", "pick from folders and files (default: .,\nor the paths on stdin when it is not a\n"
            + "terminal; a PATH of - alone is stdin,\n./- a file named -)"),
        ("mediapick app [OPTIONS] [PATH ...]", "the main screen: pick through a sheet,\nagain and again"),
        ("mediapick demo [OPTIONS]", "the app on a generated sample library kept\nin $XDG_CACHE_HOME/mediapick/demo-library\n(~/.cache/…)"),
        ("mediapick thumb [OPTIONS] FILE ...", "print thumbnails to stdout"),
        ("mediapick camera [OPTIONS]", "take a photo with a camera (ffmpeg),\nprint its path"),
    ]

    /// `left`, then `right` from `column` on, in lines of at most `width` columns: `right`'s
    /// lines start at each `\n` in it and, where one is still too wide, at a space, and go on
    /// under its start, as git's and fzf's descriptions do. A `left` that reaches the column
    /// has `right` begin on the next line.
    static func row(_ left: String, _ right: String, column: Int) -> String {
        let indent = String(repeating: " ", count: column)
        let lines = right.split(separator: "\n").flatMap { TextFitting.wrap(String($0), to: width - column) }
        let used = DisplayWidth.of(left)
        let start = used < column ? left + String(repeating: " ", count: column - used) : left + "\n" + indent
        return start + lines.joined(separator: "\n" + indent) + "\n"
    }
}
