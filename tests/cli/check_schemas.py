#!/usr/bin/env python3
"""The JSON files reducelab-cli really writes, validated against docs/schema/*.schema.json.

Usage: check_schemas.py REDUCELAB_CLI SCRATCH_DIR

Runs small commands on the default OpenCL device (run --json: best, argmax, several timing
methods, NaN and infinities from a .npy input; bench --out with a ceiling and --host-baseline;
trace --json (one with a NaN cell), trace --compare --json and trace --export F.reducelab; tune --out with --points;
run --devices all --split --json: a float32 sum and an argmin; determinism --json: a report, one
with a NaN input and a study of two variants)
and validates every file against its schema. Then checks that the schemas can fail: for every
file, a copy with a required field removed and a copy with a field of the wrong type must be
rejected. One line per file checked; exit 1 on any failure, with the validator's message; exit
77 (skipped) when the jsonschema module is missing (apt install python3-jsonschema).
"""
import copy
import json
import os
import shutil
import struct
import subprocess
import sys

try:
    import jsonschema
except ImportError as e:
    print("skipped: the jsonschema module is not importable by %s (%s); "
          "apt install python3-jsonschema" % (sys.executable, e))
    sys.exit(77)

SCHEMA_DIR = os.path.normpath(
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "schema"))
KINDS = ("results", "trace", "tuning", "session", "split", "determinism")
FAILURES = []


def fail(message):
    FAILURES.append(message)
    print("FAIL " + message)


def load_schemas():
    schemas = {}
    for kind in KINDS:
        path = os.path.join(SCHEMA_DIR, kind + ".schema.json")
        with open(path, encoding="utf-8") as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        for key in ("$id", "title", "description"):
            if not schema.get(key):
                fail("%s: no %s" % (path, key))
        schemas[kind] = schema
    return schemas


def make_validators(schemas):
    """Draft 2020-12 validators that resolve the schemas' references to one another offline
    (session.schema.json refers to the trace and results schemas by their $id)."""
    validators = {}
    try:  # jsonschema >= 4.18 (Debian 13): the referencing library
        from referencing import Registry, Resource
        registry = Registry().with_resources(
            (s["$id"], Resource.from_contents(s)) for s in schemas.values())
        for kind, schema in schemas.items():
            validators[kind] = jsonschema.Draft202012Validator(schema, registry=registry)
    except ImportError:  # jsonschema 4.10 (Debian 12): RefResolver with a store
        store = {s["$id"]: s for s in schemas.values()}
        for kind, schema in schemas.items():
            resolver = jsonschema.RefResolver.from_schema(schema, store=store)
            validators[kind] = jsonschema.Draft202012Validator(schema, resolver=resolver)
    return validators


def first_error(validator, document):
    error = jsonschema.exceptions.best_match(validator.iter_errors(document))
    if error is None:
        return None
    where = "/" + "/".join(str(p) for p in error.absolute_path)
    message = error.message
    if len(message) > 300:  # "{...the whole object...} is not valid under any of ..."
        message = message[:140] + " ... " + message[-140:]
    return "at %s: %s" % (where, message)


def check_shared_definitions(schemas):
    """results and trace each carry the device and value definitions (so that each validates on
    its own, e.g. with python3 -m jsonschema): they must not drift apart."""
    shared = ("uint", "op", "element_type", "accumulator_mode", "fill", "point_value",
              "non_finite_text", "device")
    for name in shared:
        a = schemas["results"]["$defs"].get(name)
        b = schemas["trace"]["$defs"].get(name)
        if a is None or b is None:
            fail("shared definition %s missing from results or trace schema" % name)
            continue
        a = {k: v for k, v in a.items() if k != "description"}
        b = {k: v for k, v in b.items() if k != "description"}
        if a != b:
            fail("$defs/%s differs between results.schema.json and trace.schema.json" % name)
    print("ok   shared $defs of results and trace schemas agree (%s)" % ", ".join(shared))


