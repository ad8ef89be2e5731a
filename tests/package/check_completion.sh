#!/usr/bin/env bash
# The generated bash completion against the CLI it came from: commands, options and values
# (variants, presets, operations) complete as the program itself lists them.
#   check_completion.sh REDUCELAB_CLI COMPLETION_FILE
set -euo pipefail
cli="$1"
source "$2"
failures=0

complete_line() {  # the words of a command line, the last one being completed
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    _reducelab_cli
    printf '%s\n' "${COMPREPLY[@]}" | sort
}
expect() {  # what description, then the expected and the completed lists
    if [ "$2" = "$3" ]; then
        echo "check_completion: ok: $1"
    else
        echo "check_completion: FAIL: $1: expected [$(echo $2)], got [$(echo $3)]" >&2
        failures=$((failures + 1))
    fi
}
json_names() {  # the names in `reducelab-cli $1 --json`, under key $1
    "$cli" "$1" --json | python3 -c "import json, sys; print('\n'.join(sorted(x['name'] for x in json.load(sys.stdin)['$1'])))"
}

commands="$("$cli" --help | awk '/^Subcommands:/ {on = 1; next} on && NF {print $1}' | sort)"
[ -n "$commands" ] || { echo "check_completion: FAIL: no commands in --help" >&2; exit 1; }
expect "commands" "$commands" "$(complete_line reducelab-cli "")"
expect "variants" "$(json_names variants)" "$(OCL_ICD_VENDORS=/nonexistent complete_line reducelab-cli run --variant "")"
expect "presets" "$(json_names presets)" "$(complete_line reducelab-cli run --preset "")"
expect "variants after a global option" "$(json_names variants | grep '^con')" \
    "$(complete_line reducelab-cli --device cpu trace --variant con)"
expect "comma lists" "$(json_names variants | grep '^in' | sed 's/^/contiguous,/')" \
    "$(complete_line reducelab-cli bench --variants contiguous,in)"
expect "run's options" "--preset" "$(complete_line reducelab-cli run --pre)"
expect "operations" "$(printf '%s\n' max mean min)" "$(complete_line reducelab-cli run --op m)"
# Every option in run --help completes.
for option in $("$cli" run --help | grep -o -- '--[a-z0-9-]*' | sort -u); do
    complete_line reducelab-cli run "$option" | grep -qx -- "$option" ||
        { echo "check_completion: FAIL: run $option does not complete" >&2; failures=$((failures + 1)); }
done
# The command is hidden from --help, and other shells are refused with the usage exit code.
"$cli" --help | grep -qw completion &&
    { echo "check_completion: FAIL: --help lists completion" >&2; failures=$((failures + 1)); }
status=0
"$cli" completion zsh >/dev/null 2>&1 || status=$?
[ "$status" -eq 2 ] ||
    { echo "check_completion: FAIL: completion zsh: exit $status, not 2" >&2; failures=$((failures + 1)); }
[ "$failures" -eq 0 ] || exit 1
