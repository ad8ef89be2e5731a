#!/usr/bin/env python3
"""Checks a Debian copyright file (copyright-format 1.0) as the package ships it.

  check_copyright.py COPYRIGHT --project-license NAME [--covers PATH...]
  check_copyright.py --self-test

It must have the Format line of copyright-format 1.0; every Files paragraph has Files,
Copyright and License; every short name in a Files paragraph's License expression has its
text, in that paragraph (a single name) or in a stand-alone License paragraph; the paragraph
for "Files: *" (the project's own files) has the project's licence; and each PATH given with
--covers (a library the programs link) matches some Files pattern. Prints one line per
problem and exits 1 if there is any.
"""
import argparse
import fnmatch
import re
import sys

FORMAT_URL = re.compile(r"^https?://www\.debian\.org/doc/packaging-manuals/copyright-format/1\.0/?$")


def paragraphs(text):
    """The file's paragraphs as lists of (field, [first line, continuation lines...])."""
    result, current, field = [], [], None
    for line in text.splitlines():
        if not line.strip():
            if current:
                result.append(current)
            current, field = [], None
        elif line[0] in " \t":
            if field is None:
                raise ValueError(f"continuation line outside a field: {line!r}")
            field[1].append(line.strip())
        else:
            name, colon, value = line.partition(":")
            if not colon or not name or " " in name:
                raise ValueError(f"not a field: {line!r}")
            field = (name, [value.strip()])
            current.append(field)
    if current:
        result.append(current)
    return result


def short_names(expression):
    """The licence short names in "A or B", "A and B", "A, B", "A with X exception"."""
    names = []
    for part in re.split(r",|\s+or\s+|\s+and\s+", expression):
        part = re.sub(r"\s+with\s+.*\s+exception$", "", part.strip())
        if part:
            names.append(part)
    return names


def problems(text, project_license, covers=()):
    try:
        paras = [dict((k.lower(), v) for k, v in p) for p in paragraphs(text)]
    except ValueError as e:
        return [str(e)]
    if not paras:
        return ["empty file"]
    found = []
    header, rest = paras[0], paras[1:]
    if "format" not in header or not FORMAT_URL.match(header["format"][0]):
        found.append("the header has no Format: line of copyright-format 1.0")
    standalone = {}
    files = []
    for p in rest:
        if "files" in p:
            files.append(p)
        elif "license" in p:
            name = p["license"][0]
            if not any(line and line != "." for line in p["license"][1:]):
                found.append(f"stand-alone License: {name} has no text")
            standalone[name] = p
        else:
            found.append(f"a paragraph with neither Files nor License: {sorted(p)}")
    if not files:
        found.append("no Files paragraph")
    for p in files:
        patterns = " ".join(p["files"]).split()
        where = f"Files: {' '.join(patterns)}"
        for needed in ("copyright", "license"):
            if needed not in p or not p[needed][0]:
                found.append(f"{where}: no {needed.capitalize()}")
        if "license" not in p or not p["license"][0]:
            continue
        expression, inline_text = p["license"][0], p["license"][1:]
        names = short_names(expression)
        if inline_text and len(names) == 1:
            continue
        for name in names:
            if name not in standalone:
                found.append(f"{where}: License {name} has no text (no stand-alone paragraph)")
    project = [p for p in files if " ".join(p["files"]).split() == ["*"]]
    if not project:
        found.append('no "Files: *" paragraph for the project\'s own files')
    elif project[0].get("license", [""])[0] != project_license:
        found.append(f'"Files: *" is under {project[0].get("license", [""])[0]!r}, '
                     f"not {project_license}")
    patterns = [pattern for p in files for pattern in " ".join(p["files"]).split()]
    for path in covers:
        relative = path.lstrip("/")
        if not any(fnmatch.fnmatchcase(relative, pattern) for pattern in patterns if pattern != "*"):
            found.append(f"no Files paragraph names {path}")
    return found


GOOD = """Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/

Files: *
Copyright: 2026 Someone
License: GPL-3.0-or-later

Files: usr/lib/*/libfoo.so.*
Copyright: 2020 Foo
License: MIT
 Permission is hereby granted.

License: GPL-3.0-or-later
 The text.
"""


def self_test():
    cases = {
        "a good file": (GOOD, False, ()),
        "no Format line": (GOOD.replace("Format:", "Fromat:"), True, ()),
        "a name without its text": (GOOD.replace(" Permission is hereby granted.\n", ""), True, ()),
        "a stand-alone paragraph without text": (GOOD.replace(" The text.\n", ""), True, ()),
        "the project under another licence": (GOOD.replace("License: GPL-3.0-or-later\n\nFiles",
                                                           "License: MIT\n\nFiles"), True, ()),
        "an 'or' naming a licence without text": (GOOD.replace("License: MIT\n Permission",
                                                               "License: MIT or BSD-2-Clause\n Permission"), True, ()),
        "a covered library": (GOOD, False, ("/usr/lib/x86_64-linux-gnu/libfoo.so.1",)),
        "a library no paragraph names": (GOOD, True, ("/usr/lib/x86_64-linux-gnu/libbar.so.1",)),
    }
    failed = 0
    for what, (text, should_fail, covers) in cases.items():
        found = problems(text, "GPL-3.0-or-later", covers)
        if bool(found) != should_fail:
            print(f"check_copyright self-test: FAIL: {what}: {found or 'accepted'}")
            failed += 1
    print(f"check_copyright self-test: {len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("copyright", nargs="?")
    parser.add_argument("--project-license")
    parser.add_argument("--covers", nargs="*", default=[])
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    if not args.copyright or not args.project_license:
        parser.error("give COPYRIGHT and --project-license")
    with open(args.copyright, encoding="utf-8") as f:
        found = problems(f.read(), args.project_license, args.covers)
    for problem in found:
        print(f"{args.copyright}: {problem}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