def run(cli, args, scratch, allowed=(0,)):
    done = subprocess.run([cli] + args, capture_output=True, text=True, cwd=scratch, check=False)
    if done.returncode not in allowed:
        sys.exit("FAIL reducelab-cli %s: exit %d\n%s" % (" ".join(args), done.returncode,
                                                         done.stderr))
    return done.stdout


def save_stdout(cli, args, scratch, name):
    path = os.path.join(scratch, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(run(cli, args, scratch))
    return path


def write_npy_float32(path, values):
    """A version 1.0 .npy of little-endian float32 (no numpy needed)."""
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d,), }" % len(values)
    header += " " * (63 - (10 + len(header)) % 64) + "\n"  # 10 + len is a multiple of 64
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1"))
        f.write(struct.pack("<%df" % len(values), *values))


def write_files(cli, scratch):
    """Runs the commands; returns [(kind, path, check of what the file must show)]."""
    small = ["--n", "2^12", "--repeat", "2"]
    files = []

    path = save_stdout(cli, ["run", "--variant", "best"] + small + ["--json"], scratch,
                       "run-best.json")
    files.append(("results", path, lambda d: isinstance(d, dict) and "device" in d))

    path = save_stdout(cli, ["run", "--op", "argmax", "--type", "int32", "--fill", "randint"] +
                       small + ["--json"], scratch, "run-argmax.json")
    files.append(("results", path, lambda d: isinstance(d["value"], int) and
                  isinstance(d["reference"], int) and isinstance(d["index"], int) and
                  isinstance(d["reference_index"], int)))

    path = save_stdout(cli, ["run", "--variant", "contiguous", "--timing", "kernel,sustained",
                             "--batch", "2"] + small + ["--json"], scratch, "run-timings.json")
    files.append(("results", path, lambda d: isinstance(d, list) and len(d) == 2))

    # NaN and infinities: no fill makes them, so from a .npy input.
    nan_npy = os.path.join(scratch, "nan.npy")
    write_npy_float32(nan_npy, [1.0, float("nan")] + [0.5] * 254)
    inf_npy = os.path.join(scratch, "inf.npy")
    write_npy_float32(inf_npy, [1.0, float("inf"), float("-inf")] + [2.0] * 253)
    for name, op, npy, expected in (("run-nan.json", "sum", nan_npy, "nan"),
                                    ("run-inf.json", "max", inf_npy, "inf"),
                                    ("run-minus-inf.json", "min", inf_npy, "-inf")):
        path = save_stdout(cli, ["run", "--variant", "contiguous", "--type", "float32", "--op",
                                 op, "--input", npy, "--json"], scratch, name)
        files.append(("results", path, lambda d, e=expected: d["value"] is None and
                      d["value_text"] == e and d["reference"] is None and
                      d["reference_text"] == e and d["verified"]))

    bench = os.path.join(scratch, "bench.json")
    host = os.path.join(scratch, "bench-host.json")
    run(cli, ["bench", "--suite", "sizes", "--variants", "contiguous,best", "--types",
              "float32", "--ops", "sum,argmin", "--sizes", "2^12", "--repeat", "2", "--warmup",
              "1", "--ceiling-bytes", "1M", "--ceiling-runs", "2", "--out", bench,
              "--host-baseline", host], scratch)
    files.append(("results", bench, lambda d: "ceiling" in d and "runs" in d["ceiling"] and
                  any("index" in p for p in d["points"]) and
                  all("device" not in p for p in d["points"])))
    files.append(("results", host, lambda d: len(d["points"]) > 0))
    bare = os.path.join(scratch, "bench-no-ceiling.json")
    run(cli, ["bench", "--suite", "sizes", "--variants", "contiguous", "--types", "int64",
              "--sizes", "2^12", "--repeat", "2", "--warmup", "0", "--no-ceiling", "--out", bare],
        scratch)
    files.append(("results", bare, lambda d: "ceiling" not in d))

    trace = ["trace", "--variant", "interleaved", "--local-size", "16", "--n", "32"]
    path = save_stdout(cli, trace + ["--json"], scratch, "trace.json")
    files.append(("trace", path, lambda d: isinstance(d, dict) and len(d["groups"][0]["rounds"]) and
                  d["schema"] == "reducelab-trace/3" and "elapsed_ms" not in d and
                  "bank_width_bytes" in d["analysis"] and
                  isinstance(d["groups"][0]["partial"], int) and
                  "partial_index" not in d["groups"][0]))
    path = save_stdout(cli, trace + ["--op", "argmin", "--type", "float32", "--compare",
                                     "contiguous", "--json"], scratch, "trace-compare.json")
    files.append(("trace", path, lambda d: isinstance(d, list) and len(d) == 2 and
                  isinstance(d[0]["groups"][0]["partial"], float) and
                  isinstance(d[0]["groups"][0]["partial_index"], int) and
                  len(d[0]["groups"][0]["initial_index"]) == 16))
    path = save_stdout(cli, ["trace", "--variant", "interleaved", "--local-size", "16", "--type",
                             "float32", "--input", nan_npy, "--json"], scratch, "trace-nan.json")
    files.append(("trace", path, lambda d: d["groups"][0]["initial"][1] is None and
                  d["groups"][0]["initial_text"][1] == "nan" and
                  d["groups"][0]["initial_text"][0] is None))
    session = os.path.join(scratch, "trace.reducelab")
    run(cli, trace + ["--all-groups", "--export", session], scratch)
    files.append(("session", session, lambda d: d["version"] == 1 and len(d["traces"]) == 1))

    split = ["run", "--devices", "all", "--split", "even", "--n", "2^12", "--repeat", "2", "--json"]
    path = save_stdout(cli, split + ["--type", "float32"], scratch, "split-sum.json")
    files.append(("split", path, lambda d: d["schema"] == "reducelab-split/2" and
                  isinstance(d["value"], float) and "index" not in d and
                  all("partial_index" not in s for s in d["devices"])))
    path = save_stdout(cli, split + ["--op", "argmin", "--type", "int32", "--fill", "randint"],
                       scratch, "split-argmin.json")
    files.append(("split", path, lambda d: isinstance(d["value"], int) and
                  isinstance(d["index"], int) and d["index"] == d["reference_index"] and
                  all(isinstance(s["partial_index"], int) for s in d["devices"])))

    determinism = ["determinism", "--variant", "kahan", "--type", "float32", "--runs", "2",
                   "--local-sizes", "64", "--work-groups", "3", "--json"]
    path = save_stdout(cli, determinism + ["--n", "1024"], scratch, "determinism.json")
    files.append(("determinism", path, lambda d: d["schema"] == "reducelab-determinism/2" and
                  isinstance(d["reference"], float) and d["exact_sum_known"] and
                  isinstance(d["condition_number"], float) and
                  all("text" not in r for r in d["results"])))
    path = save_stdout(cli, determinism + ["--input", nan_npy], scratch, "determinism-nan.json")
    files.append(("determinism", path, lambda d: d["reference"] is None and
                  d["reference_text"] == "nan" and d["results"][0]["value"] is None and
                  d["results"][0]["value_text"] == "nan"))
    path = save_stdout(cli, ["determinism", "--variants", "kahan,contiguous", "--type", "float32",
                             "--n", "1024", "--runs", "2", "--local-sizes", "64", "--work-groups",
                             "3", "--timed-repeats", "2", "--json"], scratch,
                       "determinism-study.json")
    files.append(("determinism", path, lambda d: d["study"] == "determinism" and
                  len(d["variants"]) == 2))

    tuning = os.path.join(scratch, "tuning.json")
    points = os.path.join(scratch, "tune-points.json")
    run(cli, ["tune", "--types", "float32", "--ops", "sum", "--sizes", "2^12", "--local-sizes",
              "64", "--groups-per-cu", "1", "--vector-widths", "4", "--unrolls", "1,2",
              "--layouts", "strided", "--repeat", "2", "--out", tuning, "--points", points],
        scratch)
    files.append(("tuning", tuning, lambda d: len(d["entries"]) == 1))
    files.append(("results", points, lambda d: d["suite"] == "autotune" and
                  len(d["points"]) == 2))
    return files


