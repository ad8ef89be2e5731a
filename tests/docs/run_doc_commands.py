#!/usr/bin/env python3
"""Runs every shell command that README.md and docs/*.md show, against the built programs.

Usage: run_doc_commands.py --source-dir SRC --bin-dir BUILD/app [--list] [FILE.md ...]

Every ```sh, ```bash and ```console block is read; in a console block only the lines after a
"$ " prompt are commands. A block whose fence follows the line
    <!-- docs-test: skip (REASON) -->
is not run (the reason is printed). The others run in order, each file's in one temporary folder
(so that a command can read the file an earlier one wrote), with BIN_DIR first on PATH and
QT_QPA_PLATFORM=offscreen. A size 2^N above 2^16 becomes 2^(N-12) (at least 2^6), and a `tune`
that does not narrow its search gets --local-sizes 64,256 --unrolls 1, so that the docs can show
what a GPU needs and the test stays fast on a CPU.

The test fails when a command exits non-zero, when a reducelab-cli, reducelab-render or
reducelab command in any block (skipped ones too) names an option its --help does not list, or
when the README's classroom example (trace --variant interleaved --compare contiguous) does not
report different divergent warp-round counts for the two variants."""
import argparse
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

SHELL_LANGUAGES = {"sh", "bash", "console", "shell"}
SKIP_MARKER = re.compile(r"<!--\s*docs-test:\s*skip\s*\((.+)\)\s*-->")
PROGRAMS = ("reducelab-cli", "reducelab-render", "reducelab")
COMMAND_TIMEOUT_S = 120


class Block:
    def __init__(self, path, line, language, skip_reason, lines):
        self.path, self.line, self.language = path, line, language
        self.skip_reason, self.lines = skip_reason, lines

    def commands(self):
        """The block's command lines (continuations joined), with the line each starts on."""
        out, pending, start = [], "", None
        for offset, text in enumerate(self.lines):
            if not pending:
                if self.language == "console":
                    if not text.startswith("$ "):
                        continue
                    text = text[2:]
                if not text.strip() or text.lstrip().startswith("#"):
                    continue
                start = self.line + 1 + offset
            if text.rstrip().endswith("\\"):
                pending += text.rstrip()[:-1] + " "
                continue
            out.append((start, pending + text))
            pending = ""
        if pending:
            out.append((start, pending))
        return out


def read_blocks(path):
    blocks, lines = [], open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        fence = re.match(r"^```(\S*)\s*$", lines[i])
        if not fence:
            i += 1
            continue
        language, start = fence.group(1), i
        previous = next((lines[k] for k in range(i - 1, -1, -1) if lines[k].strip()), "")
        marker = SKIP_MARKER.search(previous)
        body = []
        i += 1
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        i += 1
        if language in SHELL_LANGUAGES:
            blocks.append(Block(path, start + 1, language, marker.group(1) if marker else None,
                                body))
    return blocks


def small_sizes(command):
    """2^N above 2^16 -> 2^(N-12), at least 2^6: the same command, seconds on a CPU."""
    def shrink(m):
        n = int(m.group(1))
        return "2^%d" % max(6, n - 12) if n > 16 else m.group(0)
    command = re.sub(r"2\^(\d+)", shrink, command)
    # A full tune builds a program per candidate: minutes on a CPU. Search two local sizes.
    if re.search(r"\breducelab-cli\b.*\stune\b", command) and "--local-sizes" not in command:
        command = re.sub(r"(\stune)\b", r"\1 --local-sizes 64,256 --unrolls 1", command, count=1)
    return command


class Options:
    """The options each program (and each reducelab-cli command) lists in its --help."""

    def __init__(self, env):
        self.env, self.cache = env, {}

    def listed(self, program, command=None):
        key = (program, command)
        if key not in self.cache:
            argv = [program] + ([command] if command else []) + ["--help"]
            done = subprocess.run(argv, env=self.env, capture_output=True, text=True, timeout=60)
            if done.returncode != 0:
                raise RuntimeError("%s exited %d" % (" ".join(argv), done.returncode))
            self.cache[key] = set(re.findall(r"(?<![\w-])(--[A-Za-z][\w-]*)", done.stdout))
        return self.cache[key]

    def cli_commands(self):
        text = subprocess.run(["reducelab-cli", "--help"], env=self.env, capture_output=True,
                              text=True, timeout=60).stdout
        section = re.split(r"^subcommands:", text, flags=re.M | re.I)[-1]
        return set(re.findall(r"^\s{2}([a-z][\w-]*)\s", section, re.M))


