#!/usr/bin/env python3
"""Differential test of ReduceLab's .npy reader against numpy.load.

Writes the corpus (make_npy_corpus.py) into --corpus, then for each file asks numpy
(numpy.load(path, allow_pickle=False)) and ReduceLab (the npy_dump tool, which calls
reducelab::read_npy_contents) for a verdict. Both must accept or both refuse; when both accept,
the dtype, the shape and the element bytes must be equal. The cases in DELIBERATE_DIFFERENCES are
ones numpy accepts and ReduceLab refuses on purpose: each must still be refused (by ReduceLab,
with a message holding the given words) and still be accepted by numpy, so the list stays true.
Exit codes: 0 all agree, 1 a disagreement, 77 numpy is not installed (CTest SKIP_RETURN_CODE).
"""
import argparse
import os
import subprocess
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_npy_corpus  # noqa: E402

MIN_CASES = 40

# case -> (why ReduceLab refuses what numpy reads, words its message must hold)
DELIBERATE_DIFFERENCES = {
    "trailing_bytes": ("bytes after the array mean a corrupt or concatenated file; numpy ignores "
                       "them", "trailing bytes"),
    "fortran_2d": ("a transposed layout; ReduceLab reduces the elements in file order and asks "
                   "for a C-ordered copy", "Fortran-ordered"),
    "shape_negative": ("numpy reads a (-1,) shape as 'the whole file'; a negative dimension is an "
                       "error", "negative dimension"),
    "shape_hex": ("only decimal dimensions (numpy.save writes nothing else)", "decimal"),
    "dtype_f2": ("only the six element types ReduceLab reduces", "not supported"),
    "dtype_i2": ("only the six element types ReduceLab reduces", "not supported"),
    "dtype_u1": ("only the six element types ReduceLab reduces", "not supported"),
    "dtype_bool": ("only the six element types ReduceLab reduces", "not supported"),
    "dtype_c8": ("only the six element types ReduceLab reduces", "not supported"),
    "dtype_unicode": ("only the six element types ReduceLab reduces", "not supported"),
    "dtype_structured": ("only the six element types ReduceLab reduces", "structured dtypes"),
    "dtype_name_float32": ("dtype names ('float32') are not descr strings numpy.save writes",
                           "not supported"),
}


def numpy_verdict(np, path):
    try:
        array = np.load(path, allow_pickle=False)
    except Exception as error:  # numpy raises ValueError, OverflowError, TypeError, EOFError ...
        return ("REFUSE", "%s: %s" % (type(error).__name__, str(error).splitlines()[0][:100]))
    if not isinstance(array, np.ndarray):
        return ("REFUSE", "not an array: %r" % type(array))
    little = array.astype(array.dtype.newbyteorder("<"), copy=False)
    shape = ",".join(str(d) for d in array.shape) or "()"
    return ("ACCEPT", array.dtype.name, shape, little.tobytes(order="C").hex())


def reducelab_verdict(dump, path):
    run = subprocess.run([dump, str(path)], capture_output=True, text=True, errors="replace",
                         timeout=30)
    if run.returncode != 0:
        return ("CRASH", "exit %d: %s" % (run.returncode, run.stderr.strip()[:200]))
    line = run.stdout.rstrip("\n")
    if line.startswith("REFUSE "):
        return ("REFUSE", line[len("REFUSE "):])
    parts = line.split(" ")
    if parts[0] == "ACCEPT" and len(parts) == 4:
        return ("ACCEPT", parts[1], parts[2], parts[3])
    return ("CRASH", "unexpected output %r" % line[:200])


MUTATIONS = 600
MUTATION_BYTES = b"(),:'\"{}[]#\n\t\\-_0123456789LTFN <>fiu"