# For each file: required fields to remove and fields to give the wrong type, as paths into the
# document; each makes one broken copy, which the schema must reject.
def field_paths(kind, document):
    first = document[0] if isinstance(document, list) else document
    lead = [0] if isinstance(document, list) else []
    if kind == "results" and "points" in first:
        point = ["points", 0]
        removals = [["schema"], point + ["gbps"], point + ["launched", "kernel"]]
        wrong = [point + ["verified"], point + ["n"], ["created_utc"]]
    elif kind == "results":
        removals = [lead + ["launched"], lead + ["device", "global_mem_bytes"],
                    lead + ["request", "op"]]
        wrong = [lead + ["total_us"], lead + ["value"], lead + ["request", "n"]]
    elif kind == "trace":
        round0 = lead + ["groups", 0, "rounds", 0]
        group0 = lead + ["groups", 0]
        removals = [lead + ["elapsed_us"], lead + ["schema"], round0 + ["stride"],
                    group0 + ["partial_text"], lead + ["analysis", "bank_width_bytes"]]
        wrong = [round0 + ["active"], lead + ["local_size"], group0 + ["partial"]]
        if "partial_index" in first["groups"][0]:
            removals += [group0 + ["partial_index"], round0 + ["values_index"]]
    elif kind == "split":
        share = ["devices", 0]
        removals = [["schema"], ["combine_us"], share + ["run_us"], share + ["stages", 0, "time_us"],
                    ["resident", "time_us"]]
        wrong = [["value"], share + ["upload_us"], ["end_to_end", "gbps"]]
    elif kind == "determinism" and "study" in first:
        report = ["variants", 0, "report"]
        removals = [["schema"], report + ["reference_text"], report + ["results", 0, "bits"]]
        wrong = [report + ["reference"], ["variants", 0, "variant"]]
    elif kind == "determinism":
        removals = [["schema"], ["reference_text"], ["results", 0, "value_text"],
                    ["devices", 0, "shapes", 0, "results"]]
        wrong = [["reference"], ["results", 0, "value"], ["runs"]]
    elif kind == "session":
        removals = [["format"], ["traces", 0, "device", "name"]]
        wrong = [["version"], ["traces", 0, "groups", 0, "partial"]]
    else:  # tuning
        removals = [["schema"], ["entries", 0, "source", "timing"]]
        wrong = [["entries", 0, "local_size"], ["entries", 0, "layout"]]
    return removals, wrong


