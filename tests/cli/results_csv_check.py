#!/usr/bin/env python3
"""The results CSV against its JSON, point by point, as an analyst loads it.

Runs `reducelab-cli bench` with three timing methods and an argmax (plus a sum, which has no
index), writing JSON and CSV; then once more with a small measured ceiling. Each CSV is loaded
with Python's csv module and with numpy.genfromtxt, and every row must match its JSON point:
every scalar of the point has a column holding the same value, the timing methods are told apart,
argmax rows carry their index, and what was not measured (no ceiling) is empty, never 0.
`--out -` and `--csv -` put the files on standard output. Exit 77 (skipped) without numpy.
"""
import argparse
import csv
import io
import json
import math
import os
import subprocess
import sys
import tempfile

try:
    import numpy
except ImportError:
    print("numpy is not installed (apt install python3-numpy): skipped")
    sys.exit(77)

FAILURES = []
REQUIRED = ["timing_method", "median_us", "p10_us", "p90_us", "runs", "value", "index", "cold",
            "result_path", "served_from_cache", "gbps", "percent_of_copy_ceiling",
            "percent_of_read_ceiling", "verification_rule"]


def check(condition, message):
    if not condition:
        FAILURES.append(message)


def bench(cli, args, cwd, stdout=False):
    run = subprocess.run([cli, "bench", "--suite", "sizes", "--variants", "contiguous",
                          "--types", "float32", "--sizes", "2^12", "--repeat", "3",
                          "--warmup", "1"] + args, capture_output=True, text=True, check=False, cwd=cwd)
    if run.returncode != 0:
        sys.exit("bench %s failed (exit %d): %s" % (args, run.returncode, run.stderr))
    return run.stdout if stdout else None


def expected_cell(point, header):
    """The JSON scalar a column must hold, found by its name, independently of the writer."""
    if header in ("index", "reference_index"):  # argmin/argmax only
        return point.get(header)
    if header in ("value", "reference") and point[header] is None:
        return point[header + "_text"]  # NaN or infinite: null, spelled in *_text
    if header.startswith("request_"):
        return point["request"].get(header[len("request_"):])
    if header in point and not isinstance(point[header], list):
        found = point[header]
    elif header in point["launched"]:
        found = point["launched"][header]
    elif header in point["request"]:  # op, type: what was asked is what ran
        found = point["request"][header]
    else:
        raise KeyError(header)
    return found


def same(cell, value):
    if value is None:
        return cell == ""
    if isinstance(value, bool):
        return cell == ("true" if value else "false")
    if isinstance(value, (int, float)):
        return cell != "" and float(cell) == float(value)
    if value in ("nan", "inf", "-inf"):
        parsed = float(cell)
        return math.isnan(parsed) if value == "nan" else parsed == float(value)
    return cell == value


def scalar_paths(j, at=""):
    if isinstance(j, dict):
        for key, value in j.items():
            yield from scalar_paths(value, at + "/" + key)
    elif not isinstance(j, list):
        yield at


# Where each column's JSON field sits, for the coverage check (the writer's own table is not used).
def column_path(header, point):
    if header.startswith("request_"):
        return "/request/" + header[len("request_"):]
    if header in point:
        return "/" + header
    if header in point["launched"]:
        return "/launched/" + header
    return "/request/" + header


def compare(name, json_text, csv_text, ceiling):
    results = json.loads(json_text)
    points = results["points"]
    rows = list(csv.DictReader(io.StringIO(csv_text, newline="")))
    header = next(csv.reader(io.StringIO(csv_text, newline="")))
    check(len(rows) == len(points), "%s: %d CSV rows for %d JSON points" %
          (name, len(rows), len(points)))
    derived = {"percent_of_copy_ceiling", "percent_of_read_ceiling", "served_from_cache"}
    missing = [h for h in REQUIRED if h not in header]
    if missing:
        FAILURES.append("%s: no column %s" % (name, ", ".join(missing)))
        return None, points
    for i, (row, point) in enumerate(zip(rows, points)):
        at = "%s row %d" % (name, i + 1)
        covered = {column_path(h, point) for h in header if h not in derived}
        covered |= {"/served_from_cache", "/index", "/reference_index"}
        for path in scalar_paths(point):
            check(path in covered, "%s: the JSON's %s has no column" % (at, path))
        for h in header:
            if h in derived:
                continue
            check(same(row[h], expected_cell(point, h)),
                  "%s: %s is '%s', the JSON has %r" % (at, h, row[h], expected_cell(point, h)))
        is_arg = point["request"]["op"] in ("argmin", "argmax")
        check((row["index"] != "") == is_arg, "%s: index '%s' for %s" %
              (at, row["index"], point["request"]["op"]))
        if ceiling:
            copy = results["ceiling"]["copy_gbps"]
            check(math.isclose(float(row["percent_of_copy_ceiling"]),
                               100 * point["gbps"] / copy, rel_tol=1e-12),
                  "%s: percent_of_copy_ceiling %s" % (at, row["percent_of_copy_ceiling"]))
            check(row["served_from_cache"] ==
                  ("true" if point.get("served_from_cache", False) else "false"),
                  "%s: served_from_cache '%s'" % (at, row["served_from_cache"]))
        else:
            for h in derived:
                check(row[h] == "", "%s: %s is '%s' with no ceiling measured (empty, not 0)" %
                      (at, h, row[h]))
    # The timing methods of one configuration are told apart.
    methods = {}
    for row in rows:
        methods.setdefault((row["op"], row["n"], row["local_size"]), []).append(
            row["timing_method"])
    for key, seen in methods.items():
        check(len(seen) == len(set(seen)), "%s: timing methods repeat for %s: %s" %
              (name, key, seen))
    return header, points


