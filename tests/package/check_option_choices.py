#!/usr/bin/env python3
"""Help text, man page and bash completion against each other, option by option.

Every option whose values are a closed set (operation, type, fill, timing method, split, scope,
...) completes to those values, not to file names; each completed value is named in the
option's --help text; and the man page holds each option's whole description, cut nowhere.
  check_option_choices.py REDUCELAB_CLI COMPLETION_FILE MAN_COMMANDS_H2M
"""
import os
import re
import subprocess
import sys
import tempfile

cli, completion, man_include = sys.argv[1:4]
failures = []

# Options whose values are listed by a command of their own ('variants', 'presets', 'devices').
LISTED_ELSEWHERE = {"--variant", "--variants", "--compare", "--preset", "--device"}
# Options that take one of a closed set of values wherever they appear.
CLOSED = {"--op", "--ops", "--type", "--types", "--fill", "--finish", "--acc", "--layout",
          "--layouts", "--timing", "--result-path", "--split", "--scope", "--suite"}


def run(*args):
    return subprocess.run([cli, *args], capture_output=True, text=True, check=True).stdout


def help_entries(text, section="Options"):
    """(names, description) of each entry of a --help section, continuation lines joined."""
    entries, inside = [], False
    for line in text.splitlines():
        if re.match(r"^[A-Za-z].*:$", line):
            inside = line == section + ":"
        elif inside and re.match(r"^  [^ ]", line):
            name, _, description = line[2:].partition("  ")
            entries.append([name.strip(), description.strip()])
        elif inside and re.match(r"^   +[^ ]", line) and entries:
            more = line.strip()
            entries[-1][1] = (entries[-1][1] + " " + more).strip()
    return entries


def completed(command, option):
    """What bash completion offers after `reducelab-cli COMMAND OPTION ` in an empty folder."""
    with tempfile.TemporaryDirectory() as empty:
        script = (f'source "{completion}"; COMP_WORDS=(reducelab-cli {command} {option} ""); '
                  'COMP_CWORD=3; _reducelab_cli; printf "%s\\n" "${COMPREPLY[@]}"')
        out = subprocess.run(["bash", "-c", script], cwd=empty, capture_output=True, text=True,
                             check=True).stdout
    return [word for word in out.splitlines() if word]


def man_text():
    with open(man_include, encoding="utf-8") as f:
        text = f.read()
    return text.replace("\\-", "-").replace("\\e", "\\").replace("\\&", "")


man = man_text()
commands = [name.split()[0] for name, _ in help_entries(run("--help"), "Subcommands")]
if not commands:
    failures.append("no commands in --help")
checked = 0
for command in commands:
    for names, description in help_entries(run(command, "--help")):
        longs = re.findall(r"--[a-z0-9-]+", names)
        if not longs or longs[0] in ("--help", "--help-all"):
            continue
        option = longs[0]
        if description and description not in man:
            failures.append(f"{command} {option}: the man page does not hold its whole help text "
                            f"({description!r})")
        values = completed(command, option)
        if option in CLOSED and not values:
            failures.append(f"{command} {option}: completes file names, not its values")
        if not values or option in LISTED_ELSEWHERE:
            continue
        checked += 1
        for value in values:
            if not re.search(r"(?<![\w-])" + re.escape(value) + r"(?![\w-])", description):
                failures.append(f"{command} {option}: completion offers '{value}', which its "
                                f"help does not name ({description!r})")
if checked < 10:
    failures.append(f"only {checked} options with values were found: is the completion empty?")
for failure in failures:
    print("check_option_choices: FAIL:", failure, file=sys.stderr)
print(f"check_option_choices: {checked} options with values compared across help, man page and "
      f"completion; {len(failures)} failures")
sys.exit(1 if failures else 0)