def wrong_type(value):
    """A value of another JSON type than `value`'s (a string for a number, and so on)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):  # not a number either: a value may be a number or "nan"
        return True
    if isinstance(value, list):
        return {"not": "an array"}
    if isinstance(value, dict):
        return "an object was here"
    return 0


def walk(document, path):
    node = document
    for step in path[:-1]:
        node = node[step]
    return node, path[-1]


def broken_copies(kind, document):
    removals, wrong = field_paths(kind, document)
    for path in removals:
        broken = copy.deepcopy(document)
        parent, key = walk(broken, path)
        del parent[key]
        yield "without " + "/".join(map(str, path)), broken
    for path in wrong:
        broken = copy.deepcopy(document)
        parent, key = walk(broken, path)
        parent[key] = wrong_type(parent[key])
        yield "with %s as %s" % ("/".join(map(str, path)), type(parent[key]).__name__), broken


def check_version_2_session(validators, scratch):
    """The GUI's workspace (version 2) cannot be written from the command line: one is composed
    from the CLI's own session and results file, as session_file.cpp lays it out, so that the
    session schema's references into results.schema.json are exercised too."""
    with open(os.path.join(scratch, "trace.reducelab"), encoding="utf-8") as f:
        session = json.load(f)
    with open(os.path.join(scratch, "bench.json"), encoding="utf-8") as f:
        results = json.load(f)
    session["version"] = 2
    session["results"] = results
    session["result_sources"] = ["sweep"] * len(results["points"])
    session["settings"] = {"controls/variantA": "contiguous"}
    name = "composed version 2 session"
    message = first_error(validators["session"], session)
    if message:
        fail("%s: session.schema.json rejects it %s" % (name, message))
        return
    print("ok   %s valid against session.schema.json" % name)
    broken = []
    without_sources = copy.deepcopy(session)
    del without_sources["result_sources"]
    broken.append(("without result_sources", without_sources))
    without_gbps = copy.deepcopy(session)
    del without_gbps["results"]["points"][0]["gbps"]
    broken.append(("without results/points/0/gbps", without_gbps))
    bad_setting = copy.deepcopy(session)
    bad_setting["settings"]["controls/variantA"] = 3
    broken.append(("with settings/controls/variantA as int", bad_setting))
    for what, document in broken:
        message = first_error(validators["session"], document)
        if message is None:
            fail("%s %s: accepted by session.schema.json, must be rejected" % (name, what))
        else:
            print("ok   %s %s: rejected %s" % (name, what, message))