def load_with_numpy(name, csv_path, header, points, ceiling):
    # genfromtxt does not read quotes: it takes the columns before the free text (verification
    # rule, build options, input path), which the writer puts last.
    usecols = [h for h in header[:header.index("verification_rule")]]
    data = numpy.genfromtxt(csv_path, delimiter=",", names=True, dtype=None, encoding="utf-8",
                            usecols=usecols, usemask=True)
    data = numpy.atleast_1d(data)
    check(len(data) == len(points), "%s: numpy read %d rows for %d points" %
          (name, len(data), len(points)))
    for i, point in enumerate(points):
        at = "%s numpy row %d" % (name, i + 1)
        for field in ("median_us", "p10_us", "p90_us", "gbps", "total_us", "kernel_us"):
            check(float(data[field][i]) == float(point[field]),
                  "%s: %s %s, the JSON has %s" % (at, field, data[field][i], point[field]))
        check(int(data["runs"][i]) == point["runs"], "%s: runs" % at)
        check(str(data["timing_method"][i]) == point["timing_method"], "%s: timing_method" % at)
        check(bool(data["cold"][i]) == point["cold"], "%s: cold" % at)
        value = point["value"]
        if "index" in point:
            check(not numpy.ma.is_masked(data["index"][i]) and
                  int(data["index"][i]) == point["index"], "%s: index" % at)
        else:
            check(numpy.ma.is_masked(data["index"][i]), "%s: an index where there is none" % at)
        check(float(data["value"][i]) == float(value), "%s: value" % at)
        for field in ("percent_of_copy_ceiling", "percent_of_read_ceiling"):
            check(numpy.ma.is_masked(data[field][i]) != ceiling,
                  "%s: %s %s" % (at, field, data[field][i]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    cli = parser.parse_args().cli
    with tempfile.TemporaryDirectory(prefix="reducelab-results-csv-") as tmp:
        timings = ["--ops", "argmax,sum", "--timing", "kernel,sustained,latency"]
        cases = [("no ceiling", timings + ["--no-ceiling"], False),
                 ("with a ceiling", ["--ops", "argmax", "--ceiling-bytes", "1M"], True)]
        for name, args, ceiling in cases:
            json_path = os.path.join(tmp, "r.json")
            csv_path = os.path.join(tmp, "r.csv")
            bench(cli, args + ["--out", json_path, "--csv", csv_path], tmp)
            with open(json_path, encoding="utf-8") as f:
                json_text = f.read()
            with open(csv_path, encoding="utf-8", newline="") as f:
                csv_text = f.read()
            check(csv_text.endswith("\r\n"), "%s: lines end with CRLF (RFC 4180)" % name)
            header, points = compare(name, json_text, csv_text, ceiling)
            if header:
                load_with_numpy(name, csv_path, header, points, ceiling)
            if not ceiling:
                check(len({p["timing_method"] for p in points}) == 3,
                      "%s: three timing methods" % name)
        # "-": the file on standard output, the table on stderr.
        stdout_json = bench(cli, ["--ops", "argmax", "--no-ceiling", "--out", "-"], tmp, True)
        check(not os.path.exists(os.path.join(tmp, "-")), "--out - made a file named '-'")
        try:
            check(len(json.loads(stdout_json)["points"]) == 1, "--out -: one point")
        except json.JSONDecodeError as e:
            FAILURES.append("--out -: standard output is not the JSON (%s): %r" %
                            (e, stdout_json[:200]))
        stdout_csv = bench(cli, ["--ops", "argmax", "--no-ceiling", "--csv", "-",
                                 "--out", os.path.join(tmp, "s.json")], tmp, True)
        with open(os.path.join(tmp, "s.json"), encoding="utf-8") as f:
            compare("--csv -", f.read(), stdout_csv, False)
    for failure in FAILURES:
        print("FAIL:", failure)
    print("%d failures" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
