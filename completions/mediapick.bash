# bash completion for mediapick                                    -*- shell-script -*-
# Installed by `make install` into share/bash-completion/completions/mediapick.

# Files (or folders with -d), through bash-completion's _filedir when it is loaded.
_mediapick_files() {
    if declare -F _filedir >/dev/null; then
        _filedir "$@"
    else
        local IFS=$'\n'
        COMPREPLY+=($(compgen $([[ $1 == -d ]] && echo -d || echo -f) -- "$cur"))
    fi
}

_mediapick() {
    local cur prev words cword split=false
    if declare -F _init_completion >/dev/null; then
        # -s: `--sort=na` is read as the option --sort and the value na.
        _init_completion -s || return
    else
        cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
        words=("${COMP_WORDS[@]}") cword=$COMP_CWORD
        # COMP_WORDBREAKS holds `=`: `--sort=na` comes as `--sort` `=` `na`, and `--sort=`
        # as `--sort` `=`; the value is completed after the `=`, as for `--sort na`.
        if [[ $cur == = && $prev == --* ]]; then
            cur= split=true
        elif [[ $prev == = && $cword -ge 2 && ${words[cword-2]} == --* ]]; then
            prev=${words[cword-2]} split=true
        fi
    fi

    local subcommand=pick
    case "${words[1]}" in pick|app|demo|thumb|camera) subcommand=${words[1]} ;; esac

    case "$prev" in
        -l|--limit) COMPREPLY=($(compgen -W '0 1 2 3 5 10' -- "$cur")); return ;;
        -f|--filter) COMPREPLY=($(compgen -W 'images videos all' -- "$cur")); return ;;
        --sort) COMPREPLY=($(compgen -W 'date name size input' -- "$cur")); return ;;
        --format) COMPREPLY=($(compgen -W 'lines json' -- "$cur")); return ;;
        --symbols) COMPREPLY=($(compgen -W 'ascii blocks quadrants sextants braille auto' -- "$cur")); return ;;
        --colors) COMPREPLY=($(compgen -W 'none 16 256 truecolor auto' -- "$cur")); return ;;
        --graphics) COMPREPLY=($(compgen -W 'auto kitty sixel iterm2 symbols' -- "$cur")); return ;;
        --cell-size) COMPREPLY=($(compgen -W '8x16 10x20 12x24' -- "$cur")); return ;;
        --fit) COMPREPLY=($(compgen -W 'fit fill stretch' -- "$cur")); return ;;
        --jpeg-quality) COMPREPLY=($(compgen -W '0.6 0.7 0.8 0.9 1' -- "$cur")); return ;;
        --tile|--size) COMPREPLY=($(compgen -W '8x4 12x6 16x8 20x10 40x20' -- "$cur")); return ;;
        -q|--query) return ;;
        --export) _mediapick_files -d; return ;;
        --device) COMPREPLY=($(compgen -W "$(compgen -G '/dev/video*') lavfi:testsrc2" -- "$cur")); return ;;
        -o|--output|--preselect) _mediapick_files; return ;;
    esac
    # A flag given a value (`--multi=`): nothing to offer.
    $split && return

    if [[ "$cur" == -* ]]; then
        # What each subcommand accepts (the parser refuses the rest with exit 2).
        local options
        if [[ $subcommand == thumb ]]; then
            options='--size --fit --symbols --colors --graphics --cell-size --no-cache
                --help --version -h -V'
        elif [[ $subcommand == camera ]]; then
            options='--device --list --print0 --format --output --export --jpeg-quality
                --symbols --colors --no-cache --help --version -0 -o -h -V'
        else
            options='--recursive --hidden --read0 --limit --multi --filter --preselect --query
                --sort --reverse --print0 --format --output --export --jpeg-quality
                --symbols --colors --graphics --cell-size --tile --no-cache --help --version
                -r -l -m -f -q -0 -o -h -V'
        fi
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi

    if [[ $cword -eq 1 ]]; then
        COMPREPLY=($(compgen -W 'app demo thumb camera' -- "$cur"))
    fi
    [[ $subcommand == demo || $subcommand == camera ]] && return
    _mediapick_files
} &&
    complete -F _mediapick mediapick