def check_version_3_session(cli, validators, scratch):
    """The teaching windows (version 3) are not written from the command line either: one is
    composed from what the CLI writes for each (bench's results for the lesson, determinism
    --json for a study's report, run --devices --json for the split), as session_windows.cpp
    lays them out."""
    with open(os.path.join(scratch, "trace.reducelab"), encoding="utf-8") as f:
        session = json.load(f)
    with open(os.path.join(scratch, "bench.json"), encoding="utf-8") as f:
        results = json.load(f)
    report = json.loads(run(cli, ["determinism", "--variant", "kahan", "--type", "float32",
                                  "--n", "1024", "--runs", "2", "--local-sizes", "64",
                                  "--json"], scratch))
    split = json.loads(run(cli, ["run", "--devices", "all", "--split", "even", "--type",
                                 "float32", "--n", "2^12", "--repeat", "2", "--json"], scratch))
    for key in ("tool", "created_utc"):
        report.pop(key, None)
    session["version"] = 3
    session["tabs"] = {"performance": "ladder", "determinism": "frontier"}
    session["lesson"] = {"step": 3, "steps": list(range(len(results["points"]))),
                         "results": results}
    session["determinism"] = {
        "type": "float32", "input": "cancel", "device": "pocl", "shown": "kahan",
        "variants": [{"variant": "kahan", "report": report,
                      "frontier": {"gbps": 1.5, "relative_error": 0.0, "exact": True,
                                   "result_bits": "0x3f800000", "result_text": "1"}},
                     {"variant": "atomic", "error": "no float atomics"}]}
    session["split"] = split
    name = "composed version 3 session"
    message = first_error(validators["session"], session)
    if message:
        fail("%s: session.schema.json rejects it %s" % (name, message))
        return
    print("ok   %s valid against session.schema.json" % name)
    broken = []
    def breaking(what, change):
        document = copy.deepcopy(session)
        change(document)
        broken.append((what, document))
    breaking("as version 2", lambda d: d.update(version=2))
    breaking("without lesson/step", lambda d: d["lesson"].pop("step"))
    breaking("without lesson/steps", lambda d: d["lesson"].pop("steps"))
    breaking("with tabs/performance as int", lambda d: d["tabs"].update(performance=2))
    breaking("with a variant holding neither report nor error",
             lambda d: d["determinism"]["variants"][1].pop("error"))
    breaking("without determinism/variants/0/report/class",
             lambda d: d["determinism"]["variants"][0]["report"].pop("class"))
    breaking("without split/devices/0/run_us", lambda d: d["split"]["devices"][0].pop("run_us"))
    breaking("with split/devices/0/stages/0 without time_us",
             lambda d: d["split"]["devices"][0]["stages"][0].pop("time_us"))
    breaking("with split/resident in ms (version 1)",
             lambda d: d["split"]["resident"].update(ms=d["split"]["resident"].pop("time_us")))
    for what, document in broken:
        message = first_error(validators["session"], document)
        if message is None:
            fail("%s %s: accepted by session.schema.json, must be rejected" % (name, what))
        else:
            print("ok   %s %s: rejected %s" % (name, what, message))