def unknown_options(command, options):
    """(program, option) pairs that the command names and the program does not list."""
    try:
        words = shlex.split(command, comments=True)
    except ValueError:
        return [("shell", "cannot split: " + command)]
    wrong = []
    for at, word in enumerate(words):
        program = os.path.basename(word)
        if program not in PROGRAMS:
            continue
        rest = []
        for w in words[at + 1:]:
            if w in ("|", "||", "&&", ";", ">", ">>", "<", "2>", "&"):
                break
            rest.append(w)
        sub = None
        if program == "reducelab-cli":
            known = options.cli_commands()
            sub = next((w for w in rest if w in known), None)
        allowed = options.listed(program) | (options.listed(program, sub) if sub else set())
        for w in rest:
            if w.startswith("--"):
                name = w.split("=", 1)[0]
                if name not in allowed:
                    wrong.append((program + (" " + sub if sub else ""), name))
    return wrong


def divergent_counts(output):
    return [int(n) for n in re.findall(r"^totals: (\d+) divergent warp-round", output, re.M)]


def check_classroom_claim(readme, env, workdir):
    """The README's flagship example must show its claim on the device it runs on."""
    for block in read_blocks(readme):
        for line, command in block.commands():
            if ("reducelab-cli trace" in command and "--compare" in command
                    and "--export" not in command and "--json" not in command):
                done = subprocess.run(["bash", "-c", small_sizes(command)], cwd=workdir, env=env,
                                      capture_output=True, text=True, timeout=COMMAND_TIMEOUT_S)
                counts = divergent_counts(done.stdout)
                where = "%s:%d" % (os.path.basename(readme), line)
                if done.returncode != 0 or len(counts) != 2:
                    return ["%s: `%s` exited %d with %d totals lines (two expected)\n%s" % (
                        where, command, done.returncode, len(counts), done.stderr[-2000:])]
                print("claim %s: divergent warp-rounds %d against %d" % (where, *counts))
                if counts[0] == counts[1]:
                    return ["%s: `%s` reports %d divergent warp-rounds for both variants: the "
                            "example does not show what it claims" % (where, command, counts[0])]
                return []
    return ["%s: no `reducelab-cli trace ... --compare ...` example found" % readme]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--bin-dir", required=True)
    parser.add_argument("--list", action="store_true", help="list the commands, run nothing")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    source = os.path.abspath(args.source_dir)
    readme = os.path.join(source, "README.md")
    files = args.files or [readme] + sorted(glob.glob(os.path.join(source, "docs", "*.md")))
    env = dict(os.environ)
    env["PATH"] = os.path.abspath(args.bin_dir) + os.pathsep + env.get("PATH", "")
    env["QT_QPA_PLATFORM"] = "offscreen"
    options = Options(env)
    if not args.list:
        for program in PROGRAMS:
            if not os.access(os.path.join(args.bin_dir, program), os.X_OK):
                print("error: %s is not in %s: build it first" % (program, args.bin_dir),
                      file=sys.stderr)
                return 1
    failures, ran, skipped = [], 0, 0
    for path in files:
        name = os.path.relpath(path, source)
        with tempfile.TemporaryDirectory(prefix="reducelab-docs-") as workdir:
            for block in read_blocks(path):
                commands = block.commands()
                for line, command in commands if not args.list else []:
                    for program, option in unknown_options(command, options):
                        failures.append("%s:%d: %s has no option %s: `%s`" % (
                            name, line, program, option, command))
                if block.skip_reason:
                    skipped += 1
                    print("skip %s:%d (%s)" % (name, block.line, block.skip_reason))
                    continue
                for line, command in commands:
                    run = small_sizes(command)
                    if args.list:
                        print("%s:%d: %s" % (name, line, run))
                        continue
                    started = time.monotonic()
                    try:
                        done = subprocess.run(["bash", "-o", "pipefail", "-c", run], cwd=workdir,
                                              env=env, capture_output=True, text=True,
                                              timeout=COMMAND_TIMEOUT_S)
                        code = done.returncode
                    except subprocess.TimeoutExpired as e:
                        done, code = e, "timeout"
                    ran += 1
                    print("%s %s:%d (%.1f s): %s" % ("ok  " if code == 0 else "FAIL", name, line,
                                                      time.monotonic() - started, run))
                    if code != 0:
                        stderr = done.stderr or ""
                        if isinstance(stderr, bytes):
                            stderr = stderr.decode(errors="replace")
                        failures.append("%s:%d: `%s` exited %s\n%s" % (
                            name, line, run, code, stderr[-2000:]))
    if not args.list:
        with tempfile.TemporaryDirectory(prefix="reducelab-docs-") as workdir:
            failures += check_classroom_claim(readme, env, workdir)
    print("%d commands run, %d blocks skipped, %d failures" % (ran, skipped, len(failures)))
    for f in failures:
        print("error: " + f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
