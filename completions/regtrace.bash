# bash completion for regtrace(1)                                  -*- shell-script -*-
#
# Completes commands, options, option values (directories, files, branches, tags) and, for
# RANGE, the tag names of the repository (of -C DIR when given), also after BASE.. in the
# BASE..TIP form.  Installed as $(PREFIX)/share/bash-completion/completions/regtrace; works
# without the bash-completion package too (source this file).  Every command and option that
# `regtrace --help` prints must appear here (tests/docs/check-docs.sh checks it).

# git, in the directory given by -C DIR on the command line (set by _regtrace).
_regtrace_git()
{
    local dir=${_regtrace_dir-}
    if [[ -n $dir ]]; then
        [[ $dir == "~" || $dir == "~/"* ]] && dir=$HOME${dir#\~}
        git -C "$dir" "$@" 2>/dev/null
    else
        git "$@" 2>/dev/null
    fi
}

# COMPREPLY from a word list ($1) for the word being completed ($2), with a prefix ($3).
_regtrace_words()
{
    local IFS=$'\n'
    COMPREPLY=($(compgen -P "${3-}" -W "$1" -- "$2"))
}

# A RANGE: a tag (BASE, or TIP after BASE..), or a branch on the TIP side.
_regtrace_range()
{
    local cur=$1 tags
    tags=$(_regtrace_git tag)
    if [[ $cur == *..* ]]; then
        _regtrace_words "$tags"$'\n'"$(_regtrace_git for-each-ref --format='%(refname:short)' refs/heads)" \
            "${cur#*..}" "${cur%%..*}.."
    else
        _regtrace_words "$tags" "$cur"
    fi
}

_regtrace()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    local commands="stats fixes timeline sagas unfixed regressions explain report export series affected help version"
    # Colour and pager, before the command or after one with text output.
    local term="--color --color=always --color=never --color=auto --no-color -P --no-pager"
    local global_opts="-C --no-replace-objects $term -h --help -V --version"
    # Options every counting command takes: project patterns, inference, quiet, help.
    local common="--series-pattern --upstream-pattern --fixes-pattern --project --mainline --no-infer
        -q --quiet -h --help"
    local i w cmd= npos=0 _regtrace_dir=

    # The -C DIR before the command, the command, and how many RANGE-like words follow it.
    for ((i = 1; i < COMP_CWORD; i++)); do
        w=${COMP_WORDS[i]}
        if [[ -z $cmd ]]; then
            case $w in
            -C) ((i++)); _regtrace_dir=${COMP_WORDS[i]-} ;;
            -C?*) _regtrace_dir=${w#-C} ;;
            -*) ;;
            *) cmd=$w ;;
            esac
        else
            case $w in
            -o | --output | --sqlite | --commit-url | --introduced-until | --mainline | --by | \
                --series-pattern | --upstream-pattern | --fixes-pattern | --project | --at-age) ((i++)) ;;
            -*) ;;
            *) ((npos++)) ;;
            esac
        fi
    done

    # The value of an option.
    case $prev in
    -C)
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -d -- "$cur")
        return ;;
    -o | --output | --sqlite)
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return ;;
    --mainline)
        _regtrace_words "$(_regtrace_git for-each-ref --format='%(refname:short)' refs/heads refs/remotes)" "$cur"
        return ;;
    --introduced-until)
        _regtrace_words "$(_regtrace_git tag)" "$cur"
        return ;;
    --by)
        _regtrace_words $'channel\npath\npath:1\npath:2\npath:3' "$cur"
        return ;;
    --project)
        _regtrace_words $'linux\ndpdk\nsystemd\novs\novn\nxen\nfrr\nqemu\ngit\ngnome' "$cur"
        return ;;
    --series-pattern | --upstream-pattern | --fixes-pattern | --commit-url | --at-age)
        COMPREPLY=()
        return ;;
    esac

    if [[ -z $cmd ]]; then
        if [[ $cur == -* ]]; then
            _regtrace_words "${global_opts// /$'\n'}" "$cur"
        else
            _regtrace_words "${commands// /$'\n'}" "$cur"
        fi
        return
    fi

    local opts=
    case $cmd in
    stats) opts="--json --csv --introduced-until --by --at-age --projected $term $common" ;;
    fixes) opts="--json --csv --oneline --visible --kind --mentions $term $common" ;;
    timeline | unfixed | regressions) opts="--json --csv $term $common" ;;
    sagas) opts="--json --csv $term $common" ;;
    explain) opts="--json $term $common" ;;
    series) opts="--json --series-pattern --project -q --quiet -h --help $term" ;;
    report) opts="-o --output --commit-url --by $common" ;;
    export) opts="--sqlite --by $common" ;;
    affected) opts="--json --csv --dyad --stdin --vulnerable --why $term $common" ;;
    help | version) opts="-h --help" ;;
    *) return ;;
    esac
    if [[ $cur == -* ]]; then
        _regtrace_words "$(printf '%s\n' $opts)" "$cur"
        return
    fi
    case $cmd in
    help) ((npos == 0)) && _regtrace_words "${commands// /$'\n'}" "$cur" ;;
    version | series | affected) ;;
    explain)
        if ((npos == 0)); then   # COMMIT: a tag or a branch (or an id typed by hand)
            _regtrace_words "$(_regtrace_git for-each-ref --format='%(refname:short)' refs/tags refs/heads)" "$cur"
        else
            _regtrace_range "$cur"
        fi ;;
    *) _regtrace_range "$cur" ;;
    esac
}

complete -F _regtrace regtrace