def check_version_4_session(validators, scratch):
    """The exercises window (version 4): a version 3 session with the exercises section, as
    session_exercises.cpp lays it out, and broken copies the schema must reject."""
    with open(os.path.join(scratch, "trace.reducelab"), encoding="utf-8") as f:
        session = json.load(f)
    session["version"] = 4
    session["tabs"] = {"performance": "ladder"}
    session["exercises"] = {
        "current": "bank-conflicts",
        "progress": {"divergence": {"status": "passed", "hints": 2,
                                    "kernel": "kernel void k() {}\n"},
                     "bank-conflicts": {"status": "failing", "hints": 0}}}
    name = "composed version 4 session"
    message = first_error(validators["session"], session)
    if message:
        fail("%s: session.schema.json rejects it %s" % (name, message))
        return
    print("ok   %s valid against session.schema.json" % name)
    broken = []
    def breaking(what, change):
        document = copy.deepcopy(session)
        change(document)
        broken.append((what, document))
    breaking("as version 3", lambda d: d.update(version=3))
    breaking("as version 4 without exercises", lambda d: d.pop("exercises"))
    breaking("without exercises/progress", lambda d: d["exercises"].pop("progress"))
    breaking("with a status done",
             lambda d: d["exercises"]["progress"]["divergence"].update(status="done"))
    breaking("without hints", lambda d: d["exercises"]["progress"]["divergence"].pop("hints"))
    breaking("with an id in capitals",
             lambda d: d["exercises"]["progress"].update(Bad={"status": "passed", "hints": 0}))
    for what, document in broken:
        message = first_error(validators["session"], document)
        if message is None:
            fail("%s %s: accepted by session.schema.json, must be rejected" % (name, what))
        else:
            print("ok   %s %s: rejected %s" % (name, what, message))


def jsonschema_version():
    try:
        from importlib.metadata import version
        return version("jsonschema")
    except Exception:  # pylint: disable=broad-except
        return "?"


def reject_constant(text):
    raise ValueError("not JSON: %s" % text)  # NaN, Infinity: no JSON writer may write them


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: check_schemas.py REDUCELAB_CLI SCRATCH_DIR")
    cli = os.path.abspath(sys.argv[1])
    scratch = os.path.abspath(sys.argv[2])
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    broken_dir = os.path.join(scratch, "broken")
    os.makedirs(broken_dir)
    print("jsonschema %s (%s), schemas in %s" % (jsonschema_version(), sys.executable,
                                                  SCHEMA_DIR))

    schemas = load_schemas()
    validators = make_validators(schemas)
    check_shared_definitions(schemas)

    for kind, path, shows in write_files(cli, scratch):
        name = os.path.relpath(path, scratch)
        with open(path, encoding="utf-8") as f:
            document = json.load(f, parse_constant=reject_constant)
        message = first_error(validators[kind], document)
        if message:
            fail("%s: %s.schema.json rejects it %s" % (name, kind, message))
            continue
        try:
            shown = shows(document)
        except (KeyError, IndexError, TypeError) as e:
            shown, message = False, repr(e)
        if not shown:
            fail("%s: valid, but not the case it was written for (%s)" % (name, message or
                                                                       "check failed"))
            continue
        print("ok   %-24s valid against %s.schema.json" % (name, kind))
        for what, broken in broken_copies(kind, document):
            copy_name = "%s %s" % (name, what)
            copy_path = os.path.join(broken_dir, "%s.%d.json" % (
                os.path.basename(path), len(os.listdir(broken_dir))))
            with open(copy_path, "w", encoding="utf-8") as f:
                json.dump(broken, f, indent=1)
            with open(copy_path, encoding="utf-8") as f:
                message = first_error(validators[kind], json.load(f))
            if message is None:
                fail("%s: accepted by %s.schema.json, must be rejected" % (copy_name, kind))
            else:
                print("ok   %s: rejected %s" % (copy_name, message))

    check_version_2_session(validators, scratch)
    check_version_3_session(cli, validators, scratch)
    check_version_4_session(validators, scratch)

    if FAILURES:
        print("%d failure(s)" % len(FAILURES))
        return 1
    print("all files valid, every broken copy rejected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