def check_mutations(np, dump, cases, corpus):
    """Random edits (fixed seed) to the headers of the valid files: the verdicts must agree too,
    but for the deliberate differences (ReduceLab's message holds one of their words)."""
    import random
    rng = random.Random(12)
    seeds = [cases[name] for name in sorted(cases) if name.startswith(("valid_", "shape_2d",
                                                                          "shape_3d",
                                                                          "version_"))]
    deliberate_words = {words for _, words in DELIBERATE_DIFFERENCES.values()}
    path = corpus / "mutated.npy"
    failures = agreed = deliberate = 0
    for i in range(MUTATIONS):
        data = bytearray(rng.choice(seeds))
        for _ in range(rng.randint(1, 3)):
            pos = rng.randrange(10, min(len(data), 90))
            edit = rng.random()
            if edit < 0.4:
                data[pos] = rng.choice(MUTATION_BYTES)
            elif edit < 0.7:
                data.insert(pos, rng.choice(MUTATION_BYTES))
            else:
                del data[pos]
        path.write_bytes(bytes(data))
        ours = reducelab_verdict(dump, path)
        theirs = numpy_verdict(np, path)
        if ours[0] == theirs[0] and (ours[0] != "ACCEPT" or ours[1:] == theirs[1:]):
            agreed += 1
        elif (ours[0] == "REFUSE" and theirs[0] == "ACCEPT" and
              any(words in ours[1] for words in deliberate_words)):
            deliberate += 1
        else:
            failures += 1
            print("FAIL mutation %d (header %r): numpy %s, ReduceLab %s" % (
                i, bytes(data[10:100]), " ".join(theirs)[:120], " ".join(ours)[:160]))
    path.unlink()
    print("%d mutated headers: %d agree with numpy, %d deliberate differences, %d failures" % (
        MUTATIONS, agreed, deliberate, failures))
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dump", required=True, help="the npy_dump tool")
    parser.add_argument("--corpus", required=True, help="directory for the generated files")
    args = parser.parse_args()
    try:
        import numpy as np
    except ImportError:
        # This python3 lacks numpy (a pyenv or venv one); the system's may have it.
        system = "/usr/bin/python3"
        if os.path.exists(system) and os.path.realpath(sys.executable) != os.path.realpath(system):
            return subprocess.call([system, "-B", __file__] + sys.argv[1:])
        print("SKIP: numpy is not installed (apt install python3-numpy)")
        return 77

    corpus = Path(args.corpus)
    corpus.mkdir(parents=True, exist_ok=True)
    for old in corpus.glob("*.npy"):
        old.unlink()
    cases = make_npy_corpus.cases()
    for name, data in cases.items():
        (corpus / (name + ".npy")).write_bytes(data)
    unknown = set(DELIBERATE_DIFFERENCES) - set(cases)
    if unknown:
        print("FAIL: deliberate differences name no case: %s" % sorted(unknown))
        return 1

    failures = agreed = accepted = documented = 0
    for name in sorted(cases):
        path = corpus / (name + ".npy")
        ours = reducelab_verdict(args.dump, path)
        theirs = numpy_verdict(np, path)
        problem = None
        if ours[0] == "CRASH":
            problem = "npy_dump failed: %s" % ours[1]
        elif name in DELIBERATE_DIFFERENCES:
            why, words = DELIBERATE_DIFFERENCES[name]
            if theirs[0] != "ACCEPT":
                problem = "listed as a deliberate difference but numpy refuses it too (%s)" % theirs[1]
            elif ours[0] != "REFUSE" or words not in ours[1]:
                problem = "ReduceLab should refuse it with '%s' (%s), got %s" % (words, why, ours)
            else:
                documented += 1
                print("ok   %-32s deliberate: ReduceLab refuses (%s)" % (name, ours[1]))
                continue
        elif ours[0] != theirs[0]:
            problem = "numpy %s (%s), ReduceLab %s (%s)" % (
                theirs[0], " ".join(theirs[1:])[:120], ours[0], " ".join(ours[1:])[:120])
        elif ours[0] == "ACCEPT" and ours[1:] != theirs[1:]:
            problem = "both accept, but numpy reads %s %s %s... and ReduceLab %s %s %s..." % (
                theirs[1], theirs[2], theirs[3][:32], ours[1], ours[2], ours[3][:32])
        if problem:
            failures += 1
            print("FAIL %-32s %s" % (name, problem))
        else:
            agreed += 1
            accepted += ours[0] == "ACCEPT"
            print("ok   %-32s both %s%s" % (name, ours[0].lower(),
                                           "" if ours[0] == "ACCEPT" else ": " + ours[1][:90]))
    mutated_failures = check_mutations(np, args.dump, cases, corpus)
    failures += mutated_failures
    print("%d cases: %d agree with numpy (%d accepted by both, %d refused by both), %d deliberate "
          "differences, %d failures" % (len(cases), agreed, accepted, agreed - accepted,
                                        documented, failures))
    if len(cases) < MIN_CASES:
        print("FAIL: the corpus has %d cases, fewer than %d" % (len(cases), MIN_CASES))
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
